import { useDeferredValue, useId, useMemo, useState } from 'react';
import { birthLabel } from '../../../domain/labels.ts';
import { LIST_BOX_MAX_HEIGHT, SEARCH_RESULT_CAP } from '../../../domain/timing.ts';
import type { Profile } from '../../../domain/types.ts';
import { PersonOption, useActiveOption } from '../search/listbox.tsx';
import { useTree } from '../treeContext.ts';
import { useTreeGraph } from './useTreeGraph.ts';

export const SEARCH_TEXTS = {
  label: 'Search people',
  placeholder: 'Type a name or email',
  capped: `Showing the first ${SEARCH_RESULT_CAP} matches. Type more of a name to narrow the list.`,
  none: 'No one matches that search.',
  empty: 'There is no one else on this tree to link yet.',
} as const;

interface ProfileSearchProps {
  /** Which profiles may be offered (not the person themselves, not one already on the tree…). */
  accept(profile: Profile): boolean;
  onChoose(profile: Profile): void;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * 'Link existing' (§2): a search box over the graph's profiles driving a listbox of at most 50
 * results, at most 280 px high and scrolling inside. It asks the tree's people index (the one
 * Find someone uses): names folded the same way, partial words in any order, e-mail parts, birth
 * years. Combobox pattern: focus stays in the box, ↑/↓/Home/End move the active option, Enter
 * chooses it; a click chooses too.
 */
export function ProfileSearch({ accept, onChoose, label = SEARCH_TEXTS.label, disabled, autoFocus }: ProfileSearchProps) {
  const { search } = useTree();
  // Every update of the graph is a new graph: what may be offered (a profile claimed since, say)
  // is asked again then, even when no name changed.
  const graph = useTreeGraph();
  const { profiles } = graph;
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const offered = (pid: string) => {
    const p = profiles[pid];
    return !!p && accept(p);
  };
  const { ids, more } = useMemo(() => search.search(deferred, { accept: offered }), [search, deferred, graph, accept]);
  const results = ids.map((pid) => profiles[pid]!);
  const hasCandidates = useMemo(() => search.search('', { limit: 1, accept: offered }).ids.length > 0, [search, graph, accept]);
  const choose = (p: Profile) => {
    if (!disabled) onChoose(p);
  };
  const { active, setActive, listRef, onKeyDown } = useActiveOption(results, deferred, choose);
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className="profile-search">
      <label className="field-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="field-input"
        type="search"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        placeholder={SEARCH_TEXTS.placeholder}
        autoComplete="off"
        autoFocus={autoFocus}
        value={query}
        disabled={disabled}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        className="profile-listbox"
        style={{ maxHeight: LIST_BOX_MAX_HEIGHT }}
        aria-disabled={disabled || undefined}
      >
        {results.map((p, i) => {
          const birth = birthLabel(p);
          return (
            <PersonOption
              key={p.id}
              id={optionId(i)}
              index={i}
              profile={p}
              detail={[birth && `Born ${birth}`, p.email].filter(Boolean).join(' · ')}
              selected={i === active}
              onHover={setActive}
              onChoose={() => choose(p)}
            />
          );
        })}
      </ul>
      <p className="field-hint" role="status">
        {!hasCandidates ? SEARCH_TEXTS.empty : results.length === 0 ? (deferred === query ? SEARCH_TEXTS.none : '') : more ? SEARCH_TEXTS.capped : ''}
      </p>
    </div>
  );
}

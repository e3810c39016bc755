import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { birthLabel, cardName } from '../../../domain/labels.ts';
import { searchProfiles } from '../../../domain/search.ts';
import { LIST_BOX_MAX_HEIGHT, SEARCH_RESULT_CAP } from '../../../domain/timing.ts';
import type { Profile } from '../../../domain/types.ts';

export const SEARCH_TEXTS = {
  label: 'Search people',
  placeholder: 'Type a name or email',
  capped: `Showing the first ${SEARCH_RESULT_CAP} matches. Type more of a name to narrow the list.`,
  none: 'No one matches that search.',
  empty: 'There is no one else on this tree to link yet.',
} as const;

interface ProfileSearchProps {
  profiles: Record<string, Profile>;
  /** Profile ids never offered (the person themselves, people already on the tree…). */
  exclude?: readonly string[];
  onChoose(profile: Profile): void;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * 'Link existing' (§2): a search box over the graph's profiles driving a listbox of at most 50
 * results, at most 280 px high and scrolling inside. Combobox pattern: focus stays in the box,
 * ↑/↓/Home/End move the active option, Enter chooses it; a click chooses too.
 */
export function ProfileSearch({ profiles, exclude, onChoose, label = SEARCH_TEXTS.label, disabled, autoFocus }: ProfileSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchProfiles(profiles, deferred, { exclude }), [profiles, deferred, exclude]);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const hasCandidates = useMemo(() => {
    const ex = new Set(exclude);
    for (const pid in profiles) if (!ex.has(pid)) return true;
    return false;
  }, [profiles, exclude]);

  useEffect(() => setActive(0), [deferred]);
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const optionId = (i: number) => `${id}-opt-${i}`;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!results.length) return;
    const last = results.length - 1;
    const move = (i: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, i)));
    };
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home' && e.ctrlKey) move(0);
    else if (e.key === 'End' && e.ctrlKey) move(last);
    else if (e.key === 'PageDown') move(active + 5);
    else if (e.key === 'PageUp') move(active - 5);
    else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = results[Math.min(active, last)];
      if (chosen && !disabled) onChoose(chosen);
    }
  };

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
        aria-activedescendant={results.length ? optionId(Math.min(active, results.length - 1)) : undefined}
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
          const detail = [birth && `Born ${birth}`, p.email].filter(Boolean).join(' · ');
          return (
            <li
              key={p.id}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === active}
              className="profile-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => !disabled && onChoose(p)}
            >
              <Avatar src={p.photoURLSmall || p.photoURL} gender={p.gender} seed={p.id} size={32} />
              <span className="profile-option-text">
                <span className="profile-option-name">{cardName(p)}</span>
                {detail && <span className="profile-option-detail">{detail}</span>}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="field-hint" role="status">
        {!hasCandidates ? SEARCH_TEXTS.empty : results.length === 0 ? (deferred === query ? SEARCH_TEXTS.none : '') : results.length >= SEARCH_RESULT_CAP ? SEARCH_TEXTS.capped : ''}
      </p>
    </div>
  );
}

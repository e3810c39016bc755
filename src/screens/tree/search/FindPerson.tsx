import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { everyoneUi, relationToMe, wantEveryone } from '../kinship/everyone.ts';
import { CloseIcon, SearchIcon } from '../../../components/icons.tsx';
import { birthLabel, cardName } from '../../../domain/labels.ts';
import { factMatch, parseFactQuery } from '../../../domain/search/index.ts';
import { LIST_BOX_MAX_HEIGHT } from '../../../domain/timing.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import { SCREEN_COMMANDS, screenCommandForKey } from '../actions/commands.ts';
import { SEARCH_TEXTS } from '../dialogs/ProfileSearch.tsx';
import { useTreeGraph } from '../dialogs/useTreeGraph.ts';
import { useTree } from '../treeContext.ts';
import { revealPerson, treeUi } from '../treeUi.ts';
import { PersonOption, useActiveOption } from './listbox.tsx';
import { shownCardOf } from './treeSearch.ts';
import './search.css';

export const FIND_TEXTS = {
  label: SCREEN_COMMANDS.find.label,
  placeholder: 'Find someone…',
  close: 'Close search',
  /** The app's own words for an empty result (Link existing says the same). */
  none: SEARCH_TEXTS.none,
  found: (n: number, more: boolean) => (more ? `More than ${n} people found` : n === 1 ? '1 person found' : `${n} people found`),
} as const;

const isMac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform);

/** "Born 1819 · Child of Edward and Victoria": enough to tell namesakes apart. */
export function personDetail(profile: Profile, graph: Graph): string {
  const birth = birthLabel(profile);
  const parents = profile.parents.map((id) => graph.profiles[id]).filter((p): p is Profile => !!p).map((p) => cardName(p));
  return [birth && `Born ${birth}`, parents.length ? `Child of ${parents.join(' and ')}` : ''].filter(Boolean).join(' · ');
}

/**
 * Find someone (issue 9): the search box on the tree. A combobox over the tree's people index
 * (`TreeSearch`): results while typing, best first, each with the birth year and the parents to
 * tell namesakes apart, and why they matched when it was not by their own name ("Born in
 * Kensington Palace, London, England", "Nickname “Bertie”"); ↑/↓ and Enter (or a click or tap) choose, and the canvas flies to the card,
 * selects it and opens the details. Ctrl+K (⌘K) or / opens it from anywhere on the tree; Escape
 * closes it. On a phone it folds into an icon button that opens it across the top.
 */
export function FindPerson() {
  const { search, session } = useTree();
  const graph = useTreeGraph();
  const { findRequest } = useSnapshot(treeUi);
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the focus was before the shortcut brought it here, to go back to on Escape. */
  const returnFocus = useRef<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(query.trim());

  // "born in Kensington": the index is asked for the place, and only births there are kept.
  const factQuery = useMemo(() => parseFactQuery(deferred), [deferred]);
  // A new graph with every update: the results are asked again (names, cards shown or hidden).
  const accept = useCallback(
    (profileId: string) => shownCardOf(graph, profileId) !== undefined && (!factQuery.types || factMatch(graph.profiles[profileId]!, graph, factQuery) !== null),
    [graph, factQuery],
  );
  const { ids, more } = useMemo(() => (factQuery.text ? search.search(factQuery.text, { accept }) : { ids: [], more: false }), [search, factQuery, accept]);
  const results = ids.map((pid) => graph.profiles[pid]!).filter(Boolean);
  // What each result is to the member (issue 24), once the worker has answered.
  useSnapshot(everyoneUi);
  useEffect(() => {
    if (open) wantEveryone();
  }, [open, graph]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setQuery('');
    const back = returnFocus.current;
    returnFocus.current = null;
    if (refocus) (back?.isConnected ? back : document.querySelector<HTMLElement>('.kin-engine'))?.focus({ preventScroll: true });
  }, []);

  const choose = (profile: Profile) => {
    const nodeId = shownCardOf(graph, profile.id);
    if (!nodeId) return;
    setOpen(false);
    returnFocus.current = null;
    inputRef.current?.blur();
    revealPerson(nodeId);
  };
  const { active, setActive, listRef, onKeyDown } = useActiveOption(results, deferred, choose);

  // The shortcut, anywhere on the tree screen (commands.ts decides which keys and where).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || screenCommandForKey(e) !== 'find') return;
      e.preventDefault();
      SCREEN_COMMANDS.find.run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Opened by the command: show the box, then (once it is shown) put the focus in it, its text selected.
  const [focusRequest, setFocusRequest] = useState(0);
  const handledRequest = useRef(findRequest);
  useEffect(() => {
    if (findRequest === handledRequest.current) return;
    handledRequest.current = findRequest;
    if (document.activeElement !== inputRef.current && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
    setOpen(true);
    setFocusRequest(findRequest);
  }, [findRequest]);
  useLayoutEffect(() => {
    if (!focusRequest) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    onKeyDown(e);
  };

  const listShown = open && !!deferred && results.length > 0;
  const status = !open || !deferred ? '' : results.length ? FIND_TEXTS.found(results.length, more) : deferred === query.trim() ? FIND_TEXTS.none : '';
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className="tree-find" role="search" data-open={open}>
      <button
        type="button"
        className="tree-find-toggle"
        aria-label={`${FIND_TEXTS.label} (${SCREEN_COMMANDS.find.shortcut(isMac)})`}
        title={`${FIND_TEXTS.label} (${SCREEN_COMMANDS.find.shortcut(isMac)})`}
        onClick={() => SCREEN_COMMANDS.find.run()}
      >
        <SearchIcon size={20} />
      </button>
      <div className="tree-find-box">
        <SearchIcon size={18} />
        <input
          ref={inputRef}
          className="tree-find-input"
          type="text"
          role="combobox"
          aria-label={FIND_TEXTS.label}
          aria-expanded={listShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
          placeholder={FIND_TEXTS.placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            // Leaving the search (not for its own list or buttons) folds the results away.
            if (!e.currentTarget.closest('.tree-find')?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          onKeyDown={onInputKey}
        />
        {query ? (
          <button type="button" className="tree-find-close" aria-label={FIND_TEXTS.close} title={FIND_TEXTS.close} onClick={() => close(true)}>
            <CloseIcon size={16} />
          </button>
        ) : (
          <kbd className="tree-find-key" aria-hidden="true">
            {SCREEN_COMMANDS.find.shortcut(isMac)}
          </kbd>
        )}
      </div>
      <ul ref={listRef} id={listId} role="listbox" aria-label={FIND_TEXTS.label} className="profile-listbox tree-find-list" style={{ maxHeight: LIST_BOX_MAX_HEIGHT }} hidden={!listShown}>
        {listShown &&
          results.map((p, i) => (
            <PersonOption
              key={p.id}
              id={optionId(i)}
              index={i}
              profile={p}
              detail={[factMatch(p, graph, factQuery), personDetail(p, graph)].filter(Boolean).join(' · ')}
              aside={(!session.privacy[p.id] && relationToMe(p.id)) || undefined}
              selected={i === active}
              onHover={setActive}
              onChoose={() => choose(p)}
            />
          ))}
      </ul>
      <p className="tree-find-status" role="status" aria-live="polite" hidden={!status}>
        {status}
      </p>
    </div>
  );
}

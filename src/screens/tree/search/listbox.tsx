import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { cardName } from '../../../domain/labels.ts';
import type { Profile } from '../../../domain/types.ts';

/**
 * What the two people searches share (Find someone on the tree, Link existing in the dialogs):
 * the combobox keys over a listbox of results, and how a person is shown in it.
 */

/** The options move by this many on Page Up / Page Down. */
const PAGE = 5;

/**
 * The active option of a combobox's listbox (focus stays in the box): ↑/↓, Page Up/Down and
 * Ctrl+Home/End move it, Enter chooses it. It goes back to the first when `resetOn` changes (a
 * new query), and the active option scrolls into view.
 */
export function useActiveOption<T>(options: readonly T[], resetOn: unknown, choose: (option: T) => void) {
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => setActive(0), [resetOn]);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const current = options.length ? Math.min(active, options.length - 1) : -1;
  /** Handles the key when it is one of the combobox's; true when it did. */
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): boolean => {
    if (!options.length) return false;
    const last = options.length - 1;
    const move = (i: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, i)));
      return true;
    };
    if (e.key === 'ArrowDown') return move(current + 1);
    if (e.key === 'ArrowUp') return move(current - 1);
    if (e.key === 'Home' && e.ctrlKey) return move(0);
    if (e.key === 'End' && e.ctrlKey) return move(last);
    if (e.key === 'PageDown') return move(current + PAGE);
    if (e.key === 'PageUp') return move(current - PAGE);
    if (e.key === 'Enter') {
      e.preventDefault();
      choose(options[current]!);
      return true;
    }
    return false;
  };
  return { active: current, setActive, listRef, onKeyDown };
}

interface PersonOptionProps {
  id: string;
  index: number;
  profile: Profile;
  /** The line under the name (birth, e-mail, parents…). */
  detail?: ReactNode;
  /** A short column at the right (what the person is to the member). */
  aside?: string;
  selected: boolean;
  onHover(index: number): void;
  onChoose(): void;
}

/** One person in a results listbox; a click chooses it without taking the focus from the box. */
export function PersonOption({ id, index, profile, detail, aside, selected, onHover, onChoose }: PersonOptionProps) {
  return (
    <li
      id={id}
      data-index={index}
      role="option"
      aria-selected={selected}
      className="profile-option"
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => onHover(index)}
      onClick={onChoose}
    >
      <Avatar src={profile.photoURLSmall || profile.photoURL} gender={profile.gender} seed={profile.id} size={32} />
      <span className="profile-option-text">
        <span className="profile-option-name">{cardName(profile)}</span>
        {detail && <span className="profile-option-detail">{detail}</span>}
      </span>
      {aside && <span className="profile-option-aside">{aside}</span>}
    </li>
  );
}

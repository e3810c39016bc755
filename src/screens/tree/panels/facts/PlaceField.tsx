import { useId, useMemo, useState } from 'react';
import { suggestPlaces, type PlaceSuggestion } from '../../../../domain/facts/placeOps.ts';
import type { Place } from '../../../../domain/facts/types.ts';
import { useActiveOption } from '../../search/listbox.tsx';

export const PLACE_FIELD_TEXTS = {
  label: 'Place',
  placeholder: 'Kensington Palace, London, England',
  hint: 'Smallest first, commas between levels. A place the tree lacks is added.',
} as const;

/**
 * The place of an event: a combobox over the tree's places (`suggestPlaces`) while typing; ↑/↓ and
 * Enter, or a click, choose one; any other text is a new place, made when the event is saved.
 * `onChange` gets the text and the chosen place's id (null when the text is typed, not chosen).
 */
export function PlaceField({ places, value, onChange }: { places: Readonly<Record<string, Place>>; value: string; onChange(text: string, placeId: string | null): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const suggestions = useMemo(() => (open ? suggestPlaces(places, value) : []), [places, value, open]);
  // A place typed out in full is no suggestion any more.
  const shown = suggestions.length === 1 && suggestions[0]!.fullName === value ? [] : suggestions;
  const choose = (s: PlaceSuggestion) => {
    onChange(s.fullName, s.id);
    setOpen(false);
  };
  const { active, setActive, listRef, onKeyDown } = useActiveOption(shown, value, choose);
  const listShown = open && shown.length > 0;
  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className="field place-field">
      <label className="field-label" htmlFor={id}>
        {PLACE_FIELD_TEXTS.label}
      </label>
      <div className="place-combo">
        <input
          id={id}
          className="field-input"
          type="text"
          role="combobox"
          aria-expanded={listShown}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          placeholder={PLACE_FIELD_TEXTS.placeholder}
          autoComplete="off"
          maxLength={300}
          value={value}
          onChange={(e) => {
            onChange(e.target.value, null);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (!listShown) return;
            // Escape closes the suggestions first; the dialog (see Modal) leaves an open combobox's Escape to it.
            if (e.key === 'Escape') setOpen(false);
            else onKeyDown(e);
          }}
        />
        <ul ref={listRef} id={`${id}-list`} role="listbox" aria-label={PLACE_FIELD_TEXTS.label} className="profile-listbox place-listbox" hidden={!listShown}>
          {listShown &&
            shown.map((s, i) => (
              <li
                key={s.id}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={i === active}
                className="profile-option"
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(s)}
              >
                {s.fullName}
              </li>
            ))}
        </ul>
      </div>
      <span id={`${id}-hint`} className="field-hint">
        {PLACE_FIELD_TEXTS.hint}
      </span>
    </div>
  );
}

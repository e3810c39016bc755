import { useId, useRef, useState } from 'react';
import { editableDate, formatDate, parseDate, toGedcomDate } from '../domain/dates/index.ts';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../domain/validation/profile.ts';
import './dateInput.css';

export interface DateInputProps {
  label: string;
  /** The date as GEDCOM text ('ABT 1850', '10 FEB 1840'); '' for none. */
  value: string;
  /**
   * Every change: the date as GEDCOM text, and whether it is one. Text that is not a date comes as
   * typed, with `valid` false; a stored text the app cannot read stays valid while it is unchanged.
   */
  onChange(text: string, valid: boolean): void;
  /** A message from the form (a year after this one); it replaces the preview. */
  error?: string;
  /** Show the message for unreadable text before the field is left (the form was submitted). */
  showErrors?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The field's test id, for tests that find it without its label. */
  testId?: string;
}

export const DATE_INPUT_TEXTS = {
  placeholder: 'e.g. 10 Feb 1840, abt 1850',
  hint: 'Day, month, year (10 Feb 1840, Feb 1840, 1840), or abt 1850, bet 1840 and 1845, before May 1900',
  readsAs: (words: string) => `Reads as: ${words}`,
  keptAsWritten: 'Kept as written: not a date the app can read.',
} as const;

const PROBLEMS = { unreadable: PROFILE_MESSAGES.dateUnreadable, 'not-on-calendar': PROFILE_MESSAGES.date, order: PROFILE_MESSAGES.dateOrder } as const;

/**
 * The tree's one date input (create and edit person, events): the GEDCOM date grammar or plain
 * English, day before month before year as on the profile page, with the date in words as it is
 * typed and a message for text it cannot read (once the field is left, or after a submit).
 */
export function DateInput({ label, value, onChange, error, showErrors, disabled, autoFocus, testId }: DateInputProps) {
  const id = useId();
  const [typed, setTyped] = useState(() => editableDate(value));
  const [left, setLeft] = useState(false);
  // The value this input last reported: any other value comes from outside and replaces the text.
  const reported = useRef(value);
  const stored = useRef(value.trim());
  if (value !== reported.current) {
    reported.current = value;
    stored.current = value.trim();
    setTyped(editableDate(value));
  }

  const text = typed.trim();
  const parsed = text ? parseDate(text) : null;
  const kept = !!text && text === stored.current && !parsed?.ok;
  const problem = parsed && !parsed.ok && !kept ? PROBLEMS[parsed.problem] : undefined;
  const message = error ?? (left || showErrors ? problem : undefined);
  const note = message
    ? undefined
    : parsed?.ok
      ? DATE_INPUT_TEXTS.readsAs(formatDate(parsed.value))
      : kept
        ? DATE_INPUT_TEXTS.keptAsWritten
        : text
          ? undefined
          : DATE_INPUT_TEXTS.hint;

  const change = (next: string) => {
    setTyped(next);
    const t = next.trim();
    const read = t ? parseDate(t) : null;
    const out = !read ? '' : read.ok ? toGedcomDate(read.value) : t;
    const valid = !read || read.ok || t === stored.current;
    reported.current = out;
    onChange(out, valid);
  };

  return (
    <div className="field date-input">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={DATE_INPUT_TEXTS.placeholder}
        maxLength={PROFILE_LIMITS.dateText}
        value={typed}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={!!message}
        aria-describedby={`${id}-note`}
        data-testid={testId}
        onChange={(e) => change(e.target.value)}
        onBlur={() => setLeft(true)}
      />
      {message ? (
        <span id={`${id}-note`} className="field-error" role="alert">
          {message}
        </span>
      ) : (
        <span id={`${id}-note`} className={parsed?.ok ? 'field-hint date-input-preview' : 'field-hint'} aria-live="polite">
          {note}
        </span>
      )}
    </div>
  );
}

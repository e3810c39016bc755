import { TextField } from '../../../../components/Field.tsx';

export const EVENT_DATE_TEXTS = {
  label: 'Date',
  placeholder: '10 FEB 1840',
  hint: 'As written: 10 FEB 1840, ABT 1850, BET 1750 AND 1752',
} as const;

/**
 * An event's date as GEDCOM date text. One component, so the dates module's DateInput can take
 * its place (issue "Facts a genealogist can trust"): it holds the text and says when it changes.
 */
export function EventDateField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={EVENT_DATE_TEXTS.label}
      placeholder={EVENT_DATE_TEXTS.placeholder}
      hint={EVENT_DATE_TEXTS.hint}
      autoComplete="off"
      spellCheck={false}
      maxLength={100}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId, type ReactNode } from 'react';
import './choice.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Extra content left of the label (an avatar). */
  leading?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  value: T | '';
  choices: readonly Choice<T>[];
  onChange(value: T): void;
  columns?: number;
  /** Show the group label (otherwise it is only for screen readers). */
  showLabel?: boolean;
}

/** A Radix radio group drawn as selectable tiles; arrow keys move between them. */
export function ChoiceGroup<T extends string>({ label, value, choices, onChange, columns, showLabel = true }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <div className="choice-group">
      <span id={`${id}-label`} className={showLabel ? 'field-label' : 'visually-hidden'}>
        {label}
      </span>
      <RadioGroup.Root
        className="choice-list"
        data-columns={columns}
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(v) => onChange(v as T)}
        style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
      >
        {choices.map((c) => (
          <RadioGroup.Item
            key={c.value}
            value={c.value}
            disabled={c.disabled}
            className="choice"
            aria-label={c.label}
            aria-describedby={c.hint ? `${id}-${c.value}-hint` : undefined}
          >
            <span className="choice-dot" aria-hidden="true">
              <RadioGroup.Indicator className="choice-dot-on" />
            </span>
            {c.leading}
            <span className="choice-text">
              <span className="choice-label">{c.label}</span>
              {c.hint && (
                <span className="choice-hint" id={`${id}-${c.value}-hint`}>
                  {c.hint}
                </span>
              )}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

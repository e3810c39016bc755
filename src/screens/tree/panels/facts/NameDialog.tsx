import { useState, type FormEvent } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/Field.tsx';
import { NAME_KIND_LABELS, NAME_MESSAGES, type NameFields } from '../../../../domain/facts/names.ts';
import { NAME_KINDS, type NameKind, type PersonName } from '../../../../domain/facts/types.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';

export const NAME_DIALOG_TEXTS = {
  addTitle: 'Add name',
  editTitle: 'Edit name',
  description: (name: string) => `Another name ${name} goes by: at birth, after marriage, a nickname, a title.`,
  kind: 'Kind',
  prefix: 'Prefix',
  prefixPlaceholder: 'Sir, Dr',
  given: 'Given names',
  surnamePrefix: 'Surname prefix',
  surnamePrefixPlaceholder: 'van, de',
  surname: 'Surname',
  suffix: 'Suffix',
  suffixPlaceholder: 'Jr, II',
  nickname: 'Nickname',
  save: 'Save',
  cancel: 'Cancel',
} as const;

const KIND_OPTIONS = NAME_KINDS.map((k) => ({ value: k, label: NAME_KIND_LABELS[k] }));

const EMPTY: NameFields = { kind: 'aka', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: '' };

/** Add name / Edit name: kind, prefix, given names, surname prefix, surname, suffix, nickname. */
export function NameDialog({ personName, name, onSave, onClose }: { personName: string; name: PersonName | null; onSave(fields: NameFields): void; onClose(): void }) {
  const [fields, setFields] = useState<NameFields>(() => (name ? { ...EMPTY, ...name } : EMPTY));
  const [error, setError] = useState('');
  const title = name ? NAME_DIALOG_TEXTS.editTitle : NAME_DIALOG_TEXTS.addTitle;
  const field = (key: Exclude<keyof NameFields, 'kind' | 'citations'>, placeholder?: string) => ({
    label: NAME_DIALOG_TEXTS[key],
    placeholder,
    maxLength: 100,
    autoComplete: 'off',
    value: fields[key],
    onChange: (e: { target: { value: string } }) => {
      setFields((f) => ({ ...f, [key]: e.target.value }));
      setError('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { kind: _, citations: __, ...parts } = fields;
    if (!Object.values(parts).some((v) => v.trim())) return setError(NAME_MESSAGES.empty);
    onSave(fields);
  };
  return (
    <DialogShell title={title} description={NAME_DIALOG_TEXTS.description(personName)} onClose={onClose} testId="name-dialog">
      <form className="form name-form" onSubmit={submit} noValidate aria-label={title}>
        <SelectField label={NAME_DIALOG_TEXTS.kind} options={KIND_OPTIONS} value={fields.kind} onChange={(e) => setFields((f) => ({ ...f, kind: e.target.value as NameKind }))} autoFocus />
        <div className="form-row">
          <TextField {...field('prefix', NAME_DIALOG_TEXTS.prefixPlaceholder)} />
          <TextField {...field('given')} />
        </div>
        <div className="form-row">
          <TextField {...field('surnamePrefix', NAME_DIALOG_TEXTS.surnamePrefixPlaceholder)} />
          <TextField {...field('surname')} />
        </div>
        <div className="form-row">
          <TextField {...field('suffix', NAME_DIALOG_TEXTS.suffixPlaceholder)} />
          <TextField {...field('nickname')} />
        </div>
        <FormAlert kind="error">{error}</FormAlert>
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {NAME_DIALOG_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {NAME_DIALOG_TEXTS.save}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}

import { useState, type FormEvent } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/Field.tsx';
import { NAME_KIND_LABELS, NAME_MESSAGES, type NameFields } from '../../../../domain/facts/names.ts';
import { NAME_KINDS, type NameKind, type PersonName, type Source } from '../../../../domain/facts/types.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { CitationsField, citedNewSources, type CitationsValue } from './CitationsField.tsx';

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

type NameParts = Omit<NameFields, 'citations' | 'newSources'>;
const EMPTY: NameParts = { kind: 'aka', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: '' };

/** Add name / Edit name: kind, prefix, given names, surname prefix, surname, suffix, nickname, and what supports the name. */
export function NameDialog({
  personName,
  name,
  sources = {},
  onSave,
  onClose,
}: {
  personName: string;
  name: PersonName | null;
  /** The tree's sources, to cite. */
  sources?: Readonly<Record<string, Source>>;
  onSave(fields: NameFields): void;
  onClose(): void;
}) {
  const [fields, setFields] = useState<NameParts>(() => {
    if (!name) return EMPTY;
    const { id: _, citations: __, ...parts } = name;
    return { ...EMPTY, ...parts };
  });
  const [evidence, setEvidence] = useState<CitationsValue>({ citations: name?.citations ?? [], newSources: [] });
  const [error, setError] = useState('');
  const title = name ? NAME_DIALOG_TEXTS.editTitle : NAME_DIALOG_TEXTS.addTitle;
  const field = (key: Exclude<keyof NameParts, 'kind'>, placeholder?: string) => ({
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
    const { kind: _, ...parts } = fields;
    if (!Object.values(parts).some((v) => v.trim())) return setError(NAME_MESSAGES.empty);
    onSave({
      ...fields,
      ...(evidence.citations.length ? { citations: evidence.citations } : {}),
      // Only the new sources still cited (one added then its citation removed is not made).
      newSources: citedNewSources(evidence),
    });
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
        <CitationsField sources={sources} value={evidence} onChange={setEvidence} />
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

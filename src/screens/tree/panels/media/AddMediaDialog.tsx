import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../../../components/DateInput.tsx';
import { FormAlert, TextAreaField, TextField } from '../../../../components/Field.tsx';
import { MEDIA_LIMITS } from '../../../../domain/media/limits.ts';
import type { MediaFields } from '../../../../domain/media/mediaOps.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { MEDIA_TEXTS } from './mediaTexts.ts';

export interface MediaSubmit {
  file: File;
  fields: MediaFields;
  useOnCard: boolean;
}

/** Who may be ticked as in the photo: the person first, then their close family. */
export interface PersonChoice {
  id: string;
  name: string;
}

export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/svg+xml,application/pdf,.jpg,.jpeg,.png,.webp,.gif,.svg,.pdf';

/**
 * Add a photo or document: the file, a title, a date, a description, who is in it, and whether it
 * becomes the card's photo. `onSubmit` uploads and saves; when it fails the dialog stays open with
 * its message and everything typed (nothing is lost).
 */
export function AddMediaDialog({
  choices,
  mayUseOnCard,
  onSubmit,
  onClose,
}: {
  choices: readonly PersonChoice[];
  mayUseOnCard: boolean;
  onSubmit: (input: MediaSubmit) => Promise<string | null>;
  onClose: () => void;
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState({ text: '', valid: true });
  const [description, setDescription] = useState('');
  const [people, setPeople] = useState<string[]>(choices.slice(0, 1).map((c) => c.id));
  const [useOnCard, setUseOnCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const isPdf = !!file && /\.pdf$/i.test(file.name);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!file) return setError(MEDIA_TEXTS.chooseFile);
    if (!date.valid) return;
    setBusy(true);
    setError(null);
    const failed = await onSubmit({ file, fields: { title, date: date.text, description, people }, useOnCard: useOnCard && !isPdf });
    setBusy(false);
    if (failed) setError(failed);
  }

  return (
    <DialogShell title={MEDIA_TEXTS.addTitle} description={MEDIA_TEXTS.addDescription} onClose={onClose} testId="add-media-dialog">
      <form className="form media-form" onSubmit={submit} noValidate aria-label={MEDIA_TEXTS.addTitle}>
        <FormAlert kind="error">{error}</FormAlert>
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {MEDIA_TEXTS.file}
          </label>
          <input
            id={fileId}
            className="field-input"
            type="file"
            accept={MEDIA_ACCEPT}
            data-testid="media-file"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setError(null);
              if (chosen && !title) setTitle(chosen.name.replace(/\.[a-z0-9]+$/i, '').slice(0, MEDIA_LIMITS.title));
            }}
          />
        </div>
        <TextField label={MEDIA_TEXTS.title} maxLength={MEDIA_LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="media-title" />
        <DateInput label={MEDIA_TEXTS.date} value={date.text} showErrors={submitted} onChange={(text, valid) => setDate({ text, valid })} testId="media-date" />
        <TextAreaField label={MEDIA_TEXTS.description} maxLength={MEDIA_LIMITS.description} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        <fieldset className="media-people">
          <legend className="field-label">{MEDIA_TEXTS.people}</legend>
          {choices.map((c) => (
            <label key={c.id} className="media-person">
              <input
                type="checkbox"
                checked={people.includes(c.id)}
                onChange={(e) => setPeople((now) => (e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id)))}
              />
              {c.name}
            </label>
          ))}
        </fieldset>
        {mayUseOnCard && !isPdf && (
          <label className="media-person">
            <input type="checkbox" checked={useOnCard} onChange={(e) => setUseOnCard(e.target.checked)} data-testid="media-use-on-card" />
            {MEDIA_TEXTS.useOnCard}
          </label>
        )}
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {MEDIA_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? MEDIA_TEXTS.uploading : MEDIA_TEXTS.upload}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}

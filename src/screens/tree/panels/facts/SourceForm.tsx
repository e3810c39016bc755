import { useState, type FormEvent } from 'react';
import { TextField } from '../../../../components/Field.tsx';
import { NoteEditor } from '../../../../components/evidence/NoteEditor.tsx';
import { sourceProblem, SOURCE_MESSAGES, type SourceFields } from '../../../../domain/facts/citations.ts';
import { FACT_LIMITS } from '../../../../domain/facts/limits.ts';
import type { Source } from '../../../../domain/facts/types.ts';

export const SOURCE_FORM_TEXTS = {
  label: (title: string) => `Edit source ${title}`,
  title: 'Title',
  author: 'Author',
  publication: 'Publication',
  publicationPlaceholder: 'London: HMSO, 1851',
  repository: 'Repository',
  repositoryPlaceholder: 'The National Archives',
  url: 'Link',
  note: 'Note',
  save: 'Save source',
  cancel: 'Cancel',
} as const;

/** A source's fields (title, author, publication, repository, link, note), edited in the Sources dialog. */
export function SourceForm({ source, onSave, onCancel }: { source: Source; onSave(fields: SourceFields): void; onCancel(): void }) {
  const [fields, setFields] = useState<SourceFields>(() => {
    const { id: _, ...rest } = source;
    return rest;
  });
  const [tried, setTried] = useState(false);
  const problem = sourceProblem(fields);
  const set = (key: keyof SourceFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem || fields.note.length > FACT_LIMITS.note) return;
    onSave(fields);
  };
  const error = (message: string) => (tried && problem === message ? message : undefined);
  return (
    <form className="form source-form" onSubmit={submit} noValidate aria-label={SOURCE_FORM_TEXTS.label(source.title)}>
      <TextField label={SOURCE_FORM_TEXTS.title} maxLength={500} value={fields.title} error={error(SOURCE_MESSAGES.titleRequired)} onChange={set('title')} autoFocus />
      <div className="form-row">
        <TextField label={SOURCE_FORM_TEXTS.author} maxLength={1000} value={fields.author} onChange={set('author')} />
        <TextField label={SOURCE_FORM_TEXTS.publication} placeholder={SOURCE_FORM_TEXTS.publicationPlaceholder} maxLength={1000} value={fields.publication} onChange={set('publication')} />
      </div>
      <div className="form-row">
        <TextField label={SOURCE_FORM_TEXTS.repository} placeholder={SOURCE_FORM_TEXTS.repositoryPlaceholder} maxLength={1000} value={fields.repository} onChange={set('repository')} />
        <TextField label={SOURCE_FORM_TEXTS.url} type="url" placeholder="https://" maxLength={2000} value={fields.url} error={error(SOURCE_MESSAGES.badUrl)} onChange={set('url')} />
      </div>
      <NoteEditor label={SOURCE_FORM_TEXTS.note} value={fields.note} onChange={(note) => setFields((f) => ({ ...f, note }))} />
      <div className="citation-buttons">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {SOURCE_FORM_TEXTS.cancel}
        </button>
        <button type="submit" className="btn btn-primary">
          {SOURCE_FORM_TEXTS.save}
        </button>
      </div>
    </form>
  );
}

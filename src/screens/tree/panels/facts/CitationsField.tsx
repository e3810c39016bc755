import { useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../../components/Field.tsx';
import { TrashIcon } from '../../../../components/icons.tsx';
import { citationLine, newSource, QUALITY_LABELS, SOURCE_MESSAGES } from '../../../../domain/facts/citations.ts';
import { newFactId, type Citation, type CitationQuality, type Source } from '../../../../domain/facts/types.ts';

export const CITATION_TEXTS = {
  sources: 'Sources',
  addCitation: 'Add citation',
  source: 'Source',
  newSource: 'New source…',
  chooseSource: 'Choose a source',
  title: 'Title of the new source',
  titlePlaceholder: 'Parish register of St Mary',
  author: 'Author',
  page: 'Where in the source',
  pagePlaceholder: 'Folio 12, entry 34',
  quality: 'Quality',
  noQuality: 'Not said',
  text: 'Transcribed text',
  add: 'Add',
  cancel: 'Cancel',
  remove: (line: string) => `Remove citation ${line}`,
} as const;

const NEW = '__new__';
const QUALITY_OPTIONS = [{ value: '', label: CITATION_TEXTS.noQuality }, ...([3, 2, 1, 0] as const).map((q) => ({ value: String(q), label: `${q} — ${QUALITY_LABELS[q]}` }))];

export interface CitationsValue {
  citations: Citation[];
  /** Sources made here, saved with the fact (`EventFields.newSources`). */
  newSources: Source[];
}

/**
 * The citations of a fact being edited, and the form that adds one: a source of the tree or a new
 * one (its title, its author), where in it, the quality (GEDCOM QUAY) and the words transcribed.
 * Ids are made here, at the screen's edge, like the session's other new ids.
 */
export function CitationsField({ sources, value, onChange, random = Math.random }: { sources: Readonly<Record<string, Source>>; value: CitationsValue; onChange(v: CitationsValue): void; random?: () => number }) {
  const [adding, setAdding] = useState(false);
  const all: Record<string, Source> = { ...sources };
  for (const s of value.newSources) all[s.id] = s;
  const options = [
    { value: '', label: CITATION_TEXTS.chooseSource },
    ...Object.values(all)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((s) => ({ value: s.id, label: s.title })),
    { value: NEW, label: CITATION_TEXTS.newSource },
  ];
  return (
    <fieldset className="citations-field">
      <legend>{CITATION_TEXTS.sources}</legend>
      {value.citations.length > 0 && (
        <ul className="facts-list" data-testid="dialog-citations">
          {value.citations.map((c) => {
            const line = citationLine(c, all);
            return (
              <li key={c.id} className="facts-item">
                <span className="facts-meta">{line}</span>
                <button
                  type="button"
                  className="icon-btn btn-danger-text"
                  aria-label={CITATION_TEXTS.remove(line)}
                  title={CITATION_TEXTS.remove(line)}
                  onClick={() => onChange({ ...value, citations: value.citations.filter((x) => x.id !== c.id) })}
                >
                  <TrashIcon size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <CitationForm
          options={options}
          onCancel={() => setAdding(false)}
          onAdd={(citation, source) => {
            const made = source ? newSource(source, random, all) : null;
            const cited = made ? { ...citation, sourceId: made.id } : citation;
            onChange({ citations: [...value.citations, { ...cited, id: newFactId('ci', random) }], newSources: made ? [...value.newSources, made] : value.newSources });
            setAdding(false);
          }}
        />
      ) : (
        <button type="button" className="btn btn-ghost facts-add" onClick={() => setAdding(true)}>
          {CITATION_TEXTS.addCitation}
        </button>
      )}
    </fieldset>
  );
}

type NewSourceFields = Omit<Source, 'id'>;

function CitationForm({ options, onAdd, onCancel }: { options: { value: string; label: string }[]; onAdd(c: Citation, newSource: NewSourceFields | null): void; onCancel(): void }) {
  const [sourceId, setSourceId] = useState('');
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [page, setPage] = useState('');
  const [quality, setQuality] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const add = () => {
    if (!sourceId || (sourceId === NEW && !title.trim())) return setError(SOURCE_MESSAGES.chooseSource);
    const citation: Citation = { id: '', sourceId, page: page.trim(), date: '', quality: quality === '' ? null : (Number(quality) as CitationQuality), text: text.trim() };
    onAdd(citation, sourceId === NEW ? { title, author, publication: '', repository: '', url: '', note: '' } : null);
  };
  // Not a nested form (the event's form holds it): Add is a plain button, Enter does not submit the event.
  return (
    <div className="citation-form" role="group" aria-label={CITATION_TEXTS.addCitation}>
      <SelectField label={CITATION_TEXTS.source} options={options} value={sourceId} error={error} onChange={(e) => (setSourceId(e.target.value), setError(''))} />
      {sourceId === NEW && (
        <div className="form-row">
          <TextField label={CITATION_TEXTS.title} placeholder={CITATION_TEXTS.titlePlaceholder} maxLength={500} value={title} onChange={(e) => (setTitle(e.target.value), setError(''))} />
          <TextField label={CITATION_TEXTS.author} maxLength={1000} value={author} onChange={(e) => setAuthor(e.target.value)} />
        </div>
      )}
      <div className="form-row">
        <TextField label={CITATION_TEXTS.page} placeholder={CITATION_TEXTS.pagePlaceholder} maxLength={500} value={page} onChange={(e) => setPage(e.target.value)} />
        <SelectField label={CITATION_TEXTS.quality} options={QUALITY_OPTIONS} value={quality} onChange={(e) => setQuality(e.target.value)} />
      </div>
      <TextAreaField label={CITATION_TEXTS.text} maxLength={5000} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="citation-buttons">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {CITATION_TEXTS.cancel}
        </button>
        <button type="button" className="btn btn-primary" onClick={add}>
          {CITATION_TEXTS.add}
        </button>
      </div>
    </div>
  );
}

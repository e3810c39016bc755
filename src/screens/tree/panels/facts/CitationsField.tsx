import { useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../../components/Field.tsx';
import { DateInput } from '../../../../components/DateInput.tsx';
import { PencilIcon, TrashIcon } from '../../../../components/icons.tsx';
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
  dateSeen: 'Date seen',
  quality: 'Quality',
  noQuality: 'Not said',
  text: 'Transcribed text',
  add: 'Add',
  update: 'Update',
  editCitation: 'Edit citation',
  cancel: 'Cancel',
  edit: (line: string) => `Edit citation ${line}`,
  remove: (line: string) => `Remove citation ${line}`,
} as const;

const NEW = '__new__';
const QUALITY_OPTIONS = [{ value: '', label: CITATION_TEXTS.noQuality }, ...([3, 2, 1, 0] as const).map((q) => ({ value: String(q), label: `${q} — ${QUALITY_LABELS[q]}` }))];

export interface CitationsValue {
  citations: Citation[];
  /** Sources made here, saved with the fact (`EventFields.newSources`). */
  newSources: Source[];
}

/** The new sources a save keeps: those a citation still names (one made, then its citation removed, is dropped). */
export function citedNewSources(value: CitationsValue): Source[] {
  return value.newSources.filter((s) => value.citations.some((c) => c.sourceId === s.id));
}

/**
 * The citations of a fact being edited (an event, a name, a couple), and the form that adds one or
 * changes one: a source of the tree or a new one (its title, its author), where in it, the date it
 * was seen, the quality (GEDCOM QUAY) and the words transcribed. Ids are made here, at the
 * screen's edge, like the session's other new ids.
 */
export function CitationsField({ sources, value, onChange, random = Math.random }: { sources: Readonly<Record<string, Source>>; value: CitationsValue; onChange(v: CitationsValue): void; random?: () => number }) {
  /** The form open: for a new citation (null) or to change the one with this id. */
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
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
                <span className="facts-buttons">
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={CITATION_TEXTS.edit(line)}
                    title={CITATION_TEXTS.edit(line)}
                    onClick={() => setEditing({ id: c.id })}
                  >
                    <PencilIcon size={16} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn btn-danger-text"
                    aria-label={CITATION_TEXTS.remove(line)}
                    title={CITATION_TEXTS.remove(line)}
                    onClick={() => onChange({ ...value, citations: value.citations.filter((x) => x.id !== c.id) })}
                  >
                    <TrashIcon size={16} />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <CitationForm
          key={editing.id ?? 'new'}
          options={options}
          citation={value.citations.find((c) => c.id === editing.id) ?? null}
          onCancel={() => setEditing(null)}
          onAdd={(citation, source) => {
            const made = source ? newSource(source, random, all) : null;
            const cited = made ? { ...citation, sourceId: made.id } : citation;
            const citations = editing.id
              ? value.citations.map((c) => (c.id === editing.id ? { ...cited, id: c.id } : c))
              : [...value.citations, { ...cited, id: newFactId('ci', random) }];
            onChange({ citations, newSources: made ? [...value.newSources, made] : value.newSources });
            setEditing(null);
          }}
        />
      ) : (
        <button type="button" className="btn btn-ghost facts-add" onClick={() => setEditing({ id: null })}>
          {CITATION_TEXTS.addCitation}
        </button>
      )}
    </fieldset>
  );
}

type NewSourceFields = Omit<Source, 'id'>;

function CitationForm({
  options,
  citation: stored,
  onAdd,
  onCancel,
}: {
  options: { value: string; label: string }[];
  /** The citation to change; null for a new one. */
  citation: Citation | null;
  onAdd(c: Citation, newSource: NewSourceFields | null): void;
  onCancel(): void;
}) {
  const [sourceId, setSourceId] = useState(stored?.sourceId ?? '');
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [page, setPage] = useState(stored?.page ?? '');
  const [date, setDate] = useState({ text: stored?.date ?? '', valid: true });
  const [tried, setTried] = useState(false);
  const [quality, setQuality] = useState(stored?.quality == null ? '' : String(stored.quality));
  const [text, setText] = useState(stored?.text ?? '');
  const [error, setError] = useState('');
  const label = stored ? CITATION_TEXTS.editCitation : CITATION_TEXTS.addCitation;
  const add = () => {
    setTried(true);
    if (!sourceId || (sourceId === NEW && !title.trim())) return setError(SOURCE_MESSAGES.chooseSource);
    if (!date.valid) return;
    const citation: Citation = { id: '', sourceId, page: page.trim(), date: date.text, quality: quality === '' ? null : (Number(quality) as CitationQuality), text: text.trim() };
    onAdd(citation, sourceId === NEW ? { title, author, publication: '', repository: '', url: '', note: '' } : null);
  };
  // Not a nested form (the event's form holds it): Add is a plain button, Enter does not submit the event.
  return (
    <div className="citation-form" role="group" aria-label={label}>
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
      <DateInput label={CITATION_TEXTS.dateSeen} value={date.text} showErrors={tried} onChange={(t, valid) => setDate({ text: t, valid })} />
      <TextAreaField label={CITATION_TEXTS.text} maxLength={5000} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="citation-buttons">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {CITATION_TEXTS.cancel}
        </button>
        <button type="button" className="btn btn-primary" onClick={add}>
          {stored ? CITATION_TEXTS.update : CITATION_TEXTS.add}
        </button>
      </div>
    </div>
  );
}

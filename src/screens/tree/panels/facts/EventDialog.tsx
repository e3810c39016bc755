import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../../components/Field.tsx';
import { EVENT_TYPE_LABELS } from '../../../../domain/facts/eventLabels.ts';
import type { EventFields } from '../../../../domain/facts/eventOps.ts';
import { fullPlaceName } from '../../../../domain/facts/placeOps.ts';
import { COUPLE_EVENT_TYPES, PERSON_EVENT_TYPES, type EventType, type FactEvent, type Place, type Source } from '../../../../domain/facts/types.ts';
import { DateInput } from '../../../../components/DateInput.tsx';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { CitationsField, citedNewSources, type CitationsValue } from './CitationsField.tsx';
import { PlaceField } from './PlaceField.tsx';
import { FACT_LIMITS } from '../../../../domain/facts/limits.ts';
import { NoteEditor } from '../../../../components/evidence/NoteEditor.tsx';

export const EVENT_DIALOG_TEXTS = {
  addTitle: 'Add event',
  editTitle: 'Edit event',
  addMarriageTitle: 'Add marriage',
  forPerson: (name: string) => `An event in the life of ${name}.`,
  forCouple: (a: string, b: string) => `An event of ${a} and ${b} as a couple.`,
  type: 'Type',
  customType: 'Custom type',
  customTypeRequired: 'Say what the event is',
  customPlaceholder: 'Graduation',
  description: 'Description',
  descriptionPlaceholder: 'Occupation, title, address or a note',
  age: 'Age at the event',
  note: 'Note',
  agePlaceholder: '32y',
  birthDeathDate: 'The date itself is edited with Edit, with the other details of the person.',
  save: 'Save',
  cancel: 'Cancel',
} as const;

const EVENT_DATE_LABEL = 'Date';

/** The 'Custom…' choice is the GEDCOM custom event; every other choice is its type in words. */
const typeOptions = (types: readonly EventType[]) => types.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }));

export interface EventDialogProps {
  /** Whose event: a person (their name) or a couple (the two names), which sets the types offered. */
  owner: { kind: 'person'; name: string } | { kind: 'couple'; names: [string, string] };
  /** The event to edit; a type alone prefills a new event (Born from its row, Married from a spouse). */
  event: FactEvent | { type: EventType } | null;
  places: Readonly<Record<string, Place>>;
  /** The tree's sources, to cite (absent: none yet). */
  sources?: Readonly<Record<string, Source>>;
  onSave(fields: EventFields): void;
  onClose(): void;
}

/** Add event / Edit event (and Add marriage): type, date as written, place, description, age, a note and what supports it. */
export function EventDialog({ owner, event, places, sources = {}, onSave, onClose }: EventDialogProps) {
  const stored = event && 'id' in event ? event : null;
  const types = owner.kind === 'person' ? PERSON_EVENT_TYPES : COUPLE_EVENT_TYPES;
  // A new event of a person starts as a residence (birth and death have their dates elsewhere).
  const [type, setType] = useState<EventType>(event?.type ?? (owner.kind === 'person' ? 'RESI' : 'MARR'));
  const [customType, setCustomType] = useState(stored?.customType ?? '');
  const [date, setDate] = useState({ text: stored?.date ?? '', valid: true });
  const [submitted, setSubmitted] = useState(false);
  const initialPlace = stored?.placeId ? fullPlaceName(places, stored.placeId) : '';
  const [place, setPlace] = useState({ text: initialPlace, id: stored?.placeId || null });
  const [description, setDescription] = useState(stored?.description ?? '');
  const [age, setAge] = useState(stored?.age ?? '');
  const [customError, setCustomError] = useState('');
  const [note, setNote] = useState(stored?.note ?? '');
  const [evidence, setEvidence] = useState<CitationsValue>({ citations: stored?.citations ?? [], newSources: [] });
  const dated = type !== 'BIRT' && type !== 'DEAT';

  const title = stored ? EVENT_DIALOG_TEXTS.editTitle : owner.kind === 'couple' && type === 'MARR' ? EVENT_DIALOG_TEXTS.addMarriageTitle : EVENT_DIALOG_TEXTS.addTitle;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (type === 'EVEN' && !customType.trim()) return setCustomError(EVENT_DIALOG_TEXTS.customTypeRequired);
    // A date the app cannot read is not saved: the field says why (the dates module's message).
    if (dated && !date.valid) return;
    // The note editor says so under the note.
    if (note.length > FACT_LIMITS.note) return;
    onSave({
      type,
      customType,
      date: dated ? date.text : '',
      // A place chosen (or kept) by id; typed text is found in the tree or added.
      ...(place.id && place.text.trim() ? { placeId: place.id } : { place: place.text }),
      description,
      age: owner.kind === 'person' ? age : '',
      ...(note ? { note } : {}),
      citations: evidence.citations,
      // Only the new sources still cited (one added then its citation removed is not made).
      newSources: citedNewSources(evidence),
    });
  };
  return (
    <DialogShell
      title={title}
      description={owner.kind === 'person' ? EVENT_DIALOG_TEXTS.forPerson(owner.name) : EVENT_DIALOG_TEXTS.forCouple(...owner.names)}
      onClose={onClose}
      testId="event-dialog"
    >
      <form className="form event-form" onSubmit={submit} noValidate aria-label={title}>
        <div className="form-row">
          <SelectField label={EVENT_DIALOG_TEXTS.type} options={typeOptions(types)} value={type} onChange={(e) => setType(e.target.value as EventType)} autoFocus />
          {type === 'EVEN' ? (
            <TextField
              label={EVENT_DIALOG_TEXTS.customType}
              placeholder={EVENT_DIALOG_TEXTS.customPlaceholder}
              maxLength={100}
              value={customType}
              error={customError}
              onChange={(e) => {
                setCustomType(e.target.value);
                setCustomError('');
              }}
            />
          ) : (
            owner.kind === 'person' && <TextField label={EVENT_DIALOG_TEXTS.age} placeholder={EVENT_DIALOG_TEXTS.agePlaceholder} maxLength={20} value={age} onChange={(e) => setAge(e.target.value)} />
          )}
        </div>
        {dated ? <DateInput label={EVENT_DATE_LABEL} value={date.text} showErrors={submitted} onChange={(text, valid) => setDate({ text, valid })} /> : <p className="field-hint">{EVENT_DIALOG_TEXTS.birthDeathDate}</p>}
        <PlaceField places={places} value={place.text} onChange={(text, id) => setPlace({ text, id: id ?? (text === initialPlace ? stored?.placeId || null : null) })} />
        <TextField
          label={EVENT_DIALOG_TEXTS.description}
          placeholder={EVENT_DIALOG_TEXTS.descriptionPlaceholder}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        {type === 'EVEN' && owner.kind === 'person' && (
          <TextField label={EVENT_DIALOG_TEXTS.age} placeholder={EVENT_DIALOG_TEXTS.agePlaceholder} maxLength={20} value={age} onChange={(e) => setAge(e.target.value)} />
        )}
        <NoteEditor label={EVENT_DIALOG_TEXTS.note} value={note} onChange={setNote} />
        <CitationsField sources={sources} value={evidence} onChange={setEvidence} />
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {EVENT_DIALOG_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {EVENT_DIALOG_TEXTS.save}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}

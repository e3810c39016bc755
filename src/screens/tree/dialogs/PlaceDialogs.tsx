import { WithEventsLoaded } from '../events/EventsLoading.tsx';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField, TextAreaField, TextField, FormAlert } from '../../../components/Field.tsx';
import { placesOf } from '../../../domain/facts/factsResult.ts';
import { PLACE_MESSAGES, placeUsage, possibleParents, type PlaceFields } from '../../../domain/facts/placeEdit.ts';
import { fullPlaceName } from '../../../domain/facts/placeOps.ts';
import type { Place } from '../../../domain/facts/types.ts';
import { foldWords } from '../../../domain/search/fold.ts';
import { mergePlacesAction, removePlaceAction, savePlaceAction } from '../actions/places.ts';
import { useTree } from '../treeContext.ts';
import { closeDialog, openDialog } from '../treeUi.ts';
import { DialogShell } from './DialogShell.tsx';
import { useTreeGraph } from './useTreeGraph.ts';

export const PLACE_DIALOG_TEXTS = {
  title: 'Place',
  listTitle: 'Places',
  command: 'Places…',
  listDescription: "The tree's places, with how many events name each.",
  filter: 'Find a place',
  noPlaces: 'No places yet: they are added with the events that name them.',
  noMatch: 'No place matches.',
  more: (n: number) => `${n} more: type to narrow the list.`,
  events: (n: number) => (n === 0 ? 'No events' : n === 1 ? '1 event' : `${n} events`),
  usedBy: (n: number) => (n === 0 ? 'No event names this place.' : n === 1 ? '1 event names this place.' : `${n} events name this place.`),
  name: 'Name',
  kind: 'Kind',
  kindPlaceholder: 'city, county, country…',
  inside: 'Inside',
  top: 'Nothing (a top-level place)',
  latitude: 'Latitude',
  longitude: 'Longitude',
  coordinatesHint: 'Decimal degrees, e.g. 51.5052 and -0.1874',
  altNames: 'Other names',
  altNamesHint: 'One a line: spellings, abbreviations, names in other languages. Suggestions match them too.',
  mergeInto: 'Merge into',
  mergeChoose: 'Choose a place',
  mergeHint: "This place's events move to the chosen place, which keeps this name as another name.",
  merge: 'Merge',
  remove: 'Remove place',
  save: 'Save',
  cancel: 'Cancel',
  number: 'Enter a number',
} as const;

/** How many places the list shows before asking to narrow it (a big import has thousands). */
const LIST_LIMIT = 200;

const KINDS = ['building', 'church', 'cemetery', 'village', 'town', 'city', 'parish', 'county', 'state', 'province', 'country'];

function byFullName(places: Readonly<Record<string, Place>>, list: readonly Place[]): { id: string; fullName: string }[] {
  return list.map((p) => ({ id: p.id, fullName: fullPlaceName(places, p.id) })).sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Places: the tree's places with how many events name each; choosing one opens it. */
export function PlacesDialog() {
  const graph = useTreeGraph();
  const places = placesOf(graph);
  const [filter, setFilter] = useState('');
  const usage = useMemo(() => placeUsage(graph), [graph]);
  const all = useMemo(() => byFullName(places, Object.values(places)), [places]);
  const typed = foldWords(filter).map((w) => w[0]!);
  const matching = typed.length
    ? all.filter((p) => {
        const words = [...foldWords(p.fullName), ...places[p.id]!.altNames.flatMap((n) => foldWords(n))].map((w) => w[0]!);
        return typed.every((t) => words.some((w) => w.startsWith(t)));
      })
    : all;
  return (
    <DialogShell title={PLACE_DIALOG_TEXTS.listTitle} description={PLACE_DIALOG_TEXTS.listDescription} testId="places-dialog">
      {/* How many events name each place counts everyone's: loaded first. */}
      <WithEventsLoaded>
      {all.length === 0 ? (
        <p className="facts-empty">{PLACE_DIALOG_TEXTS.noPlaces}</p>
      ) : (
        <div className="places-list">
          <TextField label={PLACE_DIALOG_TEXTS.filter} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} autoFocus />
          {matching.length === 0 && <p className="facts-empty">{PLACE_DIALOG_TEXTS.noMatch}</p>}
          <ul className="places-rows" aria-label={PLACE_DIALOG_TEXTS.listTitle}>
            {matching.slice(0, LIST_LIMIT).map((p) => (
              <li key={p.id}>
                <button type="button" className="places-row" onClick={() => openDialog({ kind: 'place', placeId: p.id })}>
                  <span className="places-name">{p.fullName}</span>
                  <span className="places-count">{PLACE_DIALOG_TEXTS.events(usage.get(p.id) ?? 0)}</span>
                </button>
              </li>
            ))}
          </ul>
          {matching.length > LIST_LIMIT && <p className="field-hint">{PLACE_DIALOG_TEXTS.more(matching.length - LIST_LIMIT)}</p>}
        </div>
      )}
      </WithEventsLoaded>
    </DialogShell>
  );
}

const coordinateText = (v: number | null) => (v === null ? '' : String(v));

/** A typed coordinate: null when blank, NaN when not a number (refused by the domain's range check). */
function coordinate(text: string): number | null {
  const t = text.trim().replace(',', '.');
  return t === '' ? null : Number(t);
}

/**
 * One place: its name, kind, enclosing place, coordinates and other names, saved together; merged
 * into another place; or removed when no event names it (else the dialog says why it stays).
 */
export function PlaceDialog({ placeId }: { placeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const places = placesOf(graph);
  const place = places[placeId];
  const used = useMemo(() => placeUsage(graph).get(placeId) ?? 0, [graph, placeId]);
  const [name, setName] = useState(place?.name ?? '');
  const [kind, setKind] = useState(place?.kind ?? '');
  const [parentId, setParentId] = useState(place?.parentId ?? '');
  const [latitude, setLatitude] = useState(coordinateText(place?.latitude ?? null));
  const [longitude, setLongitude] = useState(coordinateText(place?.longitude ?? null));
  const [altNames, setAltNames] = useState(place?.altNames.join('\n') ?? '');
  const [mergeId, setMergeId] = useState('');
  const [error, setError] = useState('');
  const parents = useMemo(() => (place ? byFullName(places, possibleParents(places, place.id)) : []), [places, place]);
  const others = useMemo(() => byFullName(places, Object.values(places).filter((p) => p.id !== placeId)), [places, placeId]);
  if (!place) return null;

  const fields = (): PlaceFields => ({
    name,
    kind,
    parentId,
    latitude: coordinate(latitude),
    longitude: coordinate(longitude),
    altNames: altNames.split('\n'),
  });
  // The domain refuses with the words to show; the dialog stays open with them.
  const outcome = (done: { ok: boolean; message?: string }) => (done.ok ? closeDialog() : setError(done.message ?? ''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    outcome(savePlaceAction(tree, placeId, fields()));
  };
  const removeReason = used ? PLACE_MESSAGES.inUse(used) : Object.values(places).some((p) => p.parentId === placeId) ? PLACE_MESSAGES.hasPlaces : '';
  const reasonId = `place-${placeId}-stays`;
  const coordinatesHint = `place-${placeId}-coordinates`;
  return (
    <DialogShell title={PLACE_DIALOG_TEXTS.title} description={fullPlaceName(places, placeId)} testId="place-dialog">
      {/* Merging and removing read every event naming the place: loaded first. */}
      <WithEventsLoaded>
      <form className="form place-form" onSubmit={submit} noValidate aria-label={PLACE_DIALOG_TEXTS.title}>
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <p className="field-hint" data-testid="place-usage">
          {PLACE_DIALOG_TEXTS.usedBy(used)}
        </p>
        <div className="form-row">
          <TextField label={PLACE_DIALOG_TEXTS.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
          <TextField label={PLACE_DIALOG_TEXTS.kind} value={kind} maxLength={100} placeholder={PLACE_DIALOG_TEXTS.kindPlaceholder} list="place-kinds" onChange={(e) => setKind(e.target.value)} />
          <datalist id="place-kinds">
            {KINDS.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        </div>
        <SelectField
          label={PLACE_DIALOG_TEXTS.inside}
          placeholder={PLACE_DIALOG_TEXTS.top}
          options={parents.map((p) => ({ value: p.id, label: p.fullName }))}
          value={parentId}
          onChange={(e) => setParentId(e.target.value)}
        />
        <div className="form-row">
          <TextField label={PLACE_DIALOG_TEXTS.latitude} inputMode="decimal" value={latitude} aria-describedby={coordinatesHint} onChange={(e) => setLatitude(e.target.value)} />
          <TextField label={PLACE_DIALOG_TEXTS.longitude} inputMode="decimal" value={longitude} aria-describedby={coordinatesHint} onChange={(e) => setLongitude(e.target.value)} />
        </div>
        <p id={coordinatesHint} className="field-hint place-hint">
          {PLACE_DIALOG_TEXTS.coordinatesHint}
        </p>
        <TextAreaField label={PLACE_DIALOG_TEXTS.altNames} hint={PLACE_DIALOG_TEXTS.altNamesHint} rows={3} value={altNames} onChange={(e) => setAltNames(e.target.value)} />
        {others.length > 0 && (
          <div className="place-merge">
            <SelectField
              label={PLACE_DIALOG_TEXTS.mergeInto}
              placeholder={PLACE_DIALOG_TEXTS.mergeChoose}
              options={others.map((p) => ({ value: p.id, label: p.fullName }))}
              value={mergeId}
              onChange={(e) => setMergeId(e.target.value)}
            />
            <button type="button" className="btn btn-secondary" disabled={!mergeId} onClick={() => outcome(mergePlacesAction(tree, mergeId, placeId))}>
              {PLACE_DIALOG_TEXTS.merge}
            </button>
            <p className="field-hint place-merge-hint">{PLACE_DIALOG_TEXTS.mergeHint}</p>
          </div>
        )}
        <div className="tree-dialog-footer place-footer">
          <button
            type="button"
            className="btn btn-ghost btn-danger-text place-remove"
            disabled={!!removeReason}
            aria-describedby={removeReason ? reasonId : undefined}
            onClick={() => outcome(removePlaceAction(tree, placeId))}
          >
            {PLACE_DIALOG_TEXTS.remove}
          </button>
          <button type="button" className="btn btn-secondary" onClick={closeDialog}>
            {PLACE_DIALOG_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {PLACE_DIALOG_TEXTS.save}
          </button>
        </div>
        {removeReason && (
          <p id={reasonId} className="field-hint place-stays">
            {removeReason}
          </p>
        )}
      </form>
      </WithEventsLoaded>
    </DialogShell>
  );
}

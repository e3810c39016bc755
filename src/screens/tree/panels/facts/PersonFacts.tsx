import { WithEventsLoaded } from '../../events/EventsLoading.tsx';
import { eventsLoaded } from '../../../../domain/facts/eventsLoading.ts';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../../components/icons.tsx';
import { coupleTimeline, eventLine, personTimeline, type TimelineRow } from '../../../../domain/facts/eventLabels.ts';
import { areSpouses, coupleOf, type EventFields } from '../../../../domain/facts/eventOps.ts';
import { placesOf, sourcesOf } from '../../../../domain/facts/factsResult.ts';
import { NAME_KIND_LABELS, nameLine, type NameFields } from '../../../../domain/facts/names.ts';
import type { EventType, FactEvent, PersonName, Source } from '../../../../domain/facts/types.ts';
import { cardName } from '../../../../domain/labels.ts';
import type { Graph, Profile } from '../../../../domain/types.ts';
import { deleteEventAction, deleteNameAction, saveCoupleEvidenceAction, saveEventAction, saveNameAction, savePersonEvidenceAction, type EventOwner } from '../../actions/facts.ts';
import { shownCardOf } from '../../search/treeSearch.ts';
import { useTree } from '../../treeContext.ts';
import { openDialog, revealPerson, treeUi } from '../../treeUi.ts';
import { treeRights } from '../../actions/rights.ts';
import { useSessionRole } from '../../useSessionVersion.ts';
import { EventDialog } from './EventDialog.tsx';
import { PersonHistory } from '../history/PersonHistory.tsx';
import { NameDialog } from './NameDialog.tsx';
import { COUPLE_EVIDENCE_TEXTS, EvidenceDialog, PERSON_EVIDENCE_TEXTS } from './EvidenceDialog.tsx';
import { CitationList } from '../../../../components/evidence/CitationList.tsx';
import { NoteView } from '../../../../components/evidence/NoteView.tsx';
import { PersonTimeline } from '../timeline/PersonTimeline.tsx';
import '../../../../components/evidence/evidence.css';
import './facts.css';

export const FACTS_TEXTS = {
  events: 'Events',
  noEvents: 'No events yet.',
  addEvent: 'Add event',
  editEvent: (what: string) => `Edit ${what}`,
  deleteEvent: (what: string) => `Delete ${what}`,
  names: 'Also known as',
  addName: 'Add name',
  editName: (name: string) => `Edit name ${name}`,
  deleteName: (name: string) => `Delete name ${name}`,
  relatives: 'Relatives',
  parents: 'Parents',
  spouses: 'Spouses',
  children: 'Children',
  siblings: 'Siblings',
  addMarriage: 'Add marriage',
  addCoupleEvent: (name: string) => `Add marriage with ${name}`,
  age: (age: string) => `Age ${age}`,
  editPlace: (place: string) => `Edit place ${place}`,
  coupleEvidence: 'Sources and note',
  editCoupleEvidence: (name: string) => `Sources and note of the couple with ${name}`,
  personEvidence: 'Note and sources',
  editPersonEvidence: 'Edit note and sources',
  noPersonEvidence: 'No note or sources yet.',
} as const;

type Dialog =
  | { kind: 'event'; owner: EventOwner; event: FactEvent | { type: EventType } | null; names: [string] | [string, string] }
  | { kind: 'name'; name: PersonName | null }
  | { kind: 'couple'; partner: Profile }
  | { kind: 'person' };

/**
 * The details panel's facts (issue "Facts a genealogist can trust"): the person's events in date
 * order, the other names they go by, and their relatives (parents, spouses with the couple's
 * events, children, siblings), each a button that flies the canvas to their card. Members who may
 * edit the person (`canEdit`) add, edit and delete events and names here.
 */
export function PersonFacts({ graph, profile, canEdit }: { graph: Graph; profile: Profile; canEdit: boolean }) {
  const tree = useTree();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const places = placesOf(graph);
  const name = cardName(profile);
  const close = () => setDialog(null);
  const saveEvent = (owner: EventOwner, eventId: string | null) => (fields: EventFields) => {
    if (saveEventAction(tree, owner, eventId, fields).ok) close();
  };
  const saveName = (nameId: string | null) => (fields: NameFields) => {
    if (saveNameAction(tree, profile.id, nameId, fields).ok) close();
  };
  const self: EventOwner = { profileId: profile.id };
  const names = profile.names ?? [];
  // Places are the tree's: owners and editors change them (the save path's rule).
  const onPlace = treeRights(useSessionRole(tree.session)).build ? (placeId: string) => openDialog({ kind: 'place', placeId }) : undefined;

  const personCitations = profile.citations ?? [];
  const eventsHere = eventsLoaded(profile);
  const hasEvidence = !!profile.note || personCitations.length > 0;

  return (
    <>
      {(hasEvidence || canEdit) && (
        <section className="facts-section" aria-labelledby={`${profile.id}-evidence`} data-testid="panel-person-evidence">
          <div className="facts-head">
            <h3 id={`${profile.id}-evidence`}>{FACTS_TEXTS.personEvidence}</h3>
            {canEdit && (
              <button type="button" className="btn btn-ghost facts-add" onClick={() => setDialog({ kind: 'person' })}>
                <PencilIcon size={16} />
                {FACTS_TEXTS.editPersonEvidence}
              </button>
            )}
          </div>
          {hasEvidence ? (
            <div className="facts-person-evidence">
              <NoteView note={profile.note} />
              <CitationList citations={personCitations} sources={sourcesOf(graph)} open />
            </div>
          ) : (
            <p className="facts-empty">{FACTS_TEXTS.noPersonEvidence}</p>
          )}
        </section>
      )}

      <section className="facts-section" aria-labelledby={`${profile.id}-events`}>
        <div className="facts-head">
          <h3 id={`${profile.id}-events`}>{FACTS_TEXTS.events}</h3>
          {canEdit && eventsHere && (
            <button type="button" className="btn btn-ghost facts-add" onClick={() => setDialog({ kind: 'event', owner: self, event: null, names: [name] })}>
              <PlusIcon size={16} />
              {FACTS_TEXTS.addEvent}
            </button>
          )}
        </div>
        {/* The open left this person's events on the server: loaded now, never shown as none. */}
        <WithEventsLoaded ids={[profile.id]}>
          <EventList
            sources={sourcesOf(graph)}
            rows={personTimeline(profile, places)}
            canEdit={canEdit}
            onEdit={(row) => setDialog({ kind: 'event', owner: self, event: row.event ?? { type: row.type }, names: [name] })}
            onDelete={(row) => deleteEventAction(tree, self, row.event!.id)}
            empty={FACTS_TEXTS.noEvents}
            testId="panel-events"
            onPlace={onPlace}
          />
        </WithEventsLoaded>
      </section>

      <PersonTimeline graph={graph} profileId={profile.id} />

      {(names.length > 0 || canEdit) && (
        <section className="facts-section" aria-labelledby={`${profile.id}-names`}>
          <div className="facts-head">
            <h3 id={`${profile.id}-names`}>{FACTS_TEXTS.names}</h3>
            {canEdit && (
              <button type="button" className="btn btn-ghost facts-add" onClick={() => setDialog({ kind: 'name', name: null })}>
                <PlusIcon size={16} />
                {FACTS_TEXTS.addName}
              </button>
            )}
          </div>
          {names.length > 0 && (
            <ul className="facts-list" data-testid="panel-names">
              {names.map((n) => (
                <li key={n.id} className="facts-item">
                  <div className="facts-text">
                    <span className="facts-line">{nameLine(n)}</span>
                    <span className="facts-meta">{NAME_KIND_LABELS[n.kind]}</span>
                    {n.citations && <CitationList citations={n.citations} sources={sourcesOf(graph)} />}
                  </div>
                  {canEdit && (
                    <RowButtons
                      editLabel={FACTS_TEXTS.editName(nameLine(n))}
                      deleteLabel={FACTS_TEXTS.deleteName(nameLine(n))}
                      onEdit={() => setDialog({ kind: 'name', name: n })}
                      onDelete={() => deleteNameAction(tree, profile.id, n.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <Relatives graph={graph} profile={profile} canEdit={canEdit} onPlace={onPlace} onCoupleEvent={(partner, event) => {
        const owner: EventOwner = { partners: [profile.id, partner.id] };
        setDialog({ kind: 'event', owner, event, names: [name, cardName(partner)] });
      }} onDeleteCoupleEvent={(partner, eventId) => deleteEventAction(tree, { partners: [profile.id, partner.id] }, eventId)}
      onCoupleEvidence={(partner) => setDialog({ kind: 'couple', partner })} />

      <PersonHistory graph={graph} profile={profile} />

      {dialog?.kind === 'event' && (
        <EventDialog
          owner={dialog.names.length === 2 ? { kind: 'couple', names: dialog.names } : { kind: 'person', name: dialog.names[0] }}
          event={dialog.event}
          places={places}
          sources={sourcesOf(graph)}
          onSave={saveEvent(dialog.owner, dialog.event && 'id' in dialog.event ? dialog.event.id : null)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'name' && <NameDialog personName={name} name={dialog.name} sources={sourcesOf(graph)} onSave={saveName(dialog.name?.id ?? null)} onClose={close} />}
      {dialog?.kind === 'person' && (
        <EvidenceDialog
          title={PERSON_EVIDENCE_TEXTS.title}
          description={PERSON_EVIDENCE_TEXTS.description(name)}
          testId="person-evidence-dialog"
          note={profile.note}
          citations={profile.citations}
          sources={sourcesOf(graph)}
          onSave={(evidence) => {
            if (savePersonEvidenceAction(tree, profile.id, evidence).ok) close();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'couple' && (
        <EvidenceDialog
          title={COUPLE_EVIDENCE_TEXTS.title}
          description={COUPLE_EVIDENCE_TEXTS.description(name, cardName(dialog.partner))}
          testId="couple-evidence-dialog"
          note={coupleOf(graph, profile.id, dialog.partner.id).note}
          citations={coupleOf(graph, profile.id, dialog.partner.id).citations}
          sources={sourcesOf(graph)}
          onSave={(evidence) => {
            if (saveCoupleEvidenceAction(tree, [profile.id, dialog.partner.id], evidence).ok) close();
          }}
          onClose={close}
        />
      )}
    </>
  );
}

function RowButtons({ editLabel, deleteLabel, onEdit, onDelete }: { editLabel: string; deleteLabel?: string; onEdit(): void; onDelete?(): void }) {
  return (
    <div className="facts-buttons">
      <button type="button" className="icon-btn" aria-label={editLabel} title={editLabel} onClick={onEdit}>
        <PencilIcon size={16} />
      </button>
      {onDelete && deleteLabel && (
        <button type="button" className="icon-btn btn-danger-text" aria-label={deleteLabel} title={deleteLabel} onClick={onDelete}>
          <TrashIcon size={16} />
        </button>
      )}
    </div>
  );
}

function EventList({
  sources,
  rows,
  canEdit,
  onEdit,
  onDelete,
  empty,
  testId,
  onPlace,
}: {
  sources: Readonly<Record<string, Source>>;
  rows: TimelineRow[];
  canEdit: boolean;
  onEdit(row: TimelineRow): void;
  onDelete(row: TimelineRow): void;
  empty?: string;
  testId?: string;
  /** Opens the place dialog from the place's name; absent for members who may not edit places. */
  onPlace?(placeId: string): void;
}) {
  if (!rows.length) return empty ? <p className="facts-empty">{empty}</p> : null;
  return (
    <ul className="facts-list" data-testid={testId}>
      {rows.map((row, i) => {
        const what = eventLine(row);
        return (
          <li key={row.event?.id ?? `${row.type}-${i}`} className="facts-item">
            <div className="facts-text">
              <span className="facts-line">
                <span className="facts-type">{row.label}</span>
                {row.date && <span className="facts-date"> {row.date}</span>}
              </span>
              {row.place &&
                (onPlace && row.event?.placeId ? (
                  <button type="button" className="btn-link facts-place" aria-label={FACTS_TEXTS.editPlace(row.place)} onClick={() => onPlace(row.event!.placeId)}>
                    {row.place}
                  </button>
                ) : (
                  <span className="facts-place">{row.place}</span>
                ))}
              {(row.description || row.age) && (
                <span className="facts-meta">{[row.description, row.age && FACTS_TEXTS.age(row.age)].filter(Boolean).join(' · ')}</span>
              )}
              <NoteView note={row.event?.note} />
              {row.event?.citations?.length ? <CitationList citations={row.event.citations} sources={sources} /> : null}
            </div>
            {canEdit && (
              <RowButtons
                editLabel={FACTS_TEXTS.editEvent(what)}
                deleteLabel={row.event ? FACTS_TEXTS.deleteEvent(what) : undefined}
                onEdit={() => onEdit(row)}
                onDelete={row.event ? () => onDelete(row) : undefined}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The profiles of ids the graph has, in their order. */
function profilesOf(graph: Graph, ids: Iterable<string>): Profile[] {
  const out: Profile[] = [];
  for (const id of ids) if (Object.hasOwn(graph.profiles, id)) out.push(graph.profiles[id]!);
  return out;
}

function siblingsOf(graph: Graph, p: Profile): Profile[] {
  const ids = new Set<string>();
  for (const parent of profilesOf(graph, p.parents)) for (const c of parent.children) if (c !== p.id) ids.add(c);
  return profilesOf(graph, ids);
}

function Relatives({
  graph,
  profile,
  canEdit,
  onPlace,
  onCoupleEvent,
  onDeleteCoupleEvent,
  onCoupleEvidence,
}: {
  graph: Graph;
  profile: Profile;
  canEdit: boolean;
  onPlace?(placeId: string): void;
  onCoupleEvent(partner: Profile, event: FactEvent | { type: EventType }): void;
  onDeleteCoupleEvent(partner: Profile, eventId: string): void;
  onCoupleEvidence(partner: Profile): void;
}) {
  const groups: [string, Profile[]][] = [
    [FACTS_TEXTS.parents, profilesOf(graph, profile.parents)],
    [FACTS_TEXTS.spouses, profilesOf(graph, profile.spouses)],
    [FACTS_TEXTS.children, profilesOf(graph, profile.children)],
    [FACTS_TEXTS.siblings, siblingsOf(graph, profile)],
  ];
  const section = useCoupleFocus(profile);
  if (groups.every(([, list]) => !list.length)) return null;
  const places = placesOf(graph);
  return (
    <section ref={section} className="facts-section" aria-labelledby={`${profile.id}-relatives`}>
      <div className="facts-head">
        <h3 id={`${profile.id}-relatives`}>{FACTS_TEXTS.relatives}</h3>
      </div>
      {groups.map(([label, list]) =>
        list.length ? (
          <div key={label} className="facts-group" role="group" aria-label={label}>
            <h4>{label}</h4>
            <ul className="facts-list">
              {list.map((r) => {
                const couple = label === FACTS_TEXTS.spouses && areSpouses(graph, profile.id, r.id) ? coupleOf(graph, profile.id, r.id) : null;
                return (
                  <li key={r.id} className="facts-relative" data-couple-partner={couple ? r.id : undefined} tabIndex={couple ? -1 : undefined}>
                    <div className="facts-item">
                      <RelativeLink graph={graph} profile={r} />
                      {couple && canEdit && (
                        <button type="button" className="btn btn-ghost facts-add" aria-label={FACTS_TEXTS.addCoupleEvent(cardName(r))} onClick={() => onCoupleEvent(r, { type: 'MARR' })}>
                          <PlusIcon size={16} />
                          {FACTS_TEXTS.addMarriage}
                        </button>
                      )}
                    </div>
                    {couple && (couple.note || couple.citations?.length || canEdit) ? (
                      <div className="facts-couple-evidence">
                        <NoteView note={couple.note} />
                        {couple.citations && <CitationList citations={couple.citations} sources={sourcesOf(graph)} />}
                        {canEdit && (
                          <button type="button" className="btn-link facts-evidence-edit" aria-label={FACTS_TEXTS.editCoupleEvidence(cardName(r))} onClick={() => onCoupleEvidence(r)}>
                            {FACTS_TEXTS.coupleEvidence}
                          </button>
                        )}
                      </div>
                    ) : null}
                    {couple && (
                      <EventList
                        sources={sourcesOf(graph)}
                        rows={coupleTimeline(couple.events, places)}
                        canEdit={canEdit}
                        onEdit={(row) => onCoupleEvent(r, row.event!)}
                        onDelete={(row) => onDeleteCoupleEvent(r, row.event!.id)}
                        onPlace={onPlace}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null,
      )}
    </section>
  );
}

/**
 * A couple's line clicked on the canvas (`showCouple`): the panel scrolls to the couple with that
 * partner and focuses it, so its events are what the member sees (and hears) first.
 */
function useCoupleFocus(profile: Profile) {
  const { coupleFocus } = useSnapshot(treeUi);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!coupleFocus || !profile.spouses.includes(coupleFocus.partnerProfileId)) return;
    const item = section.current?.querySelector<HTMLElement>(`[data-couple-partner="${CSS.escape(coupleFocus.partnerProfileId)}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    item.focus({ preventScroll: true });
  }, [coupleFocus, profile]);
  return section;
}

/** A relative's name: a button that flies the canvas to their card and selects it, when it is shown. */
function RelativeLink({ graph, profile }: { graph: Graph; profile: Profile }) {
  const nodeId = shownCardOf(graph, profile.id);
  const name = cardName(profile);
  if (!nodeId) return <span className="facts-relative-name">{name}</span>;
  return (
    <button type="button" className="btn-link facts-relative-name" onClick={() => revealPerson(nodeId)}>
      {name}
    </button>
  );
}

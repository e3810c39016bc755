import {
  addCoupleEvent,
  addPersonEvent,
  editCoupleEvent,
  editPersonEvent,
  removeCoupleEvent,
  removePersonEvent,
  type EventFields,
} from '../../../domain/facts/eventOps.ts';
import { undoFacts, type FactsOutcome, type FactsResult } from '../../../domain/facts/factsResult.ts';
import { addName, editName, removeName, type NameFields } from '../../../domain/facts/names.ts';
import { editCoupleEvidence, editPersonEvidence, editSource, removeSource, type CoupleEvidence } from '../../../domain/facts/sourceOps.ts';
import type { SourceFields } from '../../../domain/facts/citations.ts';
import { UNDO_WINDOW_MS } from '../../../domain/timing.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';

/** Toasts of the details panel's events and names (issue "Facts a genealogist can trust"). */
export const FACTS_TOASTS = {
  eventAdded: 'Event added',
  eventUpdated: 'Event updated',
  eventDeleted: 'Event deleted',
  nameAdded: 'Name added',
  nameUpdated: 'Name updated',
  nameDeleted: 'Name deleted',
  undone: 'Change undone',
  eventFailed: 'Failed to save the event',
  nameFailed: 'Failed to save the name',
} as const;

/** Where new ids come from: the screen's edge, so the domain stays free of hidden randomness. */
export type FactsActionContext = TreeActionContext & { random?: () => number };

/**
 * Commits a facts operation as every tree edit is committed (`commitEdit`), with an 'Undo' toast
 * for 5 s that puts back its profiles, places and couples (`undoFacts`), once.
 */
export function commitFacts<T>(ctx: FactsActionContext, operation: () => FactsOutcome<T>, success: string, failure: string): ActionOutcome<{ result: FactsResult & T }> {
  const done = commitEdit<FactsResult & T>(ctx, operation, { failure });
  if (!done.ok) return done;
  let used = false;
  notifier(ctx).success(success, {
    duration: UNDO_WINDOW_MS,
    action: {
      label: TREE_TOASTS.undo,
      onClick: () => {
        if (used) return;
        used = true;
        try {
          ctx.session.apply(undoFacts(ctx.session.graph, done.result), failure, { undoes: done.result });
          notifier(ctx).success(FACTS_TOASTS.undone);
        } catch (e) {
          console.error(e);
          notifier(ctx).error(failure);
        }
      },
    },
  });
  return done;
}

const stamp = (ctx: FactsActionContext) => ({ uid: ctx.uid, now: ctx.now(), random: ctx.random ?? Math.random });

/** Where an event goes: a person (profile id), or a couple (the two spouses' profile ids). */
export type EventOwner = { profileId: string } | { partners: [string, string] };

export function saveEventAction(ctx: FactsActionContext, owner: EventOwner, eventId: string | null, fields: EventFields) {
  const graph = ctx.session.graph;
  const s = stamp(ctx);
  const op = (): FactsOutcome =>
    'profileId' in owner
      ? eventId
        ? editPersonEvent(graph, { profileId: owner.profileId, eventId, fields, ...s })
        : addPersonEvent(graph, { profileId: owner.profileId, fields, ...s })
      : eventId
        ? editCoupleEvent(graph, { partners: owner.partners, eventId, fields, ...s })
        : addCoupleEvent(graph, { partners: owner.partners, fields, ...s });
  return commitFacts(ctx, op, eventId ? FACTS_TOASTS.eventUpdated : FACTS_TOASTS.eventAdded, FACTS_TOASTS.eventFailed);
}

export function deleteEventAction(ctx: FactsActionContext, owner: EventOwner, eventId: string) {
  const graph = ctx.session.graph;
  const s = stamp(ctx);
  const op = (): FactsOutcome =>
    'profileId' in owner ? removePersonEvent(graph, { profileId: owner.profileId, eventId, ...s }) : removeCoupleEvent(graph, { partners: owner.partners, eventId });
  return commitFacts(ctx, op, FACTS_TOASTS.eventDeleted, FACTS_TOASTS.eventFailed);
}

export function saveNameAction(ctx: FactsActionContext, profileId: string, nameId: string | null, fields: NameFields) {
  const graph = ctx.session.graph;
  const s = stamp(ctx);
  const op = (): FactsOutcome => (nameId ? editName(graph, { profileId, nameId, fields, ...s }) : addName(graph, { profileId, fields, ...s }));
  return commitFacts(ctx, op, nameId ? FACTS_TOASTS.nameUpdated : FACTS_TOASTS.nameAdded, FACTS_TOASTS.nameFailed);
}

export function deleteNameAction(ctx: FactsActionContext, profileId: string, nameId: string) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => removeName(graph, { profileId, nameId, ...stamp(ctx) }), FACTS_TOASTS.nameDeleted, FACTS_TOASTS.nameFailed);
}

/** Toasts of sources and a couple's own evidence (issue "Evidence and memories"). */
export const EVIDENCE_TOASTS = {
  coupleUpdated: 'Couple updated',
  coupleFailed: 'Failed to save the couple',
  personUpdated: 'Sources and note updated',
  personFailed: 'Failed to save the sources and note',
  sourceUpdated: 'Source updated',
  sourceDeleted: 'Source deleted',
  sourceFailed: 'Failed to save the source',
} as const;

export function saveCoupleEvidenceAction(ctx: FactsActionContext, partners: [string, string], evidence: CoupleEvidence) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => editCoupleEvidence(graph, { partners, ...evidence }), EVIDENCE_TOASTS.coupleUpdated, EVIDENCE_TOASTS.coupleFailed);
}

export function savePersonEvidenceAction(ctx: FactsActionContext, profileId: string, evidence: CoupleEvidence) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => editPersonEvidence(graph, { profileId, ...evidence, uid: ctx.uid, now: ctx.now() }), EVIDENCE_TOASTS.personUpdated, EVIDENCE_TOASTS.personFailed);
}

export function saveSourceAction(ctx: FactsActionContext, sourceId: string, fields: SourceFields) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => editSource(graph, { sourceId, fields }), EVIDENCE_TOASTS.sourceUpdated, EVIDENCE_TOASTS.sourceFailed);
}

export function deleteSourceAction(ctx: FactsActionContext, sourceId: string) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => removeSource(graph, { sourceId }), EVIDENCE_TOASTS.sourceDeleted, EVIDENCE_TOASTS.sourceFailed);
}

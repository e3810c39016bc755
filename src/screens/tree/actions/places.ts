import { editPlace, mergePlaces, removePlace, type PlaceFields } from '../../../domain/facts/placeEdit.ts';
import { commitFacts, type FactsActionContext } from './facts.ts';

/** Toasts of the place dialog (issue 20, item 3). Each edit offers 'Undo' for 5 s. */
export const PLACE_TOASTS = {
  updated: 'Place updated',
  merged: 'Places merged',
  removed: 'Place removed',
  failed: 'Failed to save the place',
} as const;

export function savePlaceAction(ctx: FactsActionContext, placeId: string, fields: PlaceFields) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => editPlace(graph, { placeId, fields }), PLACE_TOASTS.updated, PLACE_TOASTS.failed);
}

/** Merges `mergeId` into `keepId` (the place that stays). */
export function mergePlacesAction(ctx: FactsActionContext, keepId: string, mergeId: string) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => mergePlaces(graph, { keepId, mergeId }), PLACE_TOASTS.merged, PLACE_TOASTS.failed);
}

export function removePlaceAction(ctx: FactsActionContext, placeId: string) {
  const graph = ctx.session.graph;
  return commitFacts(ctx, () => removePlace(graph, { placeId }), PLACE_TOASTS.removed, PLACE_TOASTS.failed);
}

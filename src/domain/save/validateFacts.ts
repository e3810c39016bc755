import { hasFactParts, type ChangeSet } from '../changeSet.ts';
import type { GraphView } from '../checkGraph.ts';
import { groupOf } from '../entityKinds.ts';
import type { ErrorCode } from '../errors.ts';
import { FACT_LIMITS } from '../facts/limits.ts';
import type { FactEvent } from '../facts/types.ts';
import { canEditProfile, RIGHTS_MESSAGES } from '../permissions.ts';
import type { TreeRole } from '../roles.ts';
import { eventCountProblem } from '../validation/entityShapes.ts';
import type { FactsView } from './neighbourhood.ts';

/**
 * The facts model's rules on the save path (issue 20), over the state after the change: a
 * person's events and names within their limits, every event's place existing, a couple's
 * partners married to each other on this tree, a place's parent existing and no place inside
 * itself. Rights: a couple's events change for whoever may edit either partner (§6
 * `canEditProfile`); a person's events and names follow the rule of their other fields
 * (validate.ts); places, cards and lines are for owners and editors.
 *
 * A couple whose partners stop being spouses is removed by the operation that unlinks them (or
 * deletes one of them: relationships.ts), in the same change set. The save path does not refuse a
 * change that unlinks spouses and leaves their couple: clients from before couples existed send
 * exactly that, and a refusal would lose their edit. Such a couple is inert: every reader reaches
 * couples through the partners' spouse lists (search, the panel, the canvas, GEDCOM export).
 */

export interface FactsRefusal {
  code: ErrorCode;
  message: string;
}

const invalid = (message: string): FactsRefusal => ({ code: 'invalid-argument', message });

export const FACT_MESSAGES = {
  noPlace: (owner: string, placeId: string) => `${owner}: place ${placeId} does not exist`,
  notSpouses: (id: string) => `Couple ${id}: the partners must be each other's spouses on this family tree`,
  noParentPlace: (id: string, parentId: string) => `Place ${id}: the enclosing place ${parentId} does not exist`,
  placeCycle: (id: string) => `Place ${id} cannot be inside itself`,
  placeTooDeep: (id: string) => `Place ${id}: a place hierarchy has at most ${FACT_LIMITS.placeDepth} levels`,
} as const;

function placesProblem(events: readonly FactEvent[], owner: string, places: FactsView): FactsRefusal | null {
  for (const e of events) if (e.placeId && !places.place(e.placeId)) return invalid(FACT_MESSAGES.noPlace(`${owner}, event ${e.id}`, e.placeId));
  return null;
}

/**
 * One run over what has been read (the neighbourhood asks for the rest and runs it again). Every
 * rule is looked at before one refusal is answered, so one run asks for everything it needs.
 */
export function factsProblem(cs: ChangeSet, before: GraphView, after: GraphView, factsBefore: FactsView, factsAfter: FactsView, actor: { uid: string; role: TreeRole }): FactsRefusal | null {
  const problems: FactsRefusal[] = [];
  const note = (p: FactsRefusal | null) => {
    if (p) problems.push(p);
  };
  for (const p of cs.profiles.upsert) {
    if (!hasFactParts(p)) continue;
    const person = after.profile(p.id);
    if (!person) continue;
    const owner = `Profile ${p.id}`;
    const problem = eventCountProblem(person.events ?? [], owner);
    note(problem ? invalid(problem) : null);
    if ((person.names?.length ?? 0) > FACT_LIMITS.names) note(invalid(`${owner}: at most ${FACT_LIMITS.names} names`));
    if ((person.citations?.length ?? 0) > FACT_LIMITS.citations) note(invalid(`${owner}: citations must be a list of at most ${FACT_LIMITS.citations}`));
    note(placesProblem(p.events?.upsert ?? [], owner, factsAfter));
  }
  const mayEdit = (id: string) => {
    const person = after.profile(id) ?? before.profile(id);
    return !!person && canEditProfile(person, actor.uid, actor.role);
  };
  const couples = groupOf(cs, 'couples');
  for (const c of couples.upsert) {
    const [a, b] = c.partners;
    const pa = after.profile(a);
    const pb = after.profile(b);
    if (!pa || !pb || !pa.spouses.includes(b) || !pb.spouses.includes(a)) note(invalid(FACT_MESSAGES.notSpouses(c.id)));
    else if (!mayEdit(a) && !mayEdit(b)) note({ code: 'permission-denied', message: RIGHTS_MESSAGES.edit });
    note(placesProblem(c.events, `Couple ${c.id}`, factsAfter));
  }
  for (const id of couples.remove) {
    const old = factsBefore.couple(id);
    if (old && !mayEdit(old.partners[0]) && !mayEdit(old.partners[1])) note({ code: 'permission-denied', message: RIGHTS_MESSAGES.edit });
  }
  for (const place of groupOf(cs, 'places').upsert) {
    if (place.parentId && !factsAfter.place(place.parentId)) note(invalid(FACT_MESSAGES.noParentPlace(place.id, place.parentId)));
  }
  // Rights first: a member told they may not is not then told how to fix the shape.
  return problems.find((p) => p.code === 'permission-denied') ?? problems[0] ?? null;
}

/**
 * A place the change moves that ends up inside itself, or in a hierarchy deeper than the limit.
 * Walks up from each upserted place; each round of reads brings one more level of stored places.
 */
export function placeCycleProblem(cs: ChangeSet, factsAfter: FactsView): FactsRefusal | null {
  for (const place of groupOf(cs, 'places').upsert) {
    let at = place.parentId;
    for (let depth = 1; at; depth++) {
      if (at === place.id) return invalid(FACT_MESSAGES.placeCycle(place.id));
      if (depth > FACT_LIMITS.placeDepth) return invalid(FACT_MESSAGES.placeTooDeep(place.id));
      const parent = factsAfter.place(at);
      if (!parent) break;
      at = parent.parentId;
    }
  }
  return null;
}

import { hasFactParts, type ChangeSet, type ProfilePatch } from '../changeSet.ts';
import { checkAround, type CheckScope, type GraphView } from '../checkGraph.ts';
import { EDIT_PERSON_MESSAGES } from '../editPerson.ts';
import type { ErrorCode } from '../errors.ts';
import { PROFILE_ID_PREFIX } from '../ids.ts';
import { canEditProfile, canRemoveProfile, isClaimedByAnother, RIGHTS_MESSAGES } from '../permissions.ts';
import { PERSONAL_FIELDS, READ_ONLY_FIELDS, RELATION_FIELDS, type ScalarField } from '../profile.ts';
import { RELATIONSHIP_MESSAGES } from '../relationships.ts';
import { jsonTextProblem } from '../validation/text.ts';
import type { GraphEdge, GraphNode, Profile } from '../types.ts';
import { checkProfileRecord } from '../validation/profile.ts';
import { isObj, onlyKeys } from '../validation/entityShapes.ts';
import { ENTITY_KINDS, groupOf, groupSize, KIND_KEYS, WHOLE_KEYS } from '../entityKinds.ts';
import { FACT_LIMITS } from '../facts/limits.ts';
import { factsProblem, placeCycleProblem } from './validateFacts.ts';
import type { Neighbourhood } from './neighbourhood.ts';
import { addedParentLinks, firstLoop } from '../ancestry.ts';
import { personName } from '../labels.ts';
import { canEditTree, ROLE_MESSAGES, type TreeRole } from '../roles.ts';

/** The server's gate for change sets (and a Cloud Function's): shape, rights, then invariants. */

export interface ChangeSetContext {
  /** The stored graph around the change set, read on demand (`new Neighbourhood(lookup)`). */
  neighbourhood: Neighbourhood;
  /** The member sending the change set. */
  actingUid: string;
  /** Their role in the graph: a viewer changes only the plain fields of their own profile. */
  role: TreeRole;
  /** The graph's owner: their own profile is the primary person. */
  graphOwnerUid: string;
  /** The server's clock, for the §5 year range. */
  currentYear: number;
}

export interface ChangeSetRefusal {
  code: ErrorCode;
  message: string;
}

const invalid = (message: string): ChangeSetRefusal => ({ code: 'invalid-argument', message });
const denied = (message: string): ChangeSetRefusal => ({ code: 'permission-denied', message });

function groupProblem(v: unknown, name: string, item: (x: unknown) => string | null, removeId: (x: unknown) => boolean): string | null {
  if (!isObj(v) || !onlyKeys(v, ['upsert', 'remove']) || !Array.isArray(v.upsert) || !Array.isArray(v.remove)) return `Change set ${name} must have upsert and remove lists`;
  for (const x of v.upsert) {
    const problem = item(x);
    if (problem) return problem;
  }
  if (!v.remove.every(removeId)) return `Change set ${name}: a removed id is invalid`;
  const ids = [...(v.upsert as { id: string }[]).map((x) => x.id), ...(v.remove as string[])];
  if (new Set(ids).size !== ids.length) return `Change set ${name}: an id appears more than once`;
  return null;
}

/**
 * The structure of a change set received over the wire; null when it is a well-formed ChangeSet.
 * Text comes first: a NUL or an unpaired surrogate anywhere (ids included) is refused before any
 * id is matched against its pattern or looked up.
 */
export function changeSetShapeProblem(v: unknown): string | null {
  const text = jsonTextProblem(v);
  if (text) return text;
  if (!isObj(v) || !onlyKeys(v, ['baseRevision', ...KIND_KEYS])) return 'Change set has an unexpected shape';
  if (!Number.isSafeInteger(v.baseRevision) || (v.baseRevision as number) < 0) return 'Change set baseRevision must be a whole number';
  for (const key of KIND_KEYS) {
    const kind = ENTITY_KINDS[key];
    if (v[key] === undefined && kind.optional) continue;
    const problem = groupProblem(v[key], key, kind.shapeProblem, kind.isId);
    if (problem) return problem;
  }
  return null;
}

/**
 * §6 rights of the acting member against the stored state. Every rule is looked at (no early
 * return), so one run asks the neighbourhood for everything the rights need.
 */
function rightsProblem(cs: ChangeSet, before: GraphView, ctx: ChangeSetContext): ChangeSetRefusal | null {
  const { actingUid: uid, graphOwnerUid } = ctx;
  const problems: ChangeSetRefusal[] = [];
  if (!canEditTree(ctx.role)) {
    // A viewer's only write: plain fields of their own profile (their uid, or the card they claimed).
    const structural = WHOLE_KEYS.reduce((n, k) => n + groupSize(groupOf(cs, k)), 0) + cs.profiles.remove.length;
    const ownOnly = cs.profiles.upsert.every((p) => {
      const old = before.profile(p.id);
      return !p.create && !p.add && !p.remove && !!old && (old.id === uid || old.ownerUid === uid);
    });
    if (structural || !ownOnly) problems.push(denied(ROLE_MESSAGES.viewer));
  }
  const claimed = (profileId: string) => {
    const p = profileId ? before.profile(profileId) : undefined;
    return !!p && isClaimedByAnother(p, uid);
  };
  for (const id of cs.nodes.remove) {
    const old = before.node(id);
    if (old?.data.isPrimary) problems.push(denied(RELATIONSHIP_MESSAGES.primaryNotDeletable));
    else if (old && claimed(old.data.profileId)) problems.push(denied(RIGHTS_MESSAGES.remove));
  }
  for (const n of cs.nodes.upsert) {
    const old = before.node(n.id);
    if (old?.data.isPrimary && !n.data.isPrimary) problems.push(denied(RELATIONSHIP_MESSAGES.primaryNotDeletable));
    else if (old?.data.isPrimary && n.data.profileId !== old.data.profileId) problems.push(denied(EDIT_PERSON_MESSAGES.ownProfileRelink));
    else if (n.data.isPrimary && !old?.data.isPrimary && n.data.profileId !== graphOwnerUid) problems.push(invalid("Only the graph owner's own profile can be the primary person"));
    else if (old && old.data.profileId !== n.data.profileId && claimed(old.data.profileId)) problems.push(denied(RIGHTS_MESSAGES.relink));
  }
  const removed = new Set(cs.profiles.remove);
  const created = new Set(cs.profiles.upsert.filter((p) => p.create && !before.profile(p.id)).map((p) => p.id));
  for (const p of cs.profiles.upsert) {
    const old = before.profile(p.id);
    const set = p.set ?? {};
    if (!old) {
      if (!p.create) problems.push({ code: 'not-found', message: `Profile ${p.id} no longer exists` });
      else if (p.id !== uid && !p.id.startsWith(PROFILE_ID_PREFIX)) problems.push(invalid(`A new profile id must start with ${PROFILE_ID_PREFIX}`));
      else if ((set.createdBy ?? '') !== uid) problems.push(denied('A new profile must be created by the member saving it'));
      else if ((set.ownerUid ?? '') && !(set.ownerUid === uid && p.id === uid)) problems.push(denied('A new profile cannot be given to another member'));
      continue;
    }
    const readOnly = READ_ONLY_FIELDS.find((f) => Object.hasOwn(set, f) && set[f] !== old[f]);
    if (readOnly) {
      problems.push(denied(`The field ${readOnly} is read-only`));
      continue;
    }
    // A person's events, names and citations are theirs as their other fields are.
    const edits = hasFactParts(p) || (Object.keys(set) as ScalarField[]).some((f) => PERSONAL_FIELDS.includes(f) && set[f] !== old[f]);
    if (edits && !canEditProfile(old, uid, ctx.role)) problems.push(denied(RIGHTS_MESSAGES.edit));
    else if (isClaimedByAnother(old, uid)) {
      // Relatives of a claimed person change only with people added or removed in the same set:
      // a new child or spouse may be added next to them, a removed person's entries go with them.
      const relisted = RELATION_FIELDS.some((f) => (p.add?.[f] ?? []).some((x) => !created.has(x)) || (p.remove?.[f] ?? []).some((x) => !removed.has(x)));
      if (relisted) problems.push(denied(RIGHTS_MESSAGES.relatives));
    }
  }
  for (const id of cs.profiles.remove) {
    const old = before.profile(id);
    if (old && !canRemoveProfile(old, uid, graphOwnerUid)) problems.push(denied(id === graphOwnerUid ? RELATIONSHIP_MESSAGES.primaryNotDeletable : RIGHTS_MESSAGES.remove));
  }
  return problems[0] ?? null;
}

const relationalNodeChange = (old: GraphNode | undefined, n: GraphNode) => !old || old.data.profileId !== n.data.profileId || old.data.isPrimary !== n.data.isPrimary;
const relationalEdgeChange = (old: GraphEdge | undefined, e: GraphEdge) =>
  !old || old.source !== e.source || old.target !== e.target || old.hidden !== e.hidden || old.data.kind !== e.data.kind;

/**
 * What a change set touched as far as the invariants go, with the list partners of every touched
 * profile before and after. Moving or hiding a card, or editing plain fields, touches nothing here.
 */
function touchedScope(cs: ChangeSet, before: GraphView, after: GraphView): Required<CheckScope> {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  const profiles = new Set<string>();
  const touchNode = (id: string) => {
    nodes.add(id);
    for (const view of [before, after]) {
      const pid = view.node(id)?.data.profileId;
      if (pid) profiles.add(pid);
    }
  };
  for (const id of cs.nodes.remove) if (before.node(id)) touchNode(id);
  for (const n of cs.nodes.upsert) if (relationalNodeChange(before.node(n.id), n)) touchNode(n.id);
  for (const e of cs.edges.upsert) {
    const old = before.edge(e.id);
    if (!relationalEdgeChange(old, e)) continue;
    edges.add(e.id);
    for (const end of [e.source, e.target, old?.source, old?.target]) if (end) touchNode(end);
  }
  for (const id of cs.edges.remove) {
    const old = before.edge(id);
    if (!old) continue;
    edges.add(id);
    touchNode(old.source);
    touchNode(old.target);
  }
  for (const p of cs.profiles.upsert) if (p.create || p.add || p.remove) profiles.add(p.id);
  for (const id of cs.profiles.remove) profiles.add(id);
  const partners = new Set<string>();
  for (const id of profiles) {
    for (const view of [before, after]) {
      const p = view.profile(id);
      if (p) for (const f of RELATION_FIELDS) for (const other of p[f]) partners.add(other);
    }
  }
  return { nodes, edges, profiles, partners };
}

/**
 * A written profile's §5 problem, remembered per patch across rounds: it depends only on the
 * patch and the stored profile, which a later round finds the same once it has been read.
 */
type RecordChecks = WeakMap<ProfilePatch, { old: Profile | undefined; problem: string | null }>;

function recordProblem(p: ProfilePatch, before: GraphView, after: GraphView, ctx: ChangeSetContext, checked: RecordChecks): string | null {
  const old = before.profile(p.id);
  const known = checked.get(p);
  if (known && known.old === old) return known.problem;
  const next = after.profile(p.id);
  const problem = next ? checkProfileRecord(next, ctx) : null;
  // A problem the stored profile already had does not block the change.
  const fresh = problem && problem !== (old && checkProfileRecord(old, ctx)) ? problem : null;
  checked.set(p, { old, problem: fresh });
  return fresh;
}

/**
 * One run of every check over what has been read so far. `whole`: the run went through every
 * check (one stopped while the change set's own items are unread is not), so when the reads it
 * asked for find nothing, its verdict is the stored state's.
 */
function judge(cs: ChangeSet, ctx: ChangeSetContext, checked: RecordChecks): { verdict: ChangeSetRefusal | null; whole: boolean } {
  const hood = ctx.neighbourhood;
  const before = hood.before();
  // The change set's own items first, in one round: what the rights and the scope start from.
  for (const id of [...cs.nodes.remove, ...cs.nodes.upsert.map((n) => n.id)]) before.node(id);
  for (const e of cs.edges.upsert) for (const end of [e.source, e.target]) before.node(end);
  for (const id of [...cs.edges.remove, ...cs.edges.upsert.map((e) => e.id)]) before.edge(id);
  for (const id of [...cs.profiles.remove, ...cs.profiles.upsert.map((p) => p.id)]) before.profile(id);
  const rights = rightsProblem(cs, before, ctx);
  if (hood.missing) return { verdict: null, whole: false };
  if (rights) return { verdict: rights, whole: true };
  const after = hood.after(cs);
  const facts = factsProblem(cs, before, after, hood.factsBefore(), hood.factsAfter(cs), { uid: ctx.actingUid, role: ctx.role });
  if (facts && !hood.missing) return { verdict: facts, whole: true };

  let record: ChangeSetRefusal | null = null;
  for (const p of cs.profiles.upsert) {
    const problem = recordProblem(p, before, after, ctx, checked);
    if (problem) {
      record = invalid(problem);
      break;
    }
  }
  if (record && !hood.missing) return { verdict: record, whole: true };

  const scope = touchedScope(cs, before, after);
  const problems = checkAround(after, scope);
  // The stored graph is checked only when the change leaves a problem: one it had already is no refusal.
  const known = new Set(problems.length ? checkAround(before, scope).map((p) => p.message) : []);
  const fresh = problems.find((p) => !known.has(p.message));
  const broken = fresh ? invalid(fresh.rule === 'max-parents' ? RELATIONSHIP_MESSAGES.tooManyParents : fresh.message) : null;
  return { verdict: facts ?? record ?? broken, whole: true };
}

/** Reads beyond this many rounds mean a check keeps asking for new things: a bug, not a refusal. */
const MAX_ROUNDS = 12;

/**
 * The gate: refuses the whole change set with a coded error, or answers null when it may be
 * applied. Checks, in order: the shape of every item (text, ids, formats, lengths); §6 rights of
 * the acting member (personal fields only of profiles they may edit; read-only fields untouched;
 * the primary person neither removed nor re-linked; claimed cards are their owner's: nobody else
 * removes them, re-links them or changes their relatives); every written profile a valid record
 * (§5 formats); then the graph invariants of `checkAround` around everything touched, before and
 * after: problems already stored do not block a change; last, that no parent link it adds makes
 * someone their own ancestor (`firstLoop`, over the ancestors of the new links only).
 *
 * Only the neighbourhood of the change is read, a few batched rounds whatever the graph's size.
 * Codes: 'invalid-argument' for malformed sets and broken rules, 'permission-denied' for rights
 * (not retried by the client), 'not-found' for an edit of a profile that was removed meanwhile.
 */
export async function validateChangeSet(changes: unknown, ctx: ChangeSetContext): Promise<ChangeSetRefusal | null> {
  const shape = changeSetShapeProblem(changes);
  if (shape) return invalid(shape);
  return validateWellFormed(changes as ChangeSet, ctx);
}

/**
 * `validateChangeSet` after its shape check, for a caller that has made it already
 * (`saveChangeSet`, before its transaction: at 100,000 people it costs half a second).
 */
export async function validateWellFormed(cs: ChangeSet, ctx: ChangeSetContext): Promise<ChangeSetRefusal | null> {
  const checked: RecordChecks = new WeakMap();
  const verdict = await settle(ctx.neighbourhood, () => judge(cs, ctx, checked), MAX_ROUNDS);
  if (verdict) return verdict;
  // A moved place walks up its hierarchy, one round of reads per stored level.
  const places = await settle(ctx.neighbourhood, () => ({ verdict: placeCycleProblem(cs, ctx.neighbourhood.factsAfter(cs)), whole: true }), FACT_LIMITS.placeDepth + 2);
  if (places) return places;
  // Last, once everything else holds: one round per generation of ancestors above the new links.
  return settle(ctx.neighbourhood, () => ({ verdict: ancestryProblem(cs, ctx.neighbourhood), whole: true }), MAX_GENERATIONS);
}

/** Runs `check` over what has been read until it asks for nothing the store has. */
async function settle(hood: Neighbourhood, check: () => { verdict: ChangeSetRefusal | null; whole: boolean }, maxRounds: number): Promise<ChangeSetRefusal | null> {
  for (let round = 0; round <= maxRounds; round++) {
    const { verdict, whole } = check();
    if (!hood.missing) return verdict;
    // Nothing found: another run would get the same answers and give the same verdict. A big
    // import's last round (the lines and cards of 100,000 new people) finds nothing, and a run
    // over them costs seconds.
    if (!(await hood.read()) && whole) return verdict;
  }
  throw new Error('validateChangeSet: the neighbourhood of the change set did not settle');
}

/** Each round reads a new generation of ancestors; a line this long is not a family. */
const MAX_GENERATIONS = 100_000;

/** A parent link the change adds that makes someone their own ancestor (§5, `firstLoop`), named. */
function ancestryProblem(cs: ChangeSet, hood: Neighbourhood): ChangeSetRefusal | null {
  const after = hood.after(cs);
  const links = addedParentLinks(cs.profiles.upsert.map((p) => p.id), hood.before(), after);
  const loop = firstLoop(after, links);
  return loop ? invalid(RELATIONSHIP_MESSAGES.ownAncestor(personName(after.profile(loop.child) ?? { firstName: '', lastName: '' }))) : null;
}

import { isEmptyChangeSet, type ChangeSet } from '../changeSet.ts';
import { viewerSeesMedia } from '../media/model.ts';
import type { Media } from '../media/types.ts';
import { personPrivacy, relativesIn, type PrivacyContext } from '../privacy.ts';
import type { Graph } from '../types.ts';
import { summarise } from './entry.ts';
import type { ChangeBefore, HistoryEntry } from './types.ts';

/**
 * A viewer's history (issue 24: "a viewer sees history only as privacy allows"): every part of a
 * change about a person the viewer may not see whole is left out — their profile patch and its
 * before-values, their cards and the lines of those cards, their couples, the photos and documents
 * they are in (before or after: `viewerSeesMedia`) — and an entry left with nothing is dropped. So a viewer reads in the history nothing the tree itself keeps from them
 * (src/domain/privacy.ts decides who that is). A change kept by reference shows by its counts.
 */
export function historyForViewer(entries: readonly HistoryEntry[], hidden: ReadonlySet<string>): HistoryEntry[] {
  if (!hidden.size) return [...entries];
  const out: HistoryEntry[] = [];
  for (const e of entries) {
    if (!e.changes || !e.before) {
      out.push(e);
      continue;
    }
    const media = hiddenMedia(e.changes, e.before, hidden);
    if (!e.profileIds.some((id) => hidden.has(id)) && !media.size) {
      out.push(e);
      continue;
    }
    const shown = visiblePart(e.changes, e.before, hidden, media);
    const profileIds = e.profileIds.filter((id) => !hidden.has(id));
    // A change of photos alone names no one in profileIds: it is left with nothing when its photos are.
    if (e.profileIds.length ? !profileIds.length : isEmptyChangeSet(shown.changes)) continue;
    // The counts too ("added 3 people"): the activity and Home tell a change by them.
    out.push({ ...e, ...shown, summary: summarise(shown.changes, shown.before), profileIds, removedIds: e.removedIds.filter((id) => !hidden.has(id)) });
  }
  return out;
}

/** The media ids of a change whose record, before or after, shows someone the viewer does not see whole. */
function hiddenMedia(changes: ChangeSet, before: ChangeBefore, hidden: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const seen = (m: Media | null | undefined) => !m || viewerSeesMedia(m, (p) => !hidden.has(p));
  for (const m of changes.media?.upsert ?? []) if (!seen(m)) out.add(m.id);
  for (const [id, m] of Object.entries(before.media ?? {})) if (!seen(m)) out.add(id);
  return out;
}

function visiblePart(changes: ChangeSet, before: ChangeBefore, hidden: ReadonlySet<string>, media: ReadonlySet<string>): { changes: ChangeSet; before: ChangeBefore } {
  const hiddenCards = new Set<string>();
  for (const n of changes.nodes.upsert) if (hidden.has(n.data.profileId)) hiddenCards.add(n.id);
  for (const [id, n] of Object.entries(before.nodes ?? {})) if (n && hidden.has(n.data.profileId)) hiddenCards.add(id);
  const lineHidden = (id: string) => {
    const e = changes.edges.upsert.find((x) => x.id === id) ?? before.edges?.[id];
    return !!e && (hiddenCards.has(e.source) || hiddenCards.has(e.target));
  };
  const keep = <T,>(rec: Record<string, T> | undefined, ok: (id: string, v: T) => boolean) => rec && Object.fromEntries(Object.entries(rec).filter(([id, v]) => ok(id, v)));
  const c: ChangeSet = {
    ...changes,
    nodes: { upsert: changes.nodes.upsert.filter((n) => !hiddenCards.has(n.id)), remove: changes.nodes.remove.filter((id) => !hiddenCards.has(id)) },
    edges: { upsert: changes.edges.upsert.filter((e) => !lineHidden(e.id)), remove: changes.edges.remove.filter((id) => !lineHidden(id)) },
    profiles: {
      upsert: changes.profiles.upsert.filter((p) => !hidden.has(p.id)).map((p) => withoutHiddenEntries(p, hidden)),
      remove: changes.profiles.remove.filter((id) => !hidden.has(id)),
    },
  };
  if (changes.couples) {
    const coupleHidden = (partners: readonly string[]) => partners.some((p) => hidden.has(p));
    c.couples = {
      upsert: changes.couples.upsert.filter((x) => !coupleHidden(x.partners)),
      remove: changes.couples.remove.filter((id) => !coupleHidden(before.couples?.[id]?.partners ?? [])),
    };
  }
  if (changes.media) c.media = { upsert: changes.media.upsert.filter((m) => !media.has(m.id)), remove: changes.media.remove.filter((id) => !media.has(id)) };
  const b: ChangeBefore = {
    ...before,
    media: keep(before.media, (id) => !media.has(id)),
    nodes: keep(before.nodes, (id) => !hiddenCards.has(id)),
    edges: keep(before.edges, (id) => !lineHidden(id)),
    couples: keep(before.couples, (_id, x) => !x || !x.partners.some((p) => hidden.has(p))),
    profiles: keep(before.profiles, (id) => !hidden.has(id)),
  };
  return { changes: c, before: b };
}

/** A patch without the relationship entries naming hidden people. */
function withoutHiddenEntries<T extends { add?: Record<string, string[] | undefined>; remove?: Record<string, string[] | undefined> }>(p: T, hidden: ReadonlySet<string>): T {
  const strip = (lists?: Record<string, string[] | undefined>) => lists && Object.fromEntries(Object.entries(lists).map(([f, xs]) => [f, (xs ?? []).filter((x) => !hidden.has(x))]));
  return { ...p, ...(p.add ? { add: strip(p.add) } : {}), ...(p.remove ? { remove: strip(p.remove) } : {}) };
}

/** The people of a tree a viewer does not see whole: their part of the history is left out. */
export function hiddenPeople(graph: Graph, ctx: PrivacyContext): Set<string> {
  const hidden = new Set<string>();
  for (const p of Object.values(graph.profiles)) if (personPrivacy(p, relativesIn(graph.profiles, p), ctx).visibility !== 'everything') hidden.add(p.id);
  return hidden;
}

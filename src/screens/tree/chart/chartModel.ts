/**
 * The layout model of a chart export, read from the live canvas: the cards at the places the
 * tree shows them and the lines as the canvas routes them, so the export is what the member
 * sees. With "leave out living people" the cards are made again from the tree as anyone may see
 * it (§6: living people "Private", without dates or photos).
 */
import type { ChartModel } from '../../../../engine/export/scene.ts';
import type { CanvasEngine, CardData } from '../../../../engine/index.ts';
import { redactGraph } from '../../../domain/privacy.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import type { TreeRole } from '../../../domain/roles.ts';
import { personCardData } from '../canvas/personCards.ts';

export interface ModelOptions {
  title?: string;
  subtitle?: string;
  /** Redact the living as for anyone (owners and editors may choose it; a viewer's graph already is). */
  leaveOutLiving: boolean;
  graph: Graph;
  currentYear: number;
  role: TreeRole;
  uid: string;
}

/** A card's drawing as plain data (the live card computes its parts lazily; a worker needs them). */
function plain(d: CardData): CardData {
  return { title: d.title, lines: [...(d.lines ?? [])], detail: d.detail, image: d.image, accent: d.accent, compact: d.compact };
}

export function chartModel(engine: CanvasEngine, ids: ReadonlySet<string>, o: ModelOptions): ChartModel {
  const store = engine.store;
  let redacted: { profiles: Record<string, Profile>; privacy: Record<string, unknown> } | null = null;
  if (o.leaveOutLiving) {
    const r = redactGraph(o.graph, { audienceUid: '', currentYear: o.currentYear, visibilityOf: () => 'private' });
    redacted = { profiles: r.graph.profiles, privacy: r.privacy };
  }
  const nodes = redacted ? new Map(o.graph.nodes.map((n) => [n.id, n])) : null;
  const cards: ChartModel['cards'] = [];
  for (const id of ids) {
    const rec = store.nodes.get(id);
    if (!rec || rec.hidden) continue;
    let data = rec.node.data as CardData;
    const node = nodes?.get(id);
    if (redacted && node) {
      const profileId = node.data.profileId;
      data = personCardData(node, redacted.profiles[profileId], { invitationsEnabled: false, compact: !!data.compact, uid: '', role: 'viewer', isPrivate: (p) => !!redacted!.privacy[p] }, false);
    }
    cards.push({ id, x: rec.x, y: rec.y, width: rec.width, height: rec.height, data: plain(data) });
  }
  const lines: ChartModel['lines'] = [];
  for (const rec of store.edges.values()) {
    if (!ids.has(rec.edge.source) || !ids.has(rec.edge.target)) continue;
    const geo = store.edgeGeometry(rec, false);
    if (!geo) continue;
    lines.push({ cmds: geo.commands, color: rec.edge.color, width: rec.edge.style?.width, dash: rec.edge.style?.dash });
  }
  return { cards, lines, title: o.title, subtitle: o.subtitle };
}

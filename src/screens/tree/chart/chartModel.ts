/**
 * The layout model of a chart export, read from the live canvas: the cards at the places the
 * tree shows them and the lines as the canvas routes them, so the export is what the member
 * sees. With "leave out living people" the cards are made again from the tree as anyone may see
 * it (§6: living people "Private", without dates or photos).
 */
import type { ChartModel, LegendEntry } from '../../../../engine/export/scene.ts';
import type { CanvasEngine, CardData } from '../../../../engine/index.ts';
import { PRIVATE_NAME, redactGraph } from '../../../domain/privacy.ts';
import type { Graph, Pedigree, Profile } from '../../../domain/types.ts';
import type { TreeRole } from '../../../domain/roles.ts';
import { personCardData } from '../canvas/personCards.ts';
import { LEGEND_TEXTS } from './texts.ts';

export interface ModelOptions {
  title?: string;
  subtitle?: string;
  /** Redact the living as for anyone (owners and editors may choose it; a viewer's graph already is). */
  leaveOutLiving: boolean;
  graph: Graph;
  currentYear: number;
  role: TreeRole;
  uid: string;
  /** A legend under the chart: what its lines mean, and "Private" if a card shows it. */
  legend?: boolean;
}

/** A card's drawing as plain data (the live card computes its parts lazily; a worker needs them). */
export function plainCard(d: CardData): CardData {
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
    cards.push({ id, x: rec.x, y: rec.y, width: rec.width, height: rec.height, data: plainCard(data) });
  }
  const lines: ChartModel['lines'] = [];
  const kinds: LineKind[] = [];
  for (const rec of store.edges.values()) {
    if (!ids.has(rec.edge.source) || !ids.has(rec.edge.target)) continue;
    const geo = store.edgeGeometry(rec, false);
    if (!geo) continue;
    const line = { cmds: geo.commands, color: rec.edge.color, width: rec.edge.style?.width, dash: rec.edge.style?.dash };
    lines.push(line);
    if (o.legend) kinds.push({ data: rec.edge.data as LineKind['data'], color: line.color, width: line.width ?? 1.5, dash: line.dash ?? [] });
  }
  const legend = o.legend ? legendOf(kinds, cards.some((c) => c.data.title.startsWith(PRIVATE_NAME))) : undefined;
  return { cards, lines, title: o.title, subtitle: o.subtitle, ...(legend?.length ? { legend } : {}) };
}

export interface LineKind {
  data: { kind?: string; pedigree?: Pedigree } | undefined;
  color: string | undefined;
  width: number;
  dash: number[];
}

const sameLook = (a: LegendEntry['line'], b: LegendEntry['line']) => !!a && !!b && a.color === b.color && a.width === b.width && a.dash.join() === b.dash.join();

/**
 * The legend of the lines drawn, first of each kind: parent and child, each kind of pedigree whose
 * line looks different from a birth line's, partners; and what "Private" means when a card says it.
 */
export function legendOf(lines: readonly LineKind[], hasPrivate: boolean): LegendEntry[] {
  const out: LegendEntry[] = [];
  const look = (l: LineKind) => ({ color: l.color, width: l.width, dash: [...l.dash] });
  const birth = lines.find((l) => l.data?.kind !== 'spouse' && !l.data?.pedigree);
  if (birth) out.push({ label: LEGEND_TEXTS.parent, line: look(birth) });
  const seen = new Set<Pedigree>();
  for (const l of lines) {
    const p = l.data?.kind !== 'spouse' ? l.data?.pedigree : undefined;
    if (!p || seen.has(p)) continue;
    seen.add(p);
    if (!birth || !sameLook(look(l), look(birth))) out.push({ label: LEGEND_TEXTS.pedigree[p], line: look(l) });
  }
  const spouse = lines.find((l) => l.data?.kind === 'spouse');
  if (spouse) out.push({ label: LEGEND_TEXTS.partners, line: look(spouse) });
  if (hasPrivate) out.push({ label: LEGEND_TEXTS.private });
  return out;
}

import type { EngineEdge } from '../../../../engine/index.ts';
import { marriageLabel } from '../../../domain/facts/coupleLabel.ts';
import { coupleId, type Couple } from '../../../domain/facts/types.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import type { Graph } from '../../../domain/types.ts';

/**
 * A couple's line on the canvas (issue 20): the dashed spouse line between two cards shows the
 * couple's marriage year ("m. 1840"), and a click or tap on it opens the couple's events. The
 * engine asks for labels only for the lines it draws; a label is worked out once per couple
 * object (couples are replaced, never changed, so a changed couple is asked again).
 */

const labels = new WeakMap<Couple, string>();

/** The two profiles a spouse line joins, source card's first; null for any other line. */
export function partnersOfLine(graph: Graph, edge: Pick<EngineEdge, 'source' | 'target' | 'data'>): [string, string] | null {
  if ((edge.data as { kind?: string } | undefined)?.kind !== 'spouse') return null;
  const nodes = graphIndex(graph).nodes;
  const a = nodes.get(edge.source)?.data.profileId;
  const b = nodes.get(edge.target)?.data.profileId;
  return a && b ? [a, b] : null;
}

/** The label of a line: the couple's marriage ("m. 1840"), '' for other lines and couples without one. */
export function coupleLineLabel(graph: Graph, edge: Pick<EngineEdge, 'source' | 'target' | 'data'>): string {
  if (!graph.couples) return '';
  const partners = partnersOfLine(graph, edge);
  const couple = partners ? graph.couples[coupleId(partners[0], partners[1])] : undefined;
  if (!couple) return '';
  let label = labels.get(couple);
  if (label === undefined) labels.set(couple, (label = marriageLabel(couple)));
  return label;
}

/**
 * The pedigree, descendant and hourglass chart views' cards (issue 22), read from the tree's
 * profiles: each person's card made by the tree's own card code (name, years, avatar), at the
 * places `lineageChart` gives them (a descendant's partners beside them). The graph is the member's own (a viewer's is redacted by the
 * server already, and "Leave out living people" redacts it again), so a chart shows nothing the
 * tree hides.
 */
import { fatherAndMother } from '../../../../engine/export/fan.ts';
import { lineageChart, type LineageChart, type LineageLayout, type LineageSizes } from '../../../../engine/export/lineage.ts';
import type { ChartModel } from '../../../../engine/export/scene.ts';
import type { Graph, GraphNode } from '../../../domain/types.ts';
import { PERSON_CARD, personCardData } from '../canvas/personCards.ts';
import { plainCard } from './chartModel.ts';

export const LINEAGE_SIZES: LineageSizes = { cardWidth: PERSON_CARD.width, cardHeight: PERSON_CARD.height, columnGap: 48, rowGap: 16 };

export interface LineageView {
  chart: LineageChart;
  model: ChartModel;
}

export function lineageModel(
  profiles: Graph['profiles'],
  root: string,
  layout: LineageLayout,
  generations: number,
  isPrivate: (profileId: string) => boolean,
): LineageView {
  const known = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => profiles[id]);
  // Father above mother, as on the fan; the rest of a person's parents (past two) are left out there too.
  const parentsOf = (id: string) => fatherAndMother(known(profiles[id]?.parents), (p) => profiles[p]?.gender ?? '').filter((p): p is string => !!p);
  // Partners beside each descendant, as the tree shows them (the descendants' side only).
  const partnersOf = (id: string) => known(profiles[id]?.spouses);
  const chart = lineageChart(root, layout, generations, { parentsOf, childrenOf: (id) => known(profiles[id]?.children), partnersOf }, LINEAGE_SIZES);
  const cards = chart.places.map((place, i) => {
    const node: GraphNode = { id: place.id, type: 'person', position: { x: place.x, y: place.y }, modifiedAt: '', hidden: false, data: { profileId: place.id } as GraphNode['data'] };
    const data = personCardData(node, profiles[place.id], { invitationsEnabled: false, compact: false, uid: '', role: 'viewer', isPrivate }, false);
    return { id: `${place.id}#${i}`, x: place.x, y: place.y, width: LINEAGE_SIZES.cardWidth, height: LINEAGE_SIZES.cardHeight, data: plainCard(data) };
  });
  return { chart, model: { cards, lines: chart.lines.map((cmds) => ({ cmds })) } };
}

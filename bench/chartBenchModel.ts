/** The bench trees as an export's layout model (Node bench and the browser bench's page). */
import type { ChartModel } from '../engine/export/scene.ts';
import { layoutFamilies, type LayoutInput } from '../src/domain/layout/index.ts';

const CARD = { width: 132, height: 96 };

/** The laid-out tree as the canvas would hand it over: cards, and a fork line per family. */
export function model(input: LayoutInput, title: string): ChartModel {
  const { positions } = layoutFamilies(input);
  const cards = input.people.map((id, i) => ({
    id, ...positions[id]!, ...CARD,
    data: { title: `Person ${i + 1} Surname${i % 97}`, lines: [`Born ${1700 + (i % 300)}`, i % 2 ? 'Male' : 'Female'], accent: i % 2 ? '#4a7b63' : '#c77d3e' },
  }));
  const lines: ChartModel['lines'] = [];
  for (const f of input.families) {
    const ps = f.partners.map((p) => positions[p]).filter(Boolean);
    if (!ps.length) continue;
    const from = { x: ps.reduce((s, p) => s + p!.x, 0) / ps.length + CARD.width / 2, y: ps[0]!.y + CARD.height };
    for (const c of f.children) {
      const to = positions[c];
      if (!to) continue;
      const mid = (from.y + to.y) / 2;
      lines.push({ cmds: [{ op: 'M', x: from.x, y: from.y }, { op: 'L', x: from.x, y: mid }, { op: 'L', x: to.x + CARD.width / 2, y: mid }, { op: 'L', x: to.x + CARD.width / 2, y: to.y }] });
    }
  }
  return { cards, lines, title, subtitle: 'Bench' };
}


import { describe, expect, it, vi } from 'vitest';
import type { NotifyOptions } from '../../../src/components/notify.ts';
import { branchNodeIds, layoutFamilies, layoutInputFromGraph, LAYOUT, moveCards, tidyPlan, tidyPositions } from '../../../src/domain/layout/index.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { commandForKey, commandTargets, runCommand } from '../../../src/screens/tree/actions/commands.ts';
import { tidyUpAction, TIDY_TEXTS, type TreeActionContext } from '../../../src/screens/tree/actions/index.ts';
import type { LayoutRunner } from '../../../src/screens/tree/layout/runLayout.ts';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { family, NOW, UID } from '../../browser/tree/fixtures.ts';
import { checkLayout } from './invariants.ts';

/*
 * family(): n1001 Ada (F) — mother n1004 Anne; spouses n1002 William (M, child n1003 Byron) and
 * n1005 Charles (M).
 */

const positionsOf = (g: Graph) => Object.fromEntries(g.nodes.map((n) => [n.id, n.position]));

function overlapping(g: Graph): number {
  const shown = g.nodes.filter((n) => !n.hidden);
  let pairs = 0;
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i]!.position, b = shown[j]!.position;
      if (Math.abs(a.x - b.x) < 140 && Math.abs(a.y - b.y) < 100) pairs++;
    }
  }
  return pairs;
}

describe('layoutInputFromGraph', () => {
  it('reads families from parent lines and couples from the spouse lists, the man first', () => {
    expect(layoutInputFromGraph(family())).toEqual({
      people: ['n1001', 'n1002', 'n1003', 'n1004', 'n1005'],
      families: [
        { partners: ['n1004'], children: ['n1001'] },
        { partners: ['n1002', 'n1001'], children: ['n1003'] },
        { partners: ['n1005', 'n1001'], children: [] },
      ],
    });
  });

  it('keeps to the cards asked for, and orders children as they stand', () => {
    const g = family();
    // Charles as Ada's second child (at x −300, left of Byron at 100) instead of her husband.
    g.profiles[UID] = { ...g.profiles[UID]!, spouses: ['pr:william'] };
    g.profiles['pr:charles'] = { ...g.profiles['pr:charles']!, spouses: [] };
    g.edges.push({ ...g.edges[0]!, id: 'e-n1001-n1005', target: 'n1005' });
    expect(layoutInputFromGraph(g, ['n1001', 'n1003', 'n1005'])).toEqual({
      people: ['n1001', 'n1003', 'n1005'],
      families: [{ partners: ['n1001'], children: ['n1005', 'n1003'] }],
    });
  });
});

describe('branchNodeIds', () => {
  it.each([
    ['a person: their descendants and the spouses of all of them', ['n1001'], ['n1001', 'n1002', 'n1003', 'n1005']],
    ['a spouse: their children and their own spouse, not her other spouse', ['n1002'], ['n1001', 'n1002', 'n1003']],
    ['a child without family below', ['n1003'], ['n1003']],
    ['unknown cards are no branch', ['n9'], []],
  ])('%s', (_, selected, branch) => {
    expect(branchNodeIds(family(), selected)).toEqual(branch);
  });

  it('leaves hidden (collapsed) cards where they are', () => {
    const g = family();
    g.nodes = g.nodes.map((n) => (n.id === 'n1003' ? { ...n, hidden: true } : n));
    expect(branchNodeIds(g, ['n1002'])).toEqual(['n1001', 'n1002']);
    expect(tidyPlan(g, [])!.nodeIds).not.toContain('n1003');
  });
});

describe('tidyPlan and tidyPositions', () => {
  it('lays out the whole tree with nothing selected, from where its top-left card was', () => {
    const g = family();
    const plan = tidyPlan(g, [])!;
    expect(plan).toMatchObject({ scope: 'tree', nodeIds: ['n1001', 'n1002', 'n1003', 'n1004', 'n1005'], anchor: { x: -300, y: -160 } });
    const at = tidyPositions(g, plan, layoutFamilies(plan.input));
    expect(Math.min(...[...at.values()].map((p) => p.x))).toBe(-300);
    expect(Math.min(...[...at.values()].map((p) => p.y))).toBe(-160);
    // Anne above Ada; Ada between her two husbands; Byron under Ada and William.
    const p = Object.fromEntries(at);
    expect(p.n1004!.y).toBe(p.n1001!.y - LAYOUT.rowPitch);
    expect([p.n1002!.y, p.n1005!.y]).toEqual([p.n1001!.y, p.n1001!.y]);
    expect(Math.abs(p.n1001!.x - p.n1002!.x)).toBe(LAYOUT.partnerPitch);
    expect(Math.abs(p.n1001!.x - p.n1005!.x)).toBe(LAYOUT.partnerPitch);
    expect(p.n1003!.y).toBe(p.n1001!.y + LAYOUT.rowPitch);
    expect(checkLayout(plan.input, { ...layoutFamilies(plan.input), positions: Object.fromEntries([...at].map(([id, q]) => [id, { x: q.x + 300, y: q.y + 160 }])) })).toMatchObject({ overlaps: 0, parentsNotAbove: 0, couplesApart: 0 });
  });

  it('keeps a branch at its top-left, moved right clear of the other cards', () => {
    const g = family();
    // Anne stands right where Byron's branch would spread.
    g.nodes = g.nodes.map((n) => (n.id === 'n1004' ? { ...n, position: { x: 100, y: 40 } } : n));
    const plan = tidyPlan(g, ['n1002'])!;
    expect(plan).toMatchObject({ scope: 'branch', nodeIds: ['n1001', 'n1002', 'n1003'], anchor: { x: 0, y: 0 } });
    const at = tidyPositions(g, plan, layoutFamilies(plan.input));
    const moved = moveCards(g, at, NOW).graph;
    expect(overlapping(moved)).toBe(0);
    expect(Math.min(...[...at.values()].map((p) => p.y))).toBe(0);
    expect(Math.min(...[...at.values()].map((p) => p.x))).toBe(100 + 140);
  });

  it('answers nothing to lay out on an empty tree', () => {
    expect(tidyPlan({ ...family(), nodes: [], edges: [] }, [])).toBeNull();
  });
});

describe('moveCards', () => {
  it('changes only the cards that move, stamped, and can be undone', () => {
    const g = family();
    const r = moveCards(g, new Map([['n1001', { x: 0, y: 0 }], ['n1002', { x: 180, y: 0 }], ['n404', { x: 1, y: 1 }]]), '2026-12-01T00:00:00.000Z');
    expect(r.changed).toEqual({ nodes: ['n1002'], edges: [], profiles: [] });
    expect(r.graph.nodes.find((n) => n.id === 'n1002')).toMatchObject({ position: { x: 180, y: 0 }, modifiedAt: '2026-12-01T00:00:00.000Z' });
    expect(r.undo.nodes).toEqual([{ id: 'n1002', before: g.nodes[1], index: 1 }]);
  });
});

type Toast = { kind: 'success' | 'error' | 'info'; message: string; options?: NotifyOptions };

function ctx(graph: Graph = family()) {
  const toasts: Toast[] = [];
  const applied: Graph[] = [];
  const session = {
    graph,
    apply(r: { graph: Graph }) {
      applied.push(r.graph);
      this.graph = r.graph;
    },
  };
  const c: TreeActionContext = {
    session,
    uid: UID,
    now: () => NOW,
    findFree: (p) => p,
    newProfileId: () => 'pr:new',
    notify: {
      success: (message, options) => toasts.push({ kind: 'success', message, options }),
      error: (message, options) => toasts.push({ kind: 'error', message, options }),
      info: (message, options) => toasts.push({ kind: 'info', message, options }),
    },
  };
  return { c, session, toasts, applied };
}

const inPlace: LayoutRunner = async (input, onProgress) => layoutFamilies(input, { onProgress });

describe('tidyUpAction', () => {
  it('moves the cards in one edit, and one Undo puts them back', async () => {
    const { c, session, toasts, applied } = ctx();
    const before = positionsOf(session.graph);
    const told: number[] = [];
    const outcome = await tidyUpAction(c, [], inPlace, (f) => told.push(f));
    expect(outcome.ok).toBe(true);
    expect(applied).toHaveLength(1);
    expect(positionsOf(session.graph)).not.toEqual(before);
    expect(overlapping(session.graph)).toBe(0);
    expect(told.at(-1)).toBe(1);
    expect(toasts).toHaveLength(1);
    const [toast] = toasts;
    expect(toast).toMatchObject({ kind: 'success', message: TIDY_TEXTS.treeDone, options: { action: { label: 'Undo' } } });
    toast!.options!.action!.onClick();
    expect(applied).toHaveLength(2);
    expect(positionsOf(session.graph)).toEqual(before);
    expect(toasts[1]).toMatchObject({ kind: 'success', message: TIDY_TEXTS.undone });
  });

  it('tidies a selected branch, and says so', async () => {
    const { c, session, toasts } = ctx();
    await tidyUpAction(c, ['n1002'], inPlace);
    expect(toasts[0]!.message).toBe(TIDY_TEXTS.branchDone);
    expect(session.graph.nodes.find((n) => n.id === 'n1004')!.position).toEqual({ x: -160, y: -160 });
  });

  it('says so when the tree is already tidy, and commits nothing', async () => {
    const { c, toasts, applied } = ctx();
    await tidyUpAction(c, [], inPlace);
    await tidyUpAction(c, [], inPlace);
    expect(applied).toHaveLength(1);
    expect(toasts.at(-1)).toMatchObject({ kind: 'info', message: TIDY_TEXTS.alreadyTidy });
  });

  it('changes nothing when the layout fails', async () => {
    const { c, toasts, applied } = ctx();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await tidyUpAction(c, [], () => Promise.reject(new Error('worker gone')));
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(outcome).toEqual({ ok: false, message: TIDY_TEXTS.failed });
    expect(applied).toHaveLength(0);
    expect(toasts).toEqual([{ kind: 'error', message: TIDY_TEXTS.failed }]);
  });
});

describe('the tidyUp command', () => {
  it('runs on Shift+T, not with Control, ⌘ or Alt', () => {
    expect(commandForKey({ key: 'T', ctrlKey: false, metaKey: false, altKey: false })).toBe('tidyUp');
    expect(commandForKey({ key: 'T', ctrlKey: true, metaKey: false, altKey: false })).toBeUndefined();
    expect(commandForKey({ key: 'T', ctrlKey: false, metaKey: true, altKey: false })).toBeUndefined();
    expect(commandForKey('t')).toBeUndefined();
    expect(commandForKey('Delete')).toBe('delete');
  });

  it('works on the selection, else on the whole tree (never on the focused card alone)', () => {
    expect(commandTargets('tidyUp', ['n1'], 'n2')).toEqual(['n1']);
    expect(commandTargets('tidyUp', [], 'n2')).toEqual([]);
    expect(commandTargets('delete', [], 'n2')).toEqual(['n2']);
    expect(commandTargets('delete', [], undefined)).toBeNull();
  });

  it('asks the tree for a Tidy up, with or without cards', () => {
    treeUi.tidy = null;
    runCommand('tidyUp', []);
    const first = treeUi.tidy!;
    expect(first.nodeIds).toEqual([]);
    runCommand('tidyUp', ['n1001']);
    expect(treeUi.tidy).toMatchObject({ nodeIds: ['n1001'] });
    expect(treeUi.tidy!.seq).toBeGreaterThan(first.seq);
    treeUi.tidy = null;
  });
});

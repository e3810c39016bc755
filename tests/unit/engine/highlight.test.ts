import { describe, expect, it } from 'vitest';
import { Dirty } from '../../../engine/core/engine.ts';
import { makeEditor } from './fixtures.ts';

describe('highlight (a path marked out apart from the selection)', () => {
  it('keeps the known cards and edges, leaves the selection alone, and redraws the scene and the mirror', () => {
    const t = makeEditor();
    const told: number[] = [];
    t.engine.subscribe((d) => told.push(d));
    const changes: unknown[] = [];
    t.engine.options.onNodesChange = (c) => changes.push(...c);
    t.engine.select(['b']);
    changes.length = 0;
    told.length = 0;
    const edgeId = [...t.engine.store.edges.keys()][0]!;
    t.engine.highlight(['a', 'd', 'nobody'], [edgeId, 'no-edge']);
    expect([...t.engine.store.highlightedNodes]).toEqual(['a', 'd']);
    expect([...t.engine.store.highlightedEdges]).toEqual([edgeId]);
    expect([...t.engine.store.selectedNodes]).toEqual(['b']);
    expect(changes).toEqual([]);
    expect(told.length).toBe(1);
    expect(told[0]! & Dirty.scene && told[0]! & Dirty.mirror && told[0]! & Dirty.chrome).toBeTruthy();

    // The same again draws nothing; none clears it.
    t.engine.highlight(['d', 'a'], [edgeId]);
    expect(told.length).toBe(1);
    t.engine.highlight([]);
    expect(t.engine.store.highlightedNodes.size + t.engine.store.highlightedEdges.size).toBe(0);
    expect(told.length).toBe(2);
  });
});

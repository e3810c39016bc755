import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { collapseChildren } from '../../../src/domain/collapse.ts';
import { savePerson } from '../../../src/domain/editPerson.ts';
import { addPersonEvent } from '../../../src/domain/facts/eventOps.ts';
import type { OpResult } from '../../../src/domain/graphDraft.ts';
import { undoAny } from '../../../src/domain/facts/factsResult.ts';
import { emptyProfile, newProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson } from '../../../src/domain/relationships.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { GraphRepository, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import { redoAction, undoAction, UNDO_TEXTS } from '../../../src/screens/tree/actions/undoRedo.ts';
import { SCREEN_COMMANDS } from '../../../src/screens/tree/actions/commands.ts';
import { TreeSession, UNDO_DEPTH } from '../../../src/screens/tree/session/treeSession.ts';

/**
 * The tree's Undo and Redo of a member's own changes (issue 24, item 1): a stack of the tab's
 * changes, each one reversible change; undone before a save it leaves nothing unsaved, after a
 * save it is saved as a new change, and it is refused when another member changed the same thing
 * since.
 */
class MemoryGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  graph: Graph;
  saves: ChangeSet[] = [];
  live: GraphSubscription | null = null;

  constructor(graph: Graph) {
    this.graph = graph;
  }
  async load(): Promise<LoadedGraph> {
    return { graphId: 'u1', ownerUid: 'u1', graph: structuredClone({ ...this.graph, revision: this.graph.revision ?? 0 }), migrations: ['spouses-v1', 'parents-children-v1'], role: 'owner', name: 'Tree', privacy: {} };
  }
  async save(_graphId: string, changes: ChangeSet) {
    this.saves.push(structuredClone(changes));
    this.graph = { ...applyChangeSet(this.graph, changes), revision: (this.graph.revision ?? 0) + 1 };
    return { revision: this.graph.revision! };
  }
  subscribe(_graphId: string, _since: number, handlers: GraphSubscription) {
    this.live = handlers;
    return () => (this.live = null);
  }
  /** Another member's save, arriving live. */
  foreign(changes: ChangeSet) {
    this.graph = { ...applyChangeSet(this.graph, changes), revision: (this.graph.revision ?? 0) + 1 };
    this.live!.onChange({ revision: this.graph.revision!, changes, clientId: 'tab-b', actorUid: 'u2' });
  }
}

const NOW = '2026-11-28T10:00:00.000Z';
const own: Profile = { ...emptyProfile('u1'), firstName: 'Ada', ownerUid: 'u1', createdBy: 'u1' };

function node(id: string, profileId: string, x: number, primary = false): GraphNode {
  return { id, type: 'person', position: { x, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: primary } };
}

async function opened() {
  const repo = new MemoryGraphs({
    nodes: [node('n1001', 'u1', 0, true), node('n1002', 'pr:b', 200)],
    edges: [],
    profiles: { u1: own, 'pr:b': { ...emptyProfile('pr:b'), firstName: 'Bea', createdBy: 'u1' } },
    updatedAt: '',
    version: 1,
    revision: 3,
  });
  const s = new TreeSession({ graphs: repo, uid: 'u1', ownProfile: async () => own, clientId: 'tab-a', now: () => NOW });
  await s.open();
  return { repo, s };
}

const rename = (s: TreeSession, nodeId: string, firstName: string) => {
  const result = savePerson(s.graph, { nodeId, fields: { firstName }, uid: 'u1', now: NOW }) as unknown as OpResult;
  s.apply(result);
  return result;
};

const addChild = (s: TreeSession, id: string) => {
  const result = addRelative(s.graph, { kind: 'child', referenceNodeId: 'n1001', person: { newProfile: newProfile(id, { firstName: 'Kid' }, { uid: 'u1', now: NOW }) }, now: NOW, findFree: (p) => p }) as unknown as OpResult;
  s.apply(result);
  return result;
};

const notify = () => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('undo and redo before a save', () => {
  it('take an edit back and bring it again; undone, nothing is left unsaved or sent', async () => {
    const { repo, s } = await opened();
    expect(s.canUndo).toBe(false);
    rename(s, 'n1002', 'Bella');
    expect(s.canUndo).toBe(true);
    expect(s.undo()).toEqual({ ok: true });
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Bea');
    expect(s.unsaved).toBe(false);
    expect(s.canUndo).toBe(false);
    expect(s.canRedo).toBe(true);
    expect(s.redo()).toEqual({ ok: true });
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Bella');
    expect(s.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(repo.saves).toHaveLength(1);
    expect(repo.graph.profiles['pr:b']!.firstName).toBe('Bella');
  });

  it('go back through several edits newest first, and a new edit clears what could be redone', async () => {
    const { s } = await opened();
    addChild(s, 'pr:kid');
    const kidCard = s.graph.nodes.find((n) => n.data.profileId === 'pr:kid')!.id;
    rename(s, kidCard, 'Kim');
    s.undo();
    expect(s.graph.profiles['pr:kid']!.firstName).toBe('Kid');
    s.undo();
    expect(s.graph.profiles['pr:kid']).toBeUndefined();
    expect(s.graph.nodes.some((n) => n.id === kidCard)).toBe(false);
    expect(s.graph.profiles.u1!.children).toEqual([]);
    expect(s.unsaved).toBe(false);
    s.redo();
    expect(s.graph.profiles['pr:kid']!.firstName).toBe('Kid');
    rename(s, 'n1002', 'Bo');
    expect(s.canRedo).toBe(false);
    expect(s.redo()).toEqual({ ok: false, reason: 'empty' });
  });

  it('take back an event with the new place it made, and a collapse, leaving nothing unsaved', async () => {
    const { s } = await opened();
    s.apply(addPersonEvent(s.graph, { profileId: 'pr:b', fields: { type: 'RESI', customType: '', date: '1850', description: '', age: '', place: 'Bonn' }, uid: 'u1', now: NOW, random: () => 0.5 }) as unknown as OpResult);
    expect(Object.values(s.graph.places ?? {}).map((p) => p.name)).toEqual(['Bonn']);
    addChild(s, 'pr:kid');
    s.apply(collapseChildren(s.graph, 'n1001'));
    expect(s.graph.nodes.find((n) => n.data.profileId === 'pr:kid')!.hidden).toBe(true);
    s.undo();
    expect(s.graph.nodes.find((n) => n.data.profileId === 'pr:kid')!.hidden).toBe(false);
    s.undo();
    s.undo();
    expect(s.graph.profiles['pr:b']!.events ?? []).toEqual([]);
    expect(s.graph.places ?? {}).toEqual({});
    expect(s.unsaved).toBe(false);
  });

  it(`keep the last ${UNDO_DEPTH} changes`, async () => {
    const { s } = await opened();
    for (let i = 0; i <= UNDO_DEPTH; i++) s.moveNodes(new Map([['n1002', { x: 300 + i, y: 0 }]]));
    let undone = 0;
    while (s.undo().ok) undone++;
    expect(undone).toBe(UNDO_DEPTH);
    // The first move is beyond the stack: the card stays where it put it.
    expect(s.graph.nodes.find((n) => n.id === 'n1002')!.position).toEqual({ x: 300, y: 0 });
  });

  it("the 5 s toast's Undo takes the edit off the stack, and Redo brings it again", async () => {
    const { s } = await opened();
    const result = rename(s, 'n1002', 'Bella');
    s.apply(undoAny(s.graph, result), 'Failed', { undoes: result });
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Bea');
    expect(s.canUndo).toBe(false);
    expect(s.redo()).toEqual({ ok: true });
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Bella');
  });
});

describe('undo after a save', () => {
  it('is saved as a new change (the history is never rewritten)', async () => {
    const { repo, s } = await opened();
    rename(s, 'n1002', 'Bella');
    await s.save();
    expect(repo.graph.profiles['pr:b']!.firstName).toBe('Bella');
    s.undo();
    expect(s.unsaved).toBe(true);
    await s.save();
    expect(repo.saves).toHaveLength(2);
    expect(repo.saves[1]!.profiles.upsert).toEqual([expect.objectContaining({ id: 'pr:b', set: expect.objectContaining({ firstName: 'Bea' }) })]);
    expect(repo.graph.profiles['pr:b']!.firstName).toBe('Bea');
  });

  it('of a saved deletion makes the person again, created by the member undoing', async () => {
    const { repo, s } = await opened();
    s.apply(deletePerson(s.graph, 'n1002') as unknown as OpResult);
    await s.save();
    expect(repo.graph.profiles['pr:b']).toBeUndefined();
    s.undo();
    await s.save();
    expect(repo.saves[1]!.profiles.upsert[0]).toMatchObject({ id: 'pr:b', create: true, set: { firstName: 'Bea', createdBy: 'u1' } });
    expect(repo.graph.nodes.map((n) => n.id)).toContain('n1002');
  });

  it('is refused, and overwrites nothing, when another member changed the same thing since', async () => {
    const { repo, s } = await opened();
    rename(s, 'n1002', 'Bella');
    await s.save();
    const theirs = emptyChangeSet(repo.graph.revision);
    theirs.profiles.upsert.push({ id: 'pr:b', set: { firstName: 'Beatrix' } });
    repo.foreign(theirs);
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Beatrix');
    const toasts = notify();
    expect(undoAction({ session: s, notify: toasts })).toEqual({ ok: false, reason: 'conflict' });
    expect(toasts.error).toHaveBeenCalledWith('This change cannot be undone: what it changed has been changed again since.');
    expect(s.graph.profiles['pr:b']!.firstName).toBe('Beatrix');
    expect(s.unsaved).toBe(false);
    // Refused changes leave the stack: the next Undo is about the change before it.
    expect(s.canUndo).toBe(false);
  });

  it('goes ahead when another member changed only other things', async () => {
    const { repo, s } = await opened();
    rename(s, 'n1002', 'Bella');
    await s.save();
    const theirs = emptyChangeSet(repo.graph.revision);
    theirs.profiles.upsert.push({ id: 'pr:b', set: { lastName: 'Lovelace' } });
    repo.foreign(theirs);
    const toasts = notify();
    expect(undoAction({ session: s, notify: toasts })).toEqual({ ok: true });
    expect(toasts.success).toHaveBeenCalledWith(UNDO_TEXTS.undone);
    expect(s.graph.profiles['pr:b']).toMatchObject({ firstName: 'Bea', lastName: 'Lovelace' });
    await s.save();
    expect(repo.graph.profiles['pr:b']).toMatchObject({ firstName: 'Bea', lastName: 'Lovelace' });
    expect(redoAction({ session: s, notify: toasts })).toEqual({ ok: true });
    expect(toasts.success).toHaveBeenCalledWith(UNDO_TEXTS.redone);
  });
});

describe('undo and redo keys', () => {
  const key = (k: string, m: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean } = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: null, ...m });
  it.each([
    ['undo', key('z', { ctrlKey: true }), true],
    ['undo', key('z', { metaKey: true }), true],
    ['undo', key('Z', { ctrlKey: true, shiftKey: true }), false],
    ['undo', key('z'), false],
    ['redo', key('Z', { ctrlKey: true, shiftKey: true }), true],
    ['redo', key('z', { metaKey: true, shiftKey: true }), true],
    ['redo', key('y', { ctrlKey: true }), true],
    ['redo', key('z', { ctrlKey: true }), false],
    ['redo', key('y'), false],
  ] as const)('%s on %j: %s', (id, press, yes) => expect(SCREEN_COMMANDS[id].keyTest(press)).toBe(yes));
});

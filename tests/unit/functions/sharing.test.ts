import { describe, expect, it } from 'vitest';
import type { GraphDoc, MembersDoc, UserDoc } from '../../../src/backend/firebase/paths.ts';
import { accessIn } from '../../../src/backend/firebase/firebaseGraphRepository.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { checkSettings, planDeletion } from '../../../functions/src/ownData.ts';
import { TRANSFER_NOT_MEMBER, TREE_CHOICE_MISSING, TREE_CHOICE_UNKNOWN } from '../../../src/domain/ownAccount.ts';
import { roleIn, withGraph, withoutGraph } from '../../../functions/src/store/firestoreGraphStore.ts';
import { currentGraphId, openedGraphId, sortTrees, treeSummary, visibilityOf } from '../../../functions/src/trees.ts';

const coded = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { code: e.code, message: e.message } : e;
  }
  return null;
};

const user = (over: Partial<UserDoc> = {}): UserDoc => ({ graphIds: [], joinedGraphId: null, ...over });

describe('roles in the members document', () => {
  const members: MembersDoc = { roles: { o: 'owner', e: 'editor', v: 'viewer', old: 'member' as never } };
  it.each([
    ['o', 'owner'],
    ['e', 'editor'],
    ['v', 'viewer'],
    ['old', 'editor'],
    ['stranger', null],
  ])('%s is %s (a member from before roles edits)', (uid, role) => {
    expect(roleIn(members, uid)).toBe(role);
  });
  it('no document: no member', () => {
    expect(roleIn(null, 'o')).toBeNull();
  });
});

describe('the users document follows the roles (what the rules read)', () => {
  it('an editor or owner reads the tree whole, a viewer does not; joining by invitation makes it the joined tree', () => {
    expect(withGraph(user(), 'g1', 'editor', true)).toEqual({ graphIds: ['g1'], fullGraphIds: ['g1'], joinedGraphId: 'g1' });
    expect(withGraph(user({ graphIds: ['me'] }), 'g1', 'viewer', true)).toEqual({ graphIds: ['me', 'g1'], fullGraphIds: ['me'], joinedGraphId: 'g1' });
  });
  it('a role change moves the tree in or out of fullGraphIds and keeps the rest', () => {
    const editor = user({ graphIds: ['me', 'g1'], fullGraphIds: ['me', 'g1'], joinedGraphId: 'g1', lastGraphId: 'g1', viewerVisibility: 'private' });
    const viewer = withGraph(editor, 'g1', 'viewer', false);
    expect(viewer).toEqual({ ...editor, fullGraphIds: ['me'] });
    expect(withGraph(viewer, 'g1', 'editor', false)).toEqual(editor);
  });
  it('leaving a tree drops it everywhere, the joined and last-opened pointers included', () => {
    const u = user({ graphIds: ['me', 'g1'], fullGraphIds: ['me'], joinedGraphId: 'g1', lastGraphId: 'g1' });
    expect(withoutGraph(u, 'g1')).toEqual({ graphIds: ['me'], fullGraphIds: ['me'], joinedGraphId: null, lastGraphId: null });
  });
  it.each<[UserDoc | undefined, 'none' | 'full' | 'viewer']>([
    [undefined, 'none'],
    [user({ graphIds: ['g2'] }), 'none'],
    [user({ graphIds: ['g1'] }), 'full'],
    [user({ graphIds: ['g1'], fullGraphIds: ['g1'] }), 'full'],
    [user({ graphIds: ['g1'], fullGraphIds: [] }), 'viewer'],
  ])('an open view of g1 reads %j as %s', (doc, access) => {
    expect(accessIn(doc, 'g1')).toBe(access);
  });
});

describe('which tree opens without an id', () => {
  const member = (ids: string[]) => (g: string) => ids.includes(g);
  it.each<[string, UserDoc | null, string[], string]>([
    ['the one opened last', user({ lastGraphId: 'g2', joinedGraphId: 'g1' }), ['g1', 'g2'], 'g2'],
    ['the one joined last when the last opened was left', user({ lastGraphId: 'g2', joinedGraphId: 'g1' }), ['g1'], 'g1'],
    ['their own when neither is theirs any more', user({ lastGraphId: 'g2', joinedGraphId: 'g1' }), [], 'me'],
    ['their own for a new member', null, [], 'me'],
  ])('%s', (_name, doc, ids, expected) => {
    expect(currentGraphId('me', doc, member(ids))).toBe(expected);
  });
});

// Issue 19, item 17: a new member saw their tree marked "Opened last" before ever opening it.
describe('the tree marked "Opened last"', () => {
  const member = (ids: string[]) => (g: string) => ids.includes(g);
  it.each<[string, UserDoc | null, string[], string | null]>([
    ['the one opened last', user({ lastGraphId: 'g2', joinedGraphId: 'g1' }), ['g1', 'g2'], 'g2'],
    ['the one joined, which counts as opened', user({ joinedGraphId: 'g1' }), ['g1'], 'g1'],
    ['none for a new member', null, ['me'], null],
    ['none when the ones opened and joined were left', user({ lastGraphId: 'g2', joinedGraphId: 'g1' }), ['me'], null],
  ])('%s', (_name, doc, ids, expected) => {
    expect(openedGraphId(doc, member(ids))).toBe(expected);
  });
});

describe('Home’s list of trees', () => {
  const graph = (over: Partial<GraphDoc> = {}): GraphDoc => ({ ownerUid: 'o', revision: 1, migrations: [], updatedAt: '', snapshot: null, sinceSnapshot: { changeSets: 0, bytes: 0, unlogged: 0 }, ...over });
  const members: MembersDoc = { roles: { o: 'owner', v: 'viewer' }, joinedAt: { v: '2026-01-02T00:00:00.000Z' } };
  it('names the tree from the owner’s last name unless it has its own name, with the member’s role', () => {
    const facts = { graphId: 'g', graph: graph(), members, ownerName: 'Grace Hopper', ownerLastName: 'hopper', people: 3 };
    expect(treeSummary('v', facts, 'g')).toEqual({
      graphId: 'g',
      name: 'Hopper family tree',
      ownerUid: 'o',
      ownerName: 'Grace Hopper',
      role: 'viewer',
      people: 3,
      joinedAt: '2026-01-02T00:00:00.000Z',
      current: true,
    });
    expect(treeSummary('v', { ...facts, graph: graph({ name: 'The Hoppers' }) }, 'x')).toMatchObject({ name: 'The Hoppers', current: false });
    expect(treeSummary('stranger', facts, 'g')).toBeNull();
  });
  it('lists the last opened first, then by name', () => {
    const t = (graphId: string, name: string, current = false) => ({ graphId, name, ownerUid: 'o', ownerName: '', role: 'editor' as const, people: 0, joinedAt: '', current });
    expect(sortTrees([t('a', 'Zed'), t('b', 'Abel'), t('c', 'Moss', true)]).map((x) => x.graphId)).toEqual(['c', 'b', 'a']);
  });
  it('viewers see a claimed card as its member chose, by default the name', () => {
    expect(visibilityOf(undefined)).toBe('name');
    expect(visibilityOf(user({ viewerVisibility: 'everything' }))).toBe('everything');
  });
});

describe('deleting an account: a choice for every tree owned', () => {
  const membersOf = (g: string) => (g === 'g1' ? ['me', 'kid'] : ['me']);
  it('hands trees to other members and deletes the rest', () => {
    const plan = planDeletion({ card: 'keep-name', trees: [{ graphId: 'g1', action: 'transfer', toUid: 'kid' }, { graphId: 'me', action: 'delete' }] }, 'me', ['me', 'g1'], membersOf);
    expect(plan).toEqual({ card: 'keep-name', transfers: new Map([['g1', 'kid']]), deletes: ['me'] });
  });
  it.each<[string, unknown, { code: string; message?: string }]>([
    ['a tree left without a choice', { card: 'remove', trees: [{ graphId: 'g1', action: 'delete' }] }, { code: 'invalid-argument', message: TREE_CHOICE_MISSING }],
    ['a tree not owned', { card: 'remove', trees: [{ graphId: 'g1', action: 'delete' }, { graphId: 'me', action: 'delete' }, { graphId: 'g9', action: 'delete' }] }, { code: 'invalid-argument', message: TREE_CHOICE_UNKNOWN }],
    ['a hand-over to a non-member', { card: 'remove', trees: [{ graphId: 'g1', action: 'transfer', toUid: 'x' }, { graphId: 'me', action: 'delete' }] }, { code: 'invalid-argument', message: TRANSFER_NOT_MEMBER }],
    ['a hand-over to oneself', { card: 'remove', trees: [{ graphId: 'g1', action: 'transfer', toUid: 'me' }, { graphId: 'me', action: 'delete' }] }, { code: 'invalid-argument', message: TRANSFER_NOT_MEMBER }],
    ['an unknown card choice', { card: 'keep', trees: [] }, { code: 'invalid-argument' }],
    ['an unknown action', { card: 'remove', trees: [{ graphId: 'me', action: 'archive' }] }, { code: 'invalid-argument' }],
  ])('refuses %s', (_name, data, expected) => {
    expect(coded(() => planDeletion(data, 'me', ['me', 'g1'], membersOf))).toMatchObject(expected);
  });
  it('checks settings: only a known visibility', () => {
    expect(checkSettings({ viewerVisibility: 'private' })).toEqual({ viewerVisibility: 'private', syncEmail: false });
    expect(checkSettings({ syncEmail: true })).toEqual({ syncEmail: true });
    expect(coded(() => checkSettings({ viewerVisibility: 'friends' }))).toMatchObject({ code: 'invalid-argument' });
  });
});

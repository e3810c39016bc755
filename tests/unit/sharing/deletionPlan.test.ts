import { describe, expect, it } from 'vitest';
import type { TreeMember } from '../../../src/backend/ports.ts';
import { DELETION_PROBLEMS, deletionProblem, deletionRequest, heirsOf, initialDraft, peopleDeleted, type DeletionDraft, type OwnedTree } from '../../../src/screens/account/deletionPlan.ts';

const m = (uid: string, name: string, role: TreeMember['role']): TreeMember => ({ uid, name, email: `${uid}@example.com`, role, joinedAt: '', profileId: uid });
const hopper: OwnedTree = { tree: { graphId: 'g1', name: 'Hopper family tree', people: 12 }, heirs: [m('u2', 'Mary Hopper', 'editor'), m('u3', 'Charles Babbage', 'viewer')] };
const alone: OwnedTree = { tree: { graphId: 'g2', name: 'Lab family tree', people: 3 }, heirs: [] };
const owned = [hopper, alone];

describe('deleting one’s account: the choices', () => {
  it('heirs: everyone but the member leaving, editors first, then by name', () => {
    const members = [m('u9', 'Zoe Viewer', 'viewer'), m('u1', 'Me', 'owner'), m('u4', 'Bob Editor', 'editor'), m('u5', 'Ann Viewer', 'viewer'), m('u6', 'Al Editor', 'editor')];
    expect(heirsOf(members, 'u1').map((h) => h.name)).toEqual(['Al Editor', 'Bob Editor', 'Ann Viewer', 'Zoe Viewer']);
  });

  it('a tree nobody else belongs to starts deleted; the others start unchosen', () => {
    expect(initialDraft(owned)).toEqual({ card: '', trees: { g2: { action: 'delete' } }, password: '' });
  });

  const complete: DeletionDraft = { card: 'keep-name', trees: { g1: { action: 'transfer', toUid: 'u3' }, g2: { action: 'delete' } }, password: 'pw' };
  it.each<[string, DeletionDraft, string | null]>([
    ['nothing chosen', { card: '', trees: {}, password: '' }, DELETION_PROBLEMS.card],
    ['the card, not the trees', { ...complete, trees: {} }, DELETION_PROBLEMS.tree('Hopper family tree')],
    ['a hand-over without an heir', { ...complete, trees: { ...complete.trees, g1: { action: 'transfer', toUid: '' } } }, DELETION_PROBLEMS.heir('Hopper family tree')],
    ['a hand-over to someone not in the tree', { ...complete, trees: { ...complete.trees, g1: { action: 'transfer', toUid: 'u7' } } }, DELETION_PROBLEMS.heir('Hopper family tree')],
    ['no password', { ...complete, password: '' }, DELETION_PROBLEMS.password],
    ['everything', complete, null],
    ['deleting both', { ...complete, card: 'remove', trees: { g1: { action: 'delete' }, g2: { action: 'delete' } } }, null],
  ])('%s', (_name, draft, problem) => {
    expect(deletionProblem(draft, owned)).toBe(problem);
  });

  it('the request names every owned tree, in order, and the card choice', () => {
    expect(deletionRequest(complete, owned)).toEqual({
      password: 'pw',
      card: 'keep-name',
      trees: [
        { graphId: 'g1', action: 'transfer', toUid: 'u3' },
        { graphId: 'g2', action: 'delete' },
      ],
    });
    expect(() => deletionRequest({ ...complete, password: '' }, owned)).toThrow();
  });

  it('counts the people that go with the trees chosen for deletion', () => {
    expect(peopleDeleted(complete, owned)).toBe(3);
    expect(peopleDeleted({ ...complete, trees: { g1: { action: 'delete' }, g2: { action: 'delete' } } }, owned)).toBe(15);
    expect(peopleDeleted({ card: '', trees: {}, password: '' }, owned)).toBe(0);
  });
});

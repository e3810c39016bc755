import { expect, it } from 'vitest';
import { applyChangeSet, diffGraphs } from '../../../src/domain/changeSet.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { deletePerson, addRelative } from '../../../src/domain/relationships.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import { makeGraph } from '../domain/helpers.ts';

/**
 * The race of issue 12 item 1, end to end through the session against a server that refuses the
 * removal of a claimed card: the owner deletes Leo's card and adds Iris while Leo claims his card
 * (re-keyed to his uid). The delete is taken back with its toast, showing Leo as he is now; Iris is
 * saved; the new card never takes the deleted card's id (it would have replaced Leo's card).
 */
it('a delete refused after the card was claimed meanwhile is taken back; the new child is saved', async () => {
  const g0 = { ...makeGraph({ people: [{ node: 'n1001', profile: 'u1', primary: true, fields: { ownerUid: 'u1', createdBy: 'u1' } }, { node: 'n1002', profile: 'pr:leo' }], parents: [['n1001', 'n1002']] }), revision: 3 };
  let server = structuredClone(g0);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let live: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const repo: any = {
    load: async () => ({ graphId: 'u1', ownerUid: 'u1', graph: structuredClone(server), migrations: ['spouses-v1', 'parents-children-v1'] }),
    save: async (_g: string, cs: any) => {
      if (cs.nodes.remove.includes('n1002')) throw new AppError('permission-denied', 'You may not remove this person');
      server = { ...applyChangeSet(server, cs), revision: server.revision + 1 };
      return { revision: server.revision };
    },
    subscribe: (_g: string, _s: number, h: unknown) => ((live = h), () => undefined),
  };
  const refused: string[] = [];
  const s = new TreeSession({ graphs: repo, uid: 'u1', ownProfile: async () => server.profiles.u1, clientId: 'a', onEditRefused: (f) => refused.push(f) });
  await s.open();
  const d = deletePerson(s.graph, 'n1002');
  if (!d.ok) throw new Error();
  s.apply(d, 'Failed to delete person');
  const iris = addRelative(s.graph, { kind: 'child', referenceNodeId: 'n1001', person: { newProfile: newProfile('pr:iris', { firstName: 'Iris' }, { uid: 'u1', now: 'x' }) }, now: 'x', findFree: (p) => p });
  if (!iris.ok) throw new Error();
  s.apply(iris);
  // the claim
  const claimed = structuredClone(server);
  claimed.nodes[1]!.data.profileId = 'u2';
  const leo = { ...claimed.profiles['pr:leo']!, id: 'u2', ownerUid: 'u2' };
  delete claimed.profiles['pr:leo'];
  claimed.profiles.u2 = leo;
  claimed.profiles.u1 = { ...claimed.profiles.u1!, children: ['u2'] };
  const cs = diffGraphs(server, claimed);
  server = { ...claimed, revision: server.revision + 1 };
  live.onChange({ revision: server.revision, changes: cs, clientId: 'srv', actorUid: 'u2' });
  expect(s.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1003']);
  await s.save();
  expect(refused).toEqual(['Failed to delete person']);
  expect(s.graph.nodes.map((n) => [n.id, n.data.profileId])).toEqual([['n1001', 'u1'], ['n1002', 'u2'], ['n1003', 'pr:iris']]);
  expect(s.graph.profiles.u1!.children).toEqual(['u2', 'pr:iris']);
  expect(Object.keys(s.graph.profiles).sort()).toEqual(['pr:iris', 'u1', 'u2']);
  expect(s.unsaved).toBe(false);
  expect(server.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1003']);
  expect(server.profiles.u1!.children).toEqual(['u2', 'pr:iris']);
});

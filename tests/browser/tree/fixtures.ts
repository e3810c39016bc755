/**
 * A small family for the tree dialog tests, a TreeSession over an in-memory GraphRepository
 * (the MemoryGraphs idea of tests/unit/tree/treeSession.test.ts) and a TreeContext value.
 * Plain TypeScript: the unit tests of the actions use it too.
 */
import { applyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { GraphRepository, LoadedGraph } from '../../../src/backend/ports.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import type { TreeContextValue } from '../../../src/screens/tree/treeContext.ts';

export const UID = 'u1';
export const NOW = '2026-11-22T10:00:00.000Z';
export const YEAR = 2026;

export class MemoryGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  saves: ChangeSet[] = [];
  constructor(public graph: Graph) {}
  async load(): Promise<LoadedGraph> {
    return {
      graphId: UID,
      ownerUid: UID,
      graph: structuredClone({ ...this.graph, revision: this.graph.revision ?? 0 }) as LoadedGraph['graph'],
      migrations: ['spouses-v1', 'parents-children-v1'],
      role: 'owner', name: 'Family tree', privacy: {},
    };
  }
  async save(_graphId: string, changes: ChangeSet) {
    this.saves.push(structuredClone(changes));
    this.graph = { ...applyChangeSet(this.graph, changes), revision: (this.graph.revision ?? 0) + 1 };
    return { revision: this.graph.revision! };
  }
  subscribe() {
    return () => undefined;
  }
}

export function profile(id: string, fields: Partial<Profile> = {}): Profile {
  return { ...emptyProfile(id), createdBy: UID, createdAt: NOW, ...fields };
}

function node(id: string, profileId: string, x: number, y: number, extra: Partial<GraphNode['data']> = {}): GraphNode {
  return { id, type: 'person', position: { x, y }, modifiedAt: NOW, hidden: false, data: { profileId, parentRole: '', isPrimary: false, ...extra } };
}

/**
 * n1001 Ada Lovelace (the member, primary) — mother n1004 Anne Milbanke (claimed by member u2,
 * so read-only for u1), spouse n1002 William King with their child n1003 Byron King, and a
 * second spouse n1005 Charles Babbage connected by nothing else. Lord Byron (pr:byron) has a
 * profile but no card.
 */
export function family(): Graph {
  const profiles: Record<string, Profile> = {
    [UID]: profile(UID, { firstName: 'ada', lastName: 'lovelace', gender: 'F', birthYear: '1990', birthMonth: '03', birthDay: '05', ownerUid: UID, email: 'ada@example.com', spouses: ['pr:william', 'pr:charles'], parents: ['pr:anne'], children: ['pr:byronk'] }),
    'pr:william': profile('pr:william', { firstName: 'William', lastName: 'King', gender: 'M', spouses: [UID], children: ['pr:byronk'] }),
    'pr:byronk': profile('pr:byronk', { firstName: 'Byron', lastName: 'King', parents: [UID, 'pr:william'] }),
    'pr:anne': profile('pr:anne', { firstName: 'Anne', lastName: 'Milbanke', gender: 'F', createdBy: 'u2', ownerUid: 'u2', children: [UID], mothersMaidenName: 'Noel' }),
    'pr:charles': profile('pr:charles', { firstName: 'Charles', lastName: 'Babbage', gender: 'M', email: 'charles@example.com', spouses: [UID] }),
    'pr:byron': profile('pr:byron', { firstName: 'George', lastName: 'Byron', gender: 'M', email: 'Lord.Byron@Example.com' }),
    u2: profile('u2', { firstName: 'Mary', lastName: 'Somerville', createdBy: 'u2', ownerUid: 'u2' }),
  };
  return {
    nodes: [
      node('n1001', UID, 0, 0, { isPrimary: true }),
      node('n1002', 'pr:william', 200, 0),
      node('n1003', 'pr:byronk', 100, 200),
      node('n1004', 'pr:anne', -160, -160, { parentRole: 'mother' }),
      node('n1005', 'pr:charles', -300, 0),
    ],
    edges: [parentEdge('n1001', 'n1003'), parentEdge('n1002', 'n1003'), parentEdge('n1004', 'n1001')],
    profiles,
    updatedAt: NOW,
    version: 1,
    revision: 1,
  };
}

/** `count` extra people without cards, named so they sort: 'Person 001' … */
export function withManyProfiles(graph: Graph, count: number): Graph {
  const profiles = { ...graph.profiles };
  for (let i = 1; i <= count; i++) {
    const id = `pr:many${String(i).padStart(3, '0')}`;
    profiles[id] = profile(id, { firstName: 'Person', lastName: String(i).padStart(3, '0') });
  }
  return { ...graph, profiles };
}

export async function openSession(graph: Graph = family()) {
  const repo = new MemoryGraphs(graph);
  const session = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => graph.profiles[UID]!, now: () => NOW, clientId: 'test', autosaveMs: 600_000 });
  await session.open();
  if (session.status !== 'ready') throw session.loadError ?? new Error('session did not open');
  return { repo, session };
}

export interface FakeTree extends TreeContextValue {
  invitations: { nodeId: string; email: string }[];
}

export function treeContext(session: TreeSession, overrides: Partial<TreeContextValue> = {}): FakeTree {
  let n = 0;
  const invitations: { nodeId: string; email: string }[] = [];
  return {
    session,
    uid: UID,
    findFree: (p) => p,
    now: () => NOW,
    newProfileId: () => `pr:new${++n}`,
    invitationsEnabled: true,
    invitations,
    createInvitation: async (nodeId, email) => {
      invitations.push({ nodeId, email });
      return { inviteUrl: `https://kinfolk.test/invite?token=${'a'.repeat(32)}` };
    },
    ...overrides,
  };
}

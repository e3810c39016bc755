/**
 * A small family for the tree dialog tests, a TreeSession over an in-memory GraphRepository
 * (the MemoryGraphs idea of tests/unit/tree/treeSession.test.ts) and a TreeContext value.
 * Plain TypeScript: the unit tests of the actions use it too.
 */
import { applyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { GraphRepository, InvitationLink, InvitationService, LoadedGraph, PendingInvitation } from '../../../src/backend/ports.ts';
import type { MemberRole, TreeRole } from '../../../src/domain/roles.ts';
import type { PrivacyReason } from '../../../src/domain/privacy.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import { TreeSearch } from '../../../src/screens/tree/search/treeSearch.ts';
import type { TreeContextValue } from '../../../src/screens/tree/treeContext.ts';

export const UID = 'u1';
export const NOW = '2026-11-22T10:00:00.000Z';
export const YEAR = 2026;

export class MemoryGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  saves: ChangeSet[] = [];
  role: TreeRole = 'owner';
  privacy: Record<string, PrivacyReason> = {};
  constructor(public graph: Graph) {}
  async load(): Promise<LoadedGraph> {
    return {
      graphId: UID,
      ownerUid: UID,
      graph: structuredClone({ ...this.graph, revision: this.graph.revision ?? 0 }) as LoadedGraph['graph'],
      migrations: ['spouses-v1', 'parents-children-v1'],
      role: this.role,
      name: 'Lovelace family tree',
      privacy: { ...this.privacy },
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

export async function openSession(graph: Graph = family(), as: { role?: TreeRole; privacy?: Record<string, PrivacyReason> } = {}) {
  const repo = new MemoryGraphs(graph);
  repo.role = as.role ?? 'owner';
  repo.privacy = as.privacy ?? {};
  const session = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => graph.profiles[UID]!, now: () => NOW, clientId: 'test', autosaveMs: 600_000 });
  await session.open();
  if (session.status !== 'ready') throw session.loadError ?? new Error('session did not open');
  return { repo, session };
}

export const INVITE_URL = `https://kinfolk.test/invite?token=${'a'.repeat(32)}`;

/** A pending invitation of the family's tree, sent at NOW by the member, for 14 days. */
export function pendingInvitation(fields: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    id: 'inv1',
    graphId: UID,
    nodeId: 'n1005',
    profileId: 'pr:charles',
    email: 'charles@example.com',
    role: 'editor',
    inviterUid: UID,
    inviterName: 'Ada Lovelace',
    createdAt: NOW,
    expiresAt: '2026-12-06T10:00:00.000Z',
    status: 'pending',
    ...fields,
  };
}

/**
 * The invitation service in memory: what was created, renewed, resent and revoked, and the
 * links it answered (each renewal a new token). `mailed` says whether the "server" mails links.
 */
export class MemoryInvitations implements Pick<InvitationService, 'list' | 'renewLink' | 'resend' | 'revoke'> {
  items: PendingInvitation[] = [];
  calls: string[] = [];
  mailed = false;
  failWith: Error | null = null;
  private links = 0;
  private link(invitation: PendingInvitation): InvitationLink {
    this.links++;
    return { inviteUrl: `https://kinfolk.test/invite?token=${String(this.links).padStart(32, 'b')}`, invitation, mailed: this.mailed };
  }
  private check(call: string) {
    this.calls.push(call);
    if (this.failWith) throw this.failWith;
  }
  create(nodeId: string, email: string, role: MemberRole): InvitationLink {
    const invitation = pendingInvitation({ id: `inv${this.items.length + 1}`, nodeId, email, role });
    this.items.push(invitation);
    return this.link(invitation);
  }
  async list() {
    this.check('list');
    return [...this.items];
  }
  async renewLink(_graphId: string, id: string) {
    this.check(`renewLink ${id}`);
    return this.link(this.items.find((i) => i.id === id)!);
  }
  async resend(_graphId: string, id: string) {
    this.check(`resend ${id}`);
    return this.link(this.items.find((i) => i.id === id)!);
  }
  async revoke(_graphId: string, id: string) {
    this.check(`revoke ${id}`);
    this.items = this.items.filter((i) => i.id !== id);
  }
}

export interface FakeTree extends TreeContextValue {
  /** The invitations created through the context, in order. */
  invited: { nodeId: string; email: string; role: MemberRole }[];
  invitationStore: MemoryInvitations;
}

export function treeContext(session: TreeSession, overrides: Partial<TreeContextValue> = {}): FakeTree {
  let n = 0;
  const invited: FakeTree['invited'] = [];
  const invitationStore = new MemoryInvitations();
  return {
    session,
    uid: UID,
    findFree: (p) => p,
    now: () => NOW,
    newProfileId: () => `pr:new${++n}`,
    invitationsEnabled: true,
    invited,
    invitationStore,
    invitations: invitationStore,
    createInvitation: async (nodeId, email, role) => {
      invited.push({ nodeId, email, role });
      const link = invitationStore.create(nodeId, email, role);
      return { ...link, inviteUrl: INVITE_URL };
    },
    search: new TreeSearch(session),
    ...overrides,
  };
}

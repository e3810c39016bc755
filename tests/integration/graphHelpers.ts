import { expect } from 'vitest';
import type { GraphChangeEvent, LoadedGraph } from '../../src/backend/ports.ts';
import { diffGraphs, type ChangeSet } from '../../src/domain/changeSet.ts';
import { newProfileId, nextNodeId } from '../../src/domain/ids.ts';
import { newProfile } from '../../src/domain/profile.ts';
import { addRelative } from '../../src/domain/relationships.ts';
import type { Graph, ParentRole, Profile } from '../../src/domain/types.ts';
import { CONFIRM_SIGNUP_LINK, takeMail, type Answer, type Client, type Member, type TestServer } from './helpers.ts';

/** A member's open tree as the tree screen keeps it: the saved graph and what is on screen. */
export interface Tree {
  member: Member;
  graphId: string;
  ownerUid: string;
  saved: Graph;
  clientId: string;
}

export const randomFill = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);

export async function loadGraph(client: Client): Promise<LoadedGraph> {
  const res = await client.get('/api/graph');
  expect(res.status, res.text).toBe(200);
  return res.body as LoadedGraph;
}

export async function postChanges(client: Client, graphId: string, changes: unknown, clientId = 'tab-1', migrations?: string[]): Promise<Answer> {
  return client.post(`/api/graphs/${encodeURIComponent(graphId)}/changes`, { changes, clientId, ...(migrations ? { migrations } : {}) });
}

/** Opens the member's Family Tree and, like the tree screen, saves the primary card if it is empty. */
export async function openTree(member: Member, clientId = `tab-${member.uid.slice(0, 6)}`): Promise<Tree> {
  const loaded = await loadGraph(member.client);
  const tree: Tree = { member, graphId: loaded.graphId, ownerUid: loaded.ownerUid, saved: loaded.graph, clientId };
  if (loaded.graph.nodes.length === 0) {
    const own = loaded.graph.profiles[member.uid]!;
    const graph: Graph = {
      ...loaded.graph,
      nodes: [{ id: nextNodeId([]), type: 'person', position: { x: 0, y: 0 }, modifiedAt: new Date().toISOString(), hidden: false, data: { profileId: own.id, parentRole: '', isPrimary: true } }],
    };
    await saveTree(tree, graph);
  }
  return tree;
}

/** Saves the difference between the tree's saved graph and `graph`; on success it becomes saved. */
export async function saveTree(tree: Tree, graph: Graph, migrations?: string[]): Promise<Answer> {
  const changes = diffGraphs(tree.saved, graph);
  const res = await postChanges(tree.member.client, tree.graphId, changes, tree.clientId, migrations);
  if (res.status === 200) tree.saved = { ...graph, revision: res.body.revision };
  return res;
}

export async function saveOk(tree: Tree, graph: Graph, migrations?: string[]): Promise<number> {
  const res = await saveTree(tree, graph, migrations);
  expect(res.status, res.text).toBe(200);
  return res.body.revision as number;
}

/** Add Relative → 'Add new' through the domain operation the screens use. */
export function addNew(
  graph: Graph,
  uid: string,
  kind: 'child' | 'parent' | 'spouse',
  referenceNodeId: string,
  fields: Partial<Profile> = {},
  parentRole?: ParentRole,
): { graph: Graph; nodeId: string; profileId: string } {
  const now = new Date().toISOString();
  const profile = newProfile(newProfileId(randomFill), { firstName: 'Person', ...fields }, { uid, now });
  const out = addRelative(graph, { kind, referenceNodeId, parentRole, person: { newProfile: profile }, now, findFree: (p) => p });
  if (!out.ok) throw new Error(out.message);
  return { graph: out.graph, nodeId: out.nodeId, profileId: profile.id };
}

export function primaryNodeId(graph: Graph): string {
  return graph.nodes.find((n) => n.data.isPrimary)!.id;
}

export function withoutRevision(g: Graph): Omit<Graph, 'revision' | 'updatedAt'> {
  const { revision: _r, updatedAt: _u, ...rest } = g;
  return rest;
}

/** A live stream read with fetch: collects events as they arrive. */
export interface Stream {
  status: number;
  headers: Headers;
  events: { event: string; id: string; data: string }[];
  comments: string[];
  /** Resolves with the first event (after those already consumed) matching, within the time limit. */
  next(match?: (e: { event: string; data: any; id: string }) => boolean, timeoutMs?: number): Promise<{ event: string; data: any; id: string }>;
  ended: Promise<void>;
  close(): void;
}

export async function openStream(client: Client, path: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const h: Record<string, string> = { accept: 'text/event-stream', ...headers };
  if (client.cookie) h.cookie = `kin_session=${client.cookie}`;
  const res = await fetch(client.base + path, { headers: h, signal: controller.signal });
  const events: Stream['events'] = [];
  const comments: string[] = [];
  let consumed = 0;
  let wake = null as (() => void) | null;
  let buffer = '';
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e = { event: 'message', id: '', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) ((e.event = line.slice(7)), (isEvent = true));
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('data: ')) ((e.data += line.slice(6)), (isEvent = true));
          }
          if (isEvent) events.push(e);
          wake?.();
        }
      }
    } catch {
      // aborted
    }
    wake?.();
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    ended,
    async next(match = () => true, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        while (consumed < events.length) {
          const raw = events[consumed++]!;
          const parsed = { ...raw, data: raw.data ? JSON.parse(raw.data) : null };
          if (match(parsed)) return parsed;
        }
        const left = end - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms (got ${events.map((e) => e.event).join(', ')})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(t);
            wake = null;
            resolve();
          };
        });
      }
    },
    close: () => controller.abort(),
  };
}

export type ChangeEventData = GraphChangeEvent;
export type { ChangeSet };

/** A relative signs up from an invitation link and opens the confirmation link mailed to them. */
export async function signUpAndConfirm(
  server: TestServer,
  token: string,
  email: string,
  names: { firstName: string; lastName: string; gender?: string } = { firstName: 'kid', lastName: 'lovelace' },
): Promise<Member> {
  const client = server.client();
  const res = await client.post(`/api/invitations/${token}/accept`, {
    firstName: names.firstName,
    lastName: names.lastName,
    gender: names.gender ?? 'Female',
    email,
    password: 'correct horse battery',
  });
  expect(res.status, res.text).toBe(202);
  expect(res.body).toEqual({ status: 'confirm-email', email: email.trim().toLowerCase() });
  const confirm = await takeMail(server, email.trim().toLowerCase(), CONFIRM_SIGNUP_LINK);
  const done = await client.post(`/api/signups/${confirm}`);
  expect(done.status, done.text).toBe(200);
  return { uid: done.body.user.uid, email, password: 'correct horse battery', client };
}

/** The token of an invitation link. */
export const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token')!;

/** An owner or editor invites someone to claim a card (as `role`); they sign up, confirm and become a member. */
export async function inviteAndJoin(
  server: TestServer,
  inviter: Tree,
  nodeId: string,
  email: string,
  names: { firstName: string; lastName: string; gender?: string } = { firstName: 'kid', lastName: 'lovelace' },
  role?: 'editor' | 'viewer',
): Promise<Member> {
  const created = await inviter.member.client.post('/api/invitations', { graphUid: inviter.graphId, nodeId, email, ...(role ? { role } : {}) });
  expect(created.status, created.text).toBe(200);
  return signUpAndConfirm(server, tokenOf(created.body.inviteUrl), email, names);
}

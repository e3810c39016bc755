import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyChangeSet } from '../../../src/domain/changeSet.ts';
import type { Graph } from '../../../src/domain/types.ts';
import type { GraphChangeEvent, LoadedGraph, NetworkState } from '../../../src/backend/ports.ts';
import { createHttpGraphRepository, type EventSourceLike } from '../../../src/backend/http/httpGraphRepository.ts';
import { createHttpInvitationService } from '../../../src/backend/http/httpInvitationService.ts';
import { AppError } from '../../../src/domain/errors.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const node = (id: string, x = 0) => ({ id, type: 'person' as const, position: { x, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: '', parentRole: '' as const, isPrimary: false } });
const graph = (revision: number, nodes = [node('n1001')]): Graph & { revision: number } => ({ nodes, edges: [], profiles: {}, updatedAt: '', version: 1, revision });
const loaded = (revision: number, nodes?: ReturnType<typeof node>[]): LoadedGraph => ({ graphId: 'g1', ownerUid: 'g1', graph: graph(revision, nodes), migrations: [], role: 'owner', name: 'Family tree', privacy: {} });

let fetchMock: ReturnType<typeof vi.fn>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup() {
  const sources: FakeSource[] = [];
  const repo = createHttpGraphRepository({ eventSource: (url) => sources[sources.push(new FakeSource(url)) - 1]!, window: null, retryMs: 100, maxRetryMs: 400 });
  return { repo, sources };
}

describe('httpGraphRepository', () => {
  it('loads GET /api/graph and saves change sets with the client id and migration flags', async () => {
    const { repo } = setup();
    fetchMock.mockResolvedValueOnce(json(200, loaded(4)));
    expect(await repo.load()).toEqual(loaded(4));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/graph');
    fetchMock.mockResolvedValueOnce(json(200, { revision: 5 }));
    const cs = emptyChangeSet(4);
    expect(await repo.save('g 1', cs, 'tab-1', ['spouses-v1'])).toEqual({ revision: 5 });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/graphs/g%201/changes');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ changes: cs, clientId: 'tab-1', migrations: ['spouses-v1'] });
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'permission-denied', message: 'You may not edit this person' } }));
    await expect(repo.save('g1', cs, 'tab-1')).rejects.toEqual(new AppError('permission-denied', 'You may not edit this person'));
    expect(JSON.parse(fetchMock.mock.calls[2]![1].body)).toEqual({ changes: cs, clientId: 'tab-1' });
  });

  const change = (revision: number): GraphChangeEvent => ({ revision, changes: emptyChangeSet(revision - 1), clientId: 'x', actorUid: 'u' });

  function subscribed(since: number) {
    const { repo, sources } = setup();
    const got: GraphChangeEvent[] = [];
    const reloads: LoadedGraph[] = [];
    const states: NetworkState[] = [];
    const stop = repo.subscribe('g1', since, { onChange: (e) => got.push(e), onReload: (l) => reloads.push(l), onNetwork: (s) => states.push(s) });
    const emit = (i: number, ...events: GraphChangeEvent[]) => {
      for (const e of events) sources[i]!.emit('change', JSON.stringify(e));
    };
    return { repo, sources, got, reloads, states, stop, emit };
  }

  it('streams from `since`, delivers each next revision once and reports the network state', () => {
    const { sources, got, states, stop, emit } = subscribed(4);
    expect(sources[0]!.url).toBe('/api/graphs/g1/events?since=4');
    sources[0]!.emit('open');
    emit(0, change(5), change(5), change(3), change(6));
    expect(got).toEqual([change(5), change(6)]);
    sources[0]!.emit('error');
    expect(states).toEqual(['unknown', 'online', 'offline']);
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('a revision that is not the next one re-opens the stream from the last one delivered', async () => {
    vi.useFakeTimers();
    const { sources, got, emit } = subscribed(4);
    emit(0, change(5), change(7));
    expect(sources[0]!.closed).toBe(true);
    emit(0, change(8));
    vi.advanceTimersByTime(0);
    expect(sources.map((s) => s.url)).toEqual(['/api/graphs/g1/events?since=4', '/api/graphs/g1/events?since=5']);
    emit(1, change(6), change(7), change(8));
    expect(got.map((e) => e.revision)).toEqual([5, 6, 7, 8]);
  });

  it('re-opens a stream the server closed, from the last revision delivered', () => {
    vi.useFakeTimers();
    const { sources, stop, emit } = subscribed(2);
    emit(0, change(3));
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sources.map((s) => s.url)).toEqual(['/api/graphs/g1/events?since=2', '/api/graphs/g1/events?since=3']);
    stop();
    sources[1]!.readyState = 2;
    sources[1]!.emit('error');
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
  });

  it('a stream the server ended for good (closed) stops, is not re-opened, and tells why', () => {
    vi.useFakeTimers();
    const { repo, sources } = setup();
    const closed: AppError[] = [];
    repo.subscribe('g1', 3, { onChange: () => undefined, onReload: () => undefined, onClosed: (e) => closed.push(e) });
    sources[0]!.emit('closed', JSON.stringify({ code: 'permission-denied', message: 'You are not a member of this family tree.' }));
    expect(closed).toEqual([new AppError('permission-denied', 'You are not a member of this family tree.')]);
    expect(sources[0]!.closed).toBe(true);
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    vi.advanceTimersByTime(10_000);
    expect(sources).toHaveLength(1);
  });

  it('loads a tree by id (remembered by the server), lists the member’s trees and renames one', async () => {
    const { repo } = setup();
    fetchMock.mockResolvedValueOnce(json(200, loaded(2)));
    await repo.load('g 2');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/graphs/g%202');
    const tree = { graphId: 'g1', name: 'Hopper family tree', ownerUid: 'g1', ownerName: 'Grace Hopper', role: 'owner', people: 3, joinedAt: '', current: true };
    fetchMock.mockResolvedValueOnce(json(200, { trees: [tree] }));
    expect(await repo.list()).toEqual([tree]);
    fetchMock.mockResolvedValueOnce(json(200, { tree: { ...tree, name: 'Ours' } }));
    expect((await repo.rename('g1', 'Ours')).name).toBe('Ours');
    const [url, init] = fetchMock.mock.calls[2]!;
    expect([url, init.method, JSON.parse(init.body)]).toEqual(['/api/graphs/g1', 'PATCH', { name: 'Ours' }]);
  });

  it('on reload, loads the graph for onReload and goes on after the loaded revision', async () => {
    const { sources, got, reloads, emit } = subscribed(2);
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    sources[0]!.emit('reload', JSON.stringify({ revision: 8 }));
    // What arrives while the graph loads follows the loaded revision.
    emit(0, change(9), change(10));
    expect(got).toEqual([]);
    answer(json(200, loaded(9, [node('n1001', 50)])));
    await vi.waitFor(() => expect(got.map((e) => e.revision)).toEqual([10]));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/graphs/g1'); // the tree the stream is of, not whichever opens next
    expect(reloads).toEqual([loaded(9, [node('n1001', 50)])]);
    emit(0, change(11));
    expect(got.map((e) => e.revision)).toEqual([10, 11]);
  });

  it('a reload that cannot load re-opens the stream from the last revision delivered, later', async () => {
    vi.useFakeTimers();
    const { sources, reloads } = subscribed(2);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    sources[0]!.emit('reload', JSON.stringify({ revision: 8 }));
    await vi.advanceTimersByTimeAsync(100);
    expect(sources.map((s) => s.url)).toEqual(['/api/graphs/g1/events?since=2', '/api/graphs/g1/events?since=2']);
    expect(reloads).toEqual([]);
  });
});

describe('httpInvitationService', () => {
  it('posts graphUid, nodeId and email and answers the link', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 'a'.repeat(32), inviteUrl: `https://kin.example/invite?token=${'a'.repeat(32)}` }));
    const out = await createHttpInvitationService().create({ inviterUid: 'u1', graphUid: 'g1', nodeId: 'n1002', email: 'x@example.com' });
    expect(out).toEqual({ inviteUrl: `https://kin.example/invite?token=${'a'.repeat(32)}` });
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ graphUid: 'g1', nodeId: 'n1002', email: 'x@example.com' });
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 'invalid-email', message: 'Invalid email' } }));
    await expect(createHttpInvitationService().create({ inviterUid: 'u1', graphUid: 'g1', nodeId: 'n1002', email: 'x' })).rejects.toEqual(new AppError('invalid-email', 'Invalid email'));
  });
});

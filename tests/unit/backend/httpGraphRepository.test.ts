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
const loaded = (revision: number, nodes?: ReturnType<typeof node>[]): LoadedGraph => ({ graphId: 'g1', ownerUid: 'g1', graph: graph(revision, nodes), migrations: [] });

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

  it('streams from the loaded revision, reports the network state and skips what it already has', async () => {
    const { repo, sources } = setup();
    fetchMock.mockResolvedValueOnce(json(200, loaded(4)));
    await repo.load();
    const got: GraphChangeEvent[] = [];
    const states: NetworkState[] = [];
    const stop = repo.subscribe('g1', 4, { onChange: (e) => got.push(e), onReload: () => undefined, onNetwork: (s) => states.push(s) });
    expect(sources[0]!.url).toBe('/api/graphs/g1/events?since=4');
    sources[0]!.emit('open');
    const e5: GraphChangeEvent = { revision: 5, changes: emptyChangeSet(4), clientId: 'x', actorUid: 'u' };
    sources[0]!.emit('change', JSON.stringify(e5));
    sources[0]!.emit('change', JSON.stringify(e5));
    sources[0]!.emit('change', JSON.stringify({ ...e5, revision: 3 }));
    expect(got).toEqual([e5]);
    sources[0]!.emit('error');
    expect(states).toEqual(['unknown', 'online', 'offline']);
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('re-opens a stream the server closed, from the last revision seen', async () => {
    vi.useFakeTimers();
    const { repo, sources } = setup();
    fetchMock.mockResolvedValueOnce(json(200, loaded(2)));
    await repo.load();
    const stop = repo.subscribe('g1', 2, { onChange: () => undefined, onReload: () => undefined });
    sources[0]!.emit('change', JSON.stringify({ revision: 3, changes: emptyChangeSet(2), clientId: 'x', actorUid: 'u' }));
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

  it('on reload, loads the graph again and hands it over whole', async () => {
    const { repo, sources } = setup();
    const got: LoadedGraph[] = [];
    repo.subscribe('g1', 2, { onChange: () => undefined, onReload: (l) => got.push(l) });
    fetchMock.mockResolvedValueOnce(json(200, loaded(9, [node('n1001', 50), node('n1003')])));
    sources[0]!.emit('reload', JSON.stringify({ revision: 9 }));
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toEqual(loaded(9, [node('n1001', 50), node('n1003')]));
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

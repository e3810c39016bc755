import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { familyGraph } from '../../../bench/scene/familyGraph.ts';
import { docId, paths } from '../../../src/backend/firebase/paths.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import { documentSize, encodedWriteSize, valueSize } from '../../../functions/src/store/docSize.ts';
import { edgeDoc, nodeDoc, profileDoc, relativesOf, SEQ_PER_REVISION, seqFor, withMigrations } from '../../../functions/src/store/docs.ts';

describe('docId: entity ids as Firestore document ids', () => {
  it.each(['n1001', 'e-n1001-n1002', 'sp-n1-n2', 'pr:0123abcd', 'Xy7_uid-1'])('keeps the app’s id %s as it is', (id) => {
    expect(docId(id)).toBe(id);
  });

  it.each(['a/b', '..', '.', '__name__', 'é', 'with space', ''])('encodes %j so it cannot make a path', (id) => {
    const encoded = docId(id);
    expect(encoded).toMatch(/^~[A-Za-z0-9_-]*$/);
  });

  it('gives distinct ids distinct document ids', () => {
    const ids = ['a/b', 'a_b', 'a-b', '~YS9i', '..', '...', '__x__'];
    expect(new Set(ids.map(docId)).size).toBe(ids.length);
  });

  it('builds paths from the encoded ids', () => {
    expect(paths.edge('g1', 'x/y')).toBe(`graphs/g1/edges/${docId('x/y')}`);
    expect(paths.node('g1', 'n1001')).toBe('graphs/g1/nodes/n1001');
    expect(paths.profile('pr:0123abcd')).toBe('profiles/pr:0123abcd');
    expect(paths.profile('__proto__')).toBe(`profiles/${docId('__proto__')}`);
  });
});

describe('entity documents', () => {
  it('copy the query fields from the entity', () => {
    const node = { id: 'n1', type: 'person', position: { x: 1, y: 2 }, modifiedAt: '', hidden: false, data: { profileId: 'pr:a', parentRole: '', isPrimary: true } } as const;
    expect(nodeDoc(node, 5)).toEqual({ node, profileId: 'pr:a', isPrimary: true, seq: 5 });
    const edge = parentEdge('n1', 'n2');
    expect(edgeDoc(edge, 6)).toEqual({ edge, ends: ['n1', 'n2'], seq: 6 });
    const p = { ...emptyProfile('pr:a'), spouses: ['pr:b'], parents: ['pr:c', 'pr:d'], children: ['pr:b'] };
    expect(relativesOf(p)).toEqual(['pr:b', 'pr:c', 'pr:d']);
    expect(profileDoc(p, ['g2', 'g1', 'g2'])).toEqual({ profile: p, relatives: ['pr:b', 'pr:c', 'pr:d'], graphs: ['g1', 'g2'] });
  });

  it('orders what a later revision adds after everything earlier', () => {
    expect(seqFor(3, SEQ_PER_REVISION - 1)).toBeLessThan(seqFor(4, 0));
    expect(Number.isSafeInteger(seqFor(2 ** 32, SEQ_PER_REVISION - 1))).toBe(true);
  });

  it('keep migration flags sorted and once each', () => {
    expect(withMigrations(['spouses-v1'], ['parents-children-v1', 'spouses-v1'])).toEqual(['parents-children-v1', 'spouses-v1']);
  });
});

describe('documentSize (Firestore’s storage-size rules)', () => {
  it('gives the documented example 147 bytes', () => {
    // firebase.google.com/docs/firestore/storage-size: a task in users/jeff/tasks/my_task_id.
    expect(documentSize('users/jeff/tasks/my_task_id', { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' })).toBe(147);
  });

  it('counts strings in UTF-8, nested maps and arrays by their values, and a delete by its name', () => {
    expect(valueSize('é')).toBe(3);
    expect(valueSize({ a: [1, 'b', null, true] })).toBe(2 + 8 + 2 + 1 + 1);
    expect(documentSize('a/b', null)).toBe(2 + 2 + 16);
  });
});

describe('encodedWriteSize (what a write adds to a commit request)', () => {
  // The Admin SDK's own serializer and the Firestore protocol buffers it sends, read from the
  // package's build (not part of its public exports), so the estimate is held to the real encoding.
  const require = createRequire(import.meta.url);
  const firestoreBuild = dirname(require.resolve('@google-cloud/firestore'));
  const { Serializer } = require(join(firestoreBuild, 'serializer.js')) as { Serializer: new (db: unknown) => { encodeFields(data: unknown): unknown } };
  const protobuf = require('protobufjs') as typeof import('protobufjs');
  const Commit = protobuf.Root.fromJSON(require(join(firestoreBuild, '../protos/v1.json'))).lookupType('google.firestore.v1.CommitRequest');
  const serializer = new Serializer(getFirestore(initializeApp({ projectId: 'demo-sizes' }, 'sizes')));
  const prefix = 'projects/demo-sizes/databases/(default)/documents/';
  const encoded = (writes: [string, Record<string, unknown> | null][]) =>
    Commit.encode(Commit.fromObject({ writes: writes.map(([path, data]) => (data ? { update: { name: prefix + path, fields: serializer.encodeFields(data) } } : { delete: prefix + path })) })).finish().length;

  it.each<[string, Record<string, unknown> | null]>([
    ['text, empty and long', { a: '', b: 'x'.repeat(300), c: 'é€😀' }],
    ['numbers: small, large, negative, -0, fractions', { a: 0, b: 1e7, c: -1, d: -0, e: 1.5, f: Number.MAX_SAFE_INTEGER }],
    ['null and booleans', { a: null, b: true, c: false }],
    ['arrays and maps, empty and nested', { a: [], b: {}, c: ['x', 0, false, { d: ['e'] }], f: { g: { h: 'i' } } }],
    ['a delete', null],
  ])('%s: exactly as the SDK encodes it', (_name, data) => {
    expect(encodedWriteSize('graphs/g/changes/12', data, prefix)).toBe(encoded([['graphs/g/changes/12', data]]));
  });

  it('a family’s cards, lines and profiles: exactly as the SDK encodes them', () => {
    const graph = familyGraph(150, 'member-uid');
    const writes: [string, Record<string, unknown>][] = [
      ...graph.nodes.map((n, i): [string, Record<string, unknown>] => [paths.node('member-uid', n.id), { ...nodeDoc(n, seqFor(3, i)) }]),
      ...graph.edges.map((e, i): [string, Record<string, unknown>] => [paths.edge('member-uid', e.id), { ...edgeDoc(e, i) }]),
      ...Object.values(graph.profiles).map((p): [string, Record<string, unknown>] => [paths.profile(p.id), { ...profileDoc(p, ['member-uid']) }]),
    ];
    expect(writes.reduce((n, [path, data]) => n + encodedWriteSize(path, data, prefix), 0)).toBe(encoded(writes));
  });
});

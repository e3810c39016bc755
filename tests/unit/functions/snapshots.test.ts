import { describe, expect, it } from 'vitest';
import { familyGraph } from '../../../bench/scene/familyGraph.ts';
import type { GraphDoc } from '../../../src/backend/firebase/paths.ts';
import { decodeGraphColumns, encodeGraphColumns } from '../../../src/backend/graphColumns.ts';
import { SNAPSHOT_CHUNK_BYTES, splitUtf8 } from '../../../functions/src/snapshots/chunks.ts';
import { RENEW_AT, SNAPSHOT_TAIL, snapshotPlan, type SnapshotPlan } from '../../../functions/src/snapshots/plan.ts';

const utf8 = (s: string) => Buffer.byteLength(s);

describe('splitUtf8 (snapshot chunks)', () => {
  it.each([
    ['ascii', 'abcdefghij', 4, ['abcd', 'efgh', 'ij']],
    ['two-byte letters are not split', 'ééééé', 5, ['éé', 'éé', 'é']],
    ['three-byte letters', '€€€', 6, ['€€', '€']],
    ['a surrogate pair stays whole', 'a😀b😀', 5, ['a😀', 'b😀']],
    ['the empty text is one empty chunk', '', 4, ['']],
    ['a slice exactly full', 'abcd', 4, ['abcd']],
  ])('%s', (_name, text, max, slices) => {
    expect(splitUtf8(text, max)).toEqual(slices);
  });

  it('gives slices within the bound whose joined text is the text, on a mix of every width', () => {
    const text = Array.from({ length: 5000 }, (_, i) => ['a', 'é', '€', '😀', '"', '\\u0000'][i % 6]).join('');
    for (const max of [4, 5, 7, 100, 4096]) {
      const slices = splitUtf8(text, max);
      expect(slices.join('')).toBe(text);
      for (const s of slices) {
        expect(utf8(s)).toBeLessThanOrEqual(max);
        expect(Buffer.from(s, 'utf8').toString('utf8')).toBe(s);
      }
    }
  });

  it('refuses a bound that cannot hold a character', () => {
    expect(() => splitUtf8('a', 3)).toThrow();
  });

  it('splits a 10,000-person snapshot into chunks under 1 MiB that decode back to the graph', () => {
    const graph = familyGraph(10_000, 'u1');
    const text = JSON.stringify(encodeGraphColumns(graph));
    const slices = splitUtf8(text);
    expect(slices.length).toBe(Math.ceil(utf8(text) / SNAPSHOT_CHUNK_BYTES));
    for (const s of slices) expect(utf8(s)).toBeLessThanOrEqual(SNAPSHOT_CHUNK_BYTES);
    expect(decodeGraphColumns(JSON.parse(slices.join('')))).toEqual({ ...graph, revision: 1 });
  });
});

describe('snapshotPlan (when a graph needs a new snapshot)', () => {
  const at = (revision: number, snapshotAt: number | null, tail: Partial<GraphDoc['sinceSnapshot']> = {}): GraphDoc => ({
    ownerUid: 'u1',
    revision,
    migrations: [],
    updatedAt: '',
    snapshot: snapshotAt === null ? null : { id: 's', revision: snapshotAt, chunks: 1, format: 'kinfolk-graph-columns/1', bytes: 10 },
    sinceSnapshot: { changeSets: revision - (snapshotAt ?? 0), bytes: 0, unlogged: 0, ...tail },
  });
  const LOG = 1000;

  it.each<[string, GraphDoc, SnapshotPlan]>([
    ['an empty graph at revision 0', at(0, null), 'none'],
    ['a saved graph without a snapshot', at(3, null), 'rebuild'],
    ['a snapshot at the head', at(7, 7), 'fresh'],
    ['a short tail', at(50, 10), 'fresh'],
    [`a tail of ${RENEW_AT.changeSets} change sets`, at(10 + RENEW_AT.changeSets, 10), 'renew'],
    ['a tail of 2 MiB', at(12, 10, { bytes: RENEW_AT.bytes }), 'renew'],
    [`a tail of ${SNAPSHOT_TAIL.changeSets} change sets, still usable`, at(10 + SNAPSHOT_TAIL.changeSets, 10), 'renew'],
    [`a tail past ${SNAPSHOT_TAIL.changeSets} change sets`, at(11 + SNAPSHOT_TAIL.changeSets, 10), 'rebuild'],
    ['a tail past 4 MiB', at(12, 10, { bytes: SNAPSHOT_TAIL.bytes + 1 }), 'rebuild'],
    ['a change set too large to log in the tail (a bulk import)', at(11, 10, { unlogged: 1 }), 'rebuild'],
    ['a tail longer than the log keeps', at(10 + LOG + 1, 10, { changeSets: 5 }), 'rebuild'],
    ['a snapshot ahead of the head (never written so; treated as broken)', at(5, 6, { changeSets: 0 }), 'rebuild'],
  ])('%s → %s', (_name, graph, plan) => {
    expect(snapshotPlan(graph, LOG)).toBe(plan);
  });
});

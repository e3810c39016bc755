import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../../src/domain/changeSet.ts';
import { IMPORT_RUNNING } from '../../../src/domain/changeSetChunks.ts';
import { chunkMissing, chunkOutOfRange, chunkSentTwice, IMPORT_ID, IMPORT_NOT_FOUND, importNotOpen, parseImportChunk, type ImportState } from '../../../src/domain/importUpload.ts';

/** A bulk import's upload, as the server and the Cloud Functions both read and refuse it. */
describe('parseImportChunk', () => {
  it('reads a well-formed change set and counts its cards as people', () => {
    const changes = { ...emptyChangeSet(3), nodes: { upsert: [], remove: ['n1', 'n2'] } };
    expect(parseImportChunk(0, JSON.stringify(changes))).toEqual({ ok: true, changes, people: 0 });
  });

  it.each([
    ['text that is not JSON', 0, '{"nodes": [', 'Chunk 1 is not valid JSON. Nothing was imported.'],
    ['JSON that is not a change set', 4, '[1, 2]', /^Chunk 5 is not valid: .+\. Nothing was imported\.$/],
  ])('refuses %s, naming the chunk from 1', (_what, index, body, message) => {
    const parsed = parseImportChunk(index, body);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(message);
  });
});

describe('importNotOpen', () => {
  it.each<[ImportState | undefined, { refusal?: string; revision?: number }, string, string]>([
    [undefined, {}, 'not-found', IMPORT_NOT_FOUND],
    ['refused', { refusal: 'Chunk 2 is missing.' }, 'failed-precondition', 'This import was refused: Chunk 2 is missing.'],
    ['committing', {}, 'failed-precondition', IMPORT_RUNNING],
    ['committed', { revision: 7 }, 'failed-precondition', 'This import is committed already (revision 7).'],
    ['open', {}, 'failed-precondition', 'This import is still open.'],
  ])('an import %s: %s', (state, facts, code, message) => {
    expect(importNotOpen(state, facts)).toMatchObject({ code, message });
  });
});

describe('the upload’s other refusals and the id', () => {
  it('count chunks from 1, as the member reads them', () => {
    expect(chunkOutOfRange(3, 3)).toBe('Chunk 4 is out of range: this import has 3 chunks. Nothing was imported.');
    expect(chunkSentTwice(0)).toBe('Chunk 1 was sent twice with different contents. Nothing was imported.');
    expect(chunkMissing(1, 5)).toBe('The upload is incomplete: chunk 2 of 5 is missing. Nothing was imported.');
  });

  it.each([
    ['0123456789abcdef01234567', true],
    ['0123456789ABCDEF01234567', false],
    ['0123456789abcdef0123456', false],
    ['../../etc/passwd00000000', false],
  ])('import id %j valid: %s', (id, valid) => expect(IMPORT_ID.test(id)).toBe(valid));
});

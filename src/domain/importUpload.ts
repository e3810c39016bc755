import type { ChangeSet } from './changeSet.ts';
import { IMPORT_RUNNING, peopleIn, readChunkBody } from './changeSetChunks.ts';
import { AppError } from './errors.ts';
import { changeSetShapeProblem } from './save/validate.ts';

/**
 * A bulk import's upload (DESIGN.md "Bulk import"), the rules the self-hosted server
 * (server/graphs/bulkImport.ts) and the Cloud Functions (functions/src/callables/imports.ts)
 * both apply to it, worded once: how an import is named, how many one member may have under way
 * and for how long, how a chunk is read, and each refusal. What each stores and how is theirs;
 * the size limits are src/domain/changeSetChunks.ts (each backend has its own).
 */

/** An import's id: 12 random bytes in hex. */
export const IMPORT_ID = /^[0-9a-f]{24}$/;

/** An import not committed within a day is forgotten (its chunks go with it). */
export const IMPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Chunks wait in the database: one member cannot pile up more than this many unfinished imports. */
export const MAX_OPEN_IMPORTS = 3;

export const TOO_MANY_IMPORTS = `You have ${MAX_OPEN_IMPORTS} imports under way. Let one finish, or cancel it, before starting another.`;
export const IMPORT_NOT_FOUND = 'This import does not exist: it was never begun, or it is more than a day old. Start it again.';
/** A commit that failed for a reason that is not the import's: the member may try again. */
export const IMPORT_NOT_COMMITTED = 'The import could not be committed. Nothing was imported; please try again.';

export type ImportState = 'open' | 'committing' | 'committed' | 'refused';

/** Why an import in `state` (undefined: none of the caller's) cannot take a chunk, a commit or a cancel. */
export function importNotOpen(state: ImportState | undefined, facts: { refusal?: string | null; revision?: number | null }): AppError {
  switch (state) {
    case undefined:
      return new AppError('not-found', IMPORT_NOT_FOUND);
    case 'refused':
      return new AppError('failed-precondition', `This import was refused: ${facts.refusal}`);
    case 'committing':
      return new AppError('failed-precondition', IMPORT_RUNNING);
    case 'committed':
      return new AppError('failed-precondition', `This import is committed already (revision ${facts.revision}).`);
    case 'open':
      return new AppError('failed-precondition', 'This import is still open.');
  }
}

/** A chunk's body read: its change set and the people it brings, or why the upload is refused (`invalid-argument`). */
export type ParsedChunk = { ok: true; changes: ChangeSet; people: number } | { ok: false; message: string };

/** Reads chunk `index` (from 0): JSON text of a well-formed change set. */
export function parseImportChunk(index: number, body: string): ParsedChunk {
  const name = `Chunk ${index + 1}`;
  let value: unknown;
  try {
    value = readChunkBody(body);
  } catch {
    return { ok: false, message: `${name} is not valid JSON. Nothing was imported.` };
  }
  const shape = changeSetShapeProblem(value);
  if (shape) return { ok: false, message: `${name} is not valid: ${shape}. Nothing was imported.` };
  return { ok: true, changes: value as ChangeSet, people: peopleIn(value as ChangeSet) };
}

/** The chunks do not join into one change set (mergeChangeSetChunks's `problem`). */
export const chunksDoNotJoin = (problem: string) => `${problem} Nothing was imported.`;
export const chunkOutOfRange = (index: number, count: number) => `Chunk ${index + 1} is out of range: this import has ${count} chunks. Nothing was imported.`;
/** A retry whose answer was lost is harmless; other contents under the same index break the upload. */
export const chunkSentTwice = (index: number) => `Chunk ${index + 1} was sent twice with different contents. Nothing was imported.`;
export const chunkMissing = (index: number, count: number) => `The upload is incomplete: chunk ${index + 1} of ${count} is missing. Nothing was imported.`;

/**
 * What a crash or an abandoned upload leaves of a bulk import must not block its member (the
 * server, server/graphs/bulkImport.ts, and the Cloud Functions, functions/src/callables/imports.ts,
 * apply this one rule). An import counts towards a member's imports under way, and a committing
 * one refuses a second commit or a cancel, only while it is alive:
 *  - an open import while chunks keep arriving (`idleMs` after its last one, or after it began);
 *  - a committing import while its commit's lease lasts: the process committing it renews the
 *    lease every `leaseMs / 4` while it works, so a killed process lets it lapse `leaseMs` later.
 * A dead import is refused (its chunks go), never reopened: a commit killed after its save but
 * before it marked the import committed may have imported the file, and a retried commit would
 * import it twice, so the member is told to look at the tree before importing the file again.
 */
export interface ImportTiming {
  /** How long a commit's lease lasts after its last renewal. */
  leaseMs: number;
  /** How long an open import waits for its next chunk. */
  idleMs: number;
}

export const IMPORT_TIMING: ImportTiming = { leaseMs: 2 * 60_000, idleMs: 60 * 60_000 };

/** How often a running commit renews its lease: a few renewals may fail before it lapses. */
export const leaseRenewalMs = (timing: ImportTiming) => Math.max(1, Math.floor(timing.leaseMs / 4));

export const IMPORT_INTERRUPTED =
  'The import was interrupted while it was being saved (the server stopped). Look at the tree: if the people are not there, import the file again.';
export const IMPORT_ABANDONED = 'No part of this import arrived for an hour, so it was given up. Nothing was imported; please import the file again.';

export interface ImportLife {
  state: 'open' | 'committing' | 'committed' | 'refused';
  /** When its last chunk arrived (or it began), in ms since the epoch. */
  touchedAt: number;
  /** When its commit's lease ends (committing imports), in ms since the epoch. */
  leaseEndsAt: number | null;
}

/** Why an import is dead (the refusal it gets), or null while it is alive or finished. */
export function deadImport(life: ImportLife, now: number, timing: ImportTiming = IMPORT_TIMING): string | null {
  if (life.state === 'open') return now - life.touchedAt >= timing.idleMs ? IMPORT_ABANDONED : null;
  if (life.state === 'committing') return life.leaseEndsAt === null || now >= life.leaseEndsAt ? IMPORT_INTERRUPTED : null;
  return null;
}

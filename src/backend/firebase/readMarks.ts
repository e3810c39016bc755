/**
 * Documents an open of a tree received from the Firestore server (not from the device's cache),
 * marked on the page's performance timeline: Firestore bills one read per document a query or
 * get returns, so bench/firebase-browser.ts sums these marks for the reads of a cold open,
 * measured in the browser rather than computed. Marked only while a tree opens (the load's
 * queries and each listener's first answer), so a long session adds no marks.
 */
export const FIRESTORE_READ_MARK = 'kinfolk: firestore documents read';

export interface ReadMarkDetail {
  what: string;
  documents: number;
}

export function markServerReads(what: string, documents: number): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(FIRESTORE_READ_MARK, { detail: { what, documents } satisfies ReadMarkDetail });
}

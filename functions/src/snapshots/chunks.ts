/**
 * A snapshot's JSON text in slices small enough for Firestore documents (at most 1 MiB each). A
 * slice ends between characters, never inside a surrogate pair, so every slice is valid UTF-8
 * (Firestore refuses a lone surrogate) and the slices joined are the text again.
 */

/** UTF-8 bytes per snapshot chunk: under Firestore's 1 MiB with room for the document's name and index. */
export const SNAPSHOT_CHUNK_BYTES = 1_000_000;

function utf8Length(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
}

export function splitUtf8(text: string, maxBytes: number = SNAPSHOT_CHUNK_BYTES): string[] {
  if (maxBytes < 4) throw new Error('splitUtf8: a slice must hold at least one character (4 bytes)');
  const slices: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const units = pair ? 2 : 1;
    const size = pair ? 4 : utf8Length(code);
    if (bytes + size > maxBytes) {
      slices.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += units;
  }
  if (start < text.length || slices.length === 0) slices.push(text.slice(start));
  return slices;
}

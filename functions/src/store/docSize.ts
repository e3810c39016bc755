/**
 * A document's size as Firestore counts it (firebase.google.com/docs/firestore/storage-size):
 * the name (each collection and document id's UTF-8 bytes + 1, plus 16), each field name's bytes
 * + 1 and its value (string: UTF-8 bytes + 1; number, timestamp: 8; boolean, null: 1; array: its
 * values; map: its field names and values), plus 32. A transaction's commit request carries every
 * document it writes, so their sizes bound what one save or import can hold.
 */

const utf8 = new TextEncoder();

export function stringSize(s: string): number {
  return utf8.encode(s).length + 1;
}

export function valueSize(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof Date) return 8;
  if (typeof v === 'string') return stringSize(v);
  if (Array.isArray(v)) return v.reduce<number>((n, x) => n + valueSize(x), 0);
  if (typeof v === 'object') {
    // A Firestore Timestamp or FieldValue sentinel counts as a timestamp-sized value.
    if (!isPlainObject(v)) return 8;
    let n = 0;
    for (const [k, x] of Object.entries(v)) if (x !== undefined) n += stringSize(k) + valueSize(x);
    return n;
  }
  return 8;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function documentNameSize(path: string): number {
  return path.split('/').reduce((n, id) => n + stringSize(id), 0) + 16;
}

/** Size of a document written at `path` with `data`; a delete carries only the name. */
export function documentSize(path: string, data: Record<string, unknown> | null): number {
  return documentNameSize(path) + (data ? valueSize(data) + 32 : 0);
}

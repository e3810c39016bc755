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

/**
 * The bytes a write of this document adds to a commit request, as the Admin SDK encodes it
 * (protocol buffers: google.firestore.v1.Write with the document's full resource name and its
 * fields as Values; integers as varints, other numbers as doubles). A commit request is at most
 * 10 MiB: this, not the storage size, is what bounds one transaction (about 1.4 times the storage
 * size for the app's documents). `namePrefix` is the `projects/…/databases/(default)/documents/`
 * before the path (a project id is at most 30 characters).
 */
export function encodedWriteSize(path: string, data: Record<string, unknown> | null, namePrefix = 'projects/' + 'p'.repeat(30) + '/databases/(default)/documents/'): number {
  const name = utf8.encode(namePrefix + path).length;
  // Write { update: Document { name, fields } } or Write { delete: name }; then the Write's own tag and length in the request.
  const body = data ? delimited(delimited(name) + mapEntries(data)) : delimited(name);
  return delimited(body);
}

/** A length-delimited field with a one-byte tag: tag, length, content. */
function delimited(length: number, tagBytes = 1): number {
  return tagBytes + varintSize(length) + length;
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

/** A map<string, Value>'s entries (each an embedded message with key = 1 and value = 2). */
function mapEntries(map: Record<string, unknown>): number {
  let n = 0;
  for (const [k, v] of Object.entries(map)) if (v !== undefined) n += delimited(delimited(utf8.encode(k).length) + delimited(encodedValue(v)));
  return n;
}

/** The bytes of one google.firestore.v1.Value message. */
function encodedValue(v: unknown): number {
  if (v === null || v === undefined) return 2;
  if (typeof v === 'boolean') return 2;
  // The SDK writes whole numbers as integer varints (negative ones take ten bytes), -0 and the rest as doubles.
  if (typeof v === 'number') return Number.isSafeInteger(v) && !Object.is(v, -0) ? 1 + (v < 0 ? 10 : varintSize(v)) : 9;
  // string_value is field 17: a two-byte tag.
  if (typeof v === 'string') return delimited(utf8.encode(v).length, 2);
  if (Array.isArray(v)) return delimited(v.reduce<number>((n, x) => n + delimited(encodedValue(x)), 0));
  if (v instanceof Date) return delimited(12);
  if (typeof v === 'object' && isPlainObject(v)) return delimited(mapEntries(v as Record<string, unknown>));
  // A Timestamp or a FieldValue sentinel (a server timestamp travels as a transform, about this size).
  return delimited(12);
}

/**
 * A ZIP archive of files that are already compressed (PNG tiles): every entry stored as it is
 * (method 0), so a file's bytes are never copied into the archive; they stay the Blobs they were
 * made as (a browser keeps large Blobs out of the page's heap) and the archive is a Blob of
 * headers and those Blobs. Only the CRC-32 of each file is read from its bytes.
 */
import { crc32 } from './png.ts';

export interface ZipEntry {
  name: string;
  /** The file, as bytes or a Blob. */
  data: Uint8Array | Blob;
  /** Its CRC-32 (finished, as `crc32(bytes) ^ 0xffffffff`) and its size in bytes. */
  crc: number;
  size: number;
}

/** The CRC-32 of an entry's bytes, as a ZIP header holds it. */
export const zipCrc = (bytes: Uint8Array) => (crc32(bytes) ^ 0xffffffff) >>> 0;

/** The archive's largest size without ZIP64 (offsets are 32-bit). */
export const ZIP_MAX_BYTES = 0xffffffff;

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // 1 January 2026: no clock read, the same bytes each time

/** The archive's parts in order, for `new Blob(parts)`. Throws past 4 GB or 65,535 files (no ZIP64). */
export function zipParts(entries: readonly ZipEntry[]): (Uint8Array | Blob)[] {
  const encoder = new TextEncoder();
  const parts: (Uint8Array | Blob)[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = encoder.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const v = new DataView(local.buffer);
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(4, 20, true); // version needed: 2.0
    v.setUint16(6, 0x0800, true); // names in UTF-8
    v.setUint16(8, 0, true); // stored
    v.setUint16(10, 0, true);
    v.setUint16(12, DOS_DATE, true);
    v.setUint32(14, e.crc, true);
    v.setUint32(18, e.size, true);
    v.setUint32(22, e.size, true);
    v.setUint16(26, name.length, true);
    local.set(name, 30);
    const dir = new Uint8Array(46 + name.length);
    const d = new DataView(dir.buffer);
    d.setUint32(0, 0x02014b50, true);
    d.setUint16(4, 20, true);
    d.setUint16(6, 20, true);
    d.setUint16(8, 0x0800, true);
    d.setUint16(14, DOS_DATE, true);
    d.setUint32(16, e.crc, true);
    d.setUint32(20, e.size, true);
    d.setUint32(24, e.size, true);
    d.setUint16(28, name.length, true);
    d.setUint32(42, offset, true);
    dir.set(name, 46);
    central.push(dir);
    parts.push(local, e.data);
    offset += local.length + e.size;
    if (offset > ZIP_MAX_BYTES) throw new Error('The archive would be larger than 4 GB.');
  }
  if (entries.length > 0xffff) throw new Error('The archive would hold more than 65,535 files.');
  const dirSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, entries.length, true);
  v.setUint16(10, entries.length, true);
  v.setUint32(12, dirSize, true);
  v.setUint32(16, offset, true);
  return [...parts, ...central, end];
}

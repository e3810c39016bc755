/**
 * A ZIP archive of files that are already compressed (PNG tiles): every entry stored as it is
 * (method 0), so a file's bytes are never copied into the archive: they go as the Blobs they were
 * made as, straight to where the archive is written (a file on disk, or a Blob of Blobs). Only
 * the CRC-32 of each file is read from its bytes.
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

/** Where an archive's bytes go, in order; `finish` gives the file. */
export interface ZipSink {
  write(part: Uint8Array | Blob): Promise<void> | void;
  finish(): Promise<Blob>;
}

/** An archive kept as a Blob of its parts (a browser keeps large Blobs out of the page's heap). */
export function memorySink(type = 'application/zip'): ZipSink {
  const parts: (Uint8Array | Blob)[] = [];
  return { write: (p) => void parts.push(p), finish: async () => new Blob(parts as BlobPart[], { type }) };
}

/**
 * An archive written to a file of the origin's private file system (on disk in a browser profile),
 * so an archive of gigabytes never sits in memory; the File it gives is read from disk when saved.
 * Null where there is no such file system. The file is written over by the next export.
 */
export async function diskSink(name: string): Promise<ZipSink | null> {
  try {
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle(name, { create: true });
    const stream = await handle.createWritable();
    return {
      write: (p) => stream.write(p as FileSystemWriteChunkType),
      finish: async () => {
        await stream.close();
        return handle.getFile();
      },
    };
  } catch {
    return null;
  }
}

/**
 * A ZIP archive written entry by entry: each file's local header and bytes as they come, the
 * central directory at the end. Throws past 4 GB or 65,535 files (no ZIP64).
 */
export class ZipWriter {
  private central: Uint8Array[] = [];
  private offset = 0;
  private count = 0;
  private encoder = new TextEncoder();
  constructor(private sink: ZipSink) {}

  async add(e: ZipEntry) {
    const name = this.encoder.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const v = new DataView(local.buffer);
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(4, 20, true); // version needed: 2.0
    v.setUint16(6, 0x0800, true); // names in UTF-8
    v.setUint16(8, 0, true); // stored
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
    d.setUint32(42, this.offset, true);
    dir.set(name, 46);
    if (this.offset + local.length + e.size > ZIP_MAX_BYTES) throw new Error('The archive would be larger than 4 GB.');
    if (++this.count > 0xffff) throw new Error('The archive would hold more than 65,535 files.');
    this.central.push(dir);
    await this.sink.write(local);
    await this.sink.write(e.data);
    this.offset += local.length + e.size;
  }

  async end(): Promise<Blob> {
    const dirSize = this.central.reduce((n, c) => n + c.length, 0);
    const end = new Uint8Array(22);
    const v = new DataView(end.buffer);
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, this.count, true);
    v.setUint16(10, this.count, true);
    v.setUint32(12, dirSize, true);
    v.setUint32(16, this.offset, true);
    for (const c of this.central) await this.sink.write(c);
    await this.sink.write(end);
    return this.sink.finish();
  }
}

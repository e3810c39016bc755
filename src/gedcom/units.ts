/** Whether typed arrays store a UTF-16 code unit low byte first (every platform browsers run on does). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const utf16le = new TextDecoder('utf-16le');

/** A string from UTF-16 code units, natively (no per-character concatenation). */
export function codeUnitsToString(units: Uint16Array, length: number): string {
  if (LITTLE_ENDIAN) return utf16le.decode(units.subarray(0, length));
  const CHUNK = 8192;
  const parts: string[] = [];
  for (let i = 0; i < length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + CHUNK)) as unknown as number[]));
  }
  return parts.join('');
}

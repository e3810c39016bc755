/** Builds a string from UTF-16 code units in chunks (no per-character concatenation, no endianness assumption). */
export function codeUnitsToString(units: Uint16Array, length: number): string {
  const CHUNK = 8192;
  const parts: string[] = [];
  for (let i = 0; i < length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + CHUNK)) as unknown as number[]));
  }
  return parts.join('');
}

/**
 * Whether `text` is over `limit` bytes as UTF-8 (1 to 3 bytes a character: counted only when in
 * doubt). A save over its backend's limit for one request goes the bulk way on either backend.
 */
export function overLimit(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  return text.length * 3 > limit && new TextEncoder().encode(text).length > limit;
}

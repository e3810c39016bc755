/**
 * Text a database can store. PostgreSQL refuses NUL (U+0000) in text and jsonb, and an unpaired
 * UTF-16 surrogate is not a character at all (jsonb refuses its escape; UTF-8 cannot encode it).
 * Everything a member sends is checked with these before it reaches a query, so such text is a
 * coded refusal rather than a database error.
 */

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or unpaired surrogates';

export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * The path of the first string (value or object key) in a parsed JSON value that cannot be
 * stored, e.g. `profiles.upsert[0].set.bio`, or null when all of it can. `where` names the root.
 */
export function unstorableTextPath(value: unknown, where = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : where || 'text';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], `${where}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const path = where ? `${where}.${key}` : key;
      if (!isStorableText(key)) return where || 'a key';
      const found = unstorableTextPath(item, path);
      if (found) return found;
    }
  }
  return null;
}

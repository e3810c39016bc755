/**
 * Text a database accepts. PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16
 * surrogate has no UTF-8 form at all (jsonb refuses its `\ud800` escape; elsewhere it would turn
 * into U+FFFD). JSON can carry both, so every request body is checked before its text reaches a
 * query. Everything else, emoji (well-formed surrogate pairs) and other control characters
 * included, is stored as sent.
 */

export const TEXT_MESSAGES = {
  nul: 'Text may not contain a NUL character (U+0000).',
  surrogate: 'Text may not contain an unpaired surrogate (a broken UTF-16 character).',
} as const;

/** With the `u` flag a surrogate only matches `\p{Cs}` when it is not half of a pair. */
const UNSTORABLE = /\0|\p{Cs}/u;

/** Why a database would refuse this text, or null when it is fine. */
export function textProblem(value: string): string | null {
  const found = UNSTORABLE.exec(value);
  if (!found) return null;
  return found[0] === '\0' ? TEXT_MESSAGES.nul : TEXT_MESSAGES.surrogate;
}

/** Any NUL or surrogate code unit: a fast first look (most text has neither), paired or not. */
const SUSPECT = /[\0\ud800-\udfff]/;
const isBad = (value: string) => SUSPECT.test(value) && UNSTORABLE.test(value);

/**
 * The first string or object key anywhere in a parsed JSON value that a database would refuse,
 * as `path: message` (path as zod writes it, `set.bio`; a bad key names the object holding it).
 * Walks with its own stack, so any nesting depth is fine; paths are only built for a bad value.
 */
export function jsonTextProblem(value: unknown): string | null {
  if (!containsBadText(value)) return null;
  return locate(value);
}

function containsBadText(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (isBad(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      // Parsed JSON has only own, enumerable, plain keys; for…in spares an array per object.
      for (const key in v) {
        if (isBad(key)) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

interface Step {
  v: unknown;
  key: string | number;
  parent: Step | null;
}

function pathOf(step: Step | null): string {
  const parts: (string | number)[] = [];
  for (let s = step; s?.parent; s = s.parent) parts.push(s.key);
  return parts.reverse().join('.');
}

function locate(root: unknown): string | null {
  const stack: Step[] = [{ v: root, key: '', parent: null }];
  const at = (step: Step, message: string) => {
    const path = pathOf(step);
    return path ? `${path}: ${message}` : message;
  };
  while (stack.length) {
    const step = stack.pop()!;
    const { v } = step;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return at(step, problem);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: step });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) {
        const problem = textProblem(key);
        if (problem) return at(step, problem);
      }
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: step });
    }
  }
  return null;
}

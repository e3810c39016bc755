import { AppError } from '../../src/domain/errors.ts';

/** Checks on the fields of a callable's request: anything else is a coded 'invalid-argument'. */

export function asObject(data: unknown): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new AppError('invalid-argument', 'The request must be an object.');
  return data as Record<string, unknown>;
}

export function text(v: unknown, name: string, max: number, pattern?: RegExp): string {
  if (typeof v !== 'string' || v.length > max || (pattern && !pattern.test(v))) throw new AppError('invalid-argument', `${name} is not valid.`);
  return v;
}

export function optionalText(v: unknown, name: string, max: number): string {
  return v === undefined ? '' : text(v, name, max);
}

export function textList(v: unknown, name: string, maxItems: number, maxChars: number): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > maxItems || !v.every((x) => typeof x === 'string' && x.length <= maxChars)) throw new AppError('invalid-argument', `${name} is not valid.`);
  return v as string[];
}

export function wholeNumber(v: unknown, name: string, max: number): number {
  if (!Number.isSafeInteger(v) || (v as number) < 0 || (v as number) > max) throw new AppError('invalid-argument', `${name} is not valid.`);
  return v as number;
}

/**
 * Graph ids are member uids (Firebase Auth uids are at most 128 characters of this alphabet);
 * Firestore reserves ids of the form __…__.
 */
export const GRAPH_ID = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

/**
 * Errors and warnings of the GEDCOM codec. A GedcomError means nothing of the file can be trusted
 * (not GEDCOM, or a structure that cannot be nested); everything else is a warning with a line.
 */

export const ERROR_CODES = ['not-gedcom', 'bad-level', 'level-jump', 'no-tag', 'bad-xref', 'misplaced-cont'] as const;
export type GedcomErrorCode = (typeof ERROR_CODES)[number];

export const WARNING_CODES = [
  'control-character',
  'leading-whitespace',
  'blank-line',
  'long-line',
  'lowercase-tag',
  'no-trailer',
  'after-trailer',
  'no-version',
  'encoding',
  'bad-byte',
  'cont-after-children',
  'more',
] as const;
export type GedcomWarningCode = (typeof WARNING_CODES)[number];

export class GedcomError extends Error {
  readonly line: number;
  readonly code: GedcomErrorCode;
  constructor(line: number, code: GedcomErrorCode, message: string) {
    super(line > 0 ? `Line ${line}: ${message}` : message);
    this.name = 'GedcomError';
    this.line = line;
    this.code = code;
  }
}

export function isGedcomError(e: unknown): e is GedcomError {
  return e instanceof GedcomError;
}

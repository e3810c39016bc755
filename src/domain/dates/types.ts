/**
 * A genealogist's date (the GEDCOM date grammar) as data: one or two calendar dates and what is
 * said of them. Parsed from GEDCOM text or from what a person types (`parse.ts`), written back as
 * GEDCOM (`gedcom.ts`), shown in words (`format.ts`), ordered and bounded (`order.ts`).
 */

/** GEDCOM 7 calendar names (5.5.1 writes them `@#DJULIAN@`, `@#DFRENCH R@`). */
export const CALENDARS = ['GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** One calendar date: a year, maybe a month, maybe a day. */
export interface DatePoint {
  calendar: Calendar;
  /** The year as written, ≥ 1 (with `bc`, years before year 1: 44 B.C. is 44). */
  year: number;
  /** 1–12 (1–13 in the Hebrew and French Republican calendars); 0 when not said. */
  month: number;
  /** 1–31; 0 when not said (never without a month). */
  day: number;
  /** The second year of a dual year, two digits ('32' in 1731/32); '' for none. */
  dualYear: string;
  bc: boolean;
}

/** What a date says: its GEDCOM form in the comment. */
export type DateValue =
  /** 10 FEB 1840 */
  | { kind: 'exact'; date: DatePoint }
  /** ABT, CAL, EST 1850 */
  | { kind: 'about' | 'calculated' | 'estimated'; date: DatePoint }
  /** BEF 1900, AFT 1900 */
  | { kind: 'before' | 'after'; date: DatePoint }
  /** BET 1840 AND 1845 */
  | { kind: 'between'; from: DatePoint; to: DatePoint }
  /** FROM 1900 TO 1910 */
  | { kind: 'period'; from: DatePoint; to: DatePoint }
  /** FROM 1900 */
  | { kind: 'from'; from: DatePoint }
  /** TO 1910 */
  | { kind: 'to'; to: DatePoint }
  /** INT 1850 (phrase): a date read from the phrase. */
  | { kind: 'interpreted'; date: DatePoint; phrase: string }
  /** (phrase): words only. */
  | { kind: 'phrase'; phrase: string };

export type DateKind = DateValue['kind'];

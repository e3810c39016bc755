/**
 * What an import did besides bringing people in: each thing skipped or changed, with the file's
 * line and the reason, in words a member reads in the summary dialog. Codes group them.
 */
export type SummaryCode =
  | 'date-as-written'
  | 'name-cut'
  | 'note-cut'
  | 'date-cut'
  | 'missing-person'
  | 'missing-family'
  | 'duplicate-xref'
  | 'too-many-parents'
  | 'own-ancestor'
  | 'too-many-relatives'
  | 'same-person'
  | 'kept-too-large'
  | 'file-warning';

export interface SummaryItem {
  code: SummaryCode;
  /** The file's line the item is about (0: the file as a whole). */
  line: number;
  message: string;
}

/** Group headings of the summary dialog, in the order shown. */
export const SUMMARY_GROUPS: Record<SummaryCode, string> = {
  'date-as-written': 'Dates kept as written',
  'name-cut': 'Names shortened on the card',
  'note-cut': 'Notes shortened in the bio',
  'date-cut': 'Dates shortened',
  'missing-person': 'Links to people not in the file',
  'missing-family': 'Links to families not in the file',
  'duplicate-xref': 'Records with the same id',
  'too-many-parents': 'Children with more than two parents',
  'own-ancestor': 'Links that made someone their own ancestor',
  'too-many-relatives': 'People with more than 500 spouses or children',
  'same-person': 'Links of a person to themselves',
  'kept-too-large': 'Kept details too large to store',
  'file-warning': 'Lines read with a warning',
};

/** Items kept per group: a file with 60,000 approximate dates lists the first ones and counts the rest. */
export const SUMMARY_ITEMS_PER_GROUP = 100;

export interface ImportSummary {
  people: number;
  families: number;
  /** The file's version and encoding, as read. */
  version: string;
  encoding: string;
  /** At most SUMMARY_ITEMS_PER_GROUP of each group. */
  items: SummaryItem[];
  /** How many items each group had in all. */
  counts: Partial<Record<SummaryCode, number>>;
}

/** Collects a summary's items: all are counted, the first of each group kept (the message made only for those). */
export function summaryCollector() {
  const items: SummaryItem[] = [];
  const counts: Partial<Record<SummaryCode, number>> = {};
  return {
    items,
    counts,
    note(code: SummaryCode, line: number, message: string | (() => string)) {
      const n = (counts[code] = (counts[code] ?? 0) + 1);
      if (n <= SUMMARY_ITEMS_PER_GROUP) items.push({ code, line, message: typeof message === 'string' ? message : message() });
    },
  };
}

/** The summary's items by group, groups in the dialog's order, each group in line order, with its count. */
export function groupSummary(summary: Pick<ImportSummary, 'items' | 'counts'>): { code: SummaryCode; title: string; count: number; items: SummaryItem[] }[] {
  const groups = new Map<SummaryCode, SummaryItem[]>();
  for (const item of summary.items) {
    let list = groups.get(item.code);
    if (!list) groups.set(item.code, (list = []));
    list.push(item);
  }
  return (Object.keys(SUMMARY_GROUPS) as SummaryCode[])
    .filter((code) => groups.has(code))
    .map((code) => ({ code, title: SUMMARY_GROUPS[code], count: summary.counts[code] ?? groups.get(code)!.length, items: groups.get(code)!.sort((a, b) => a.line - b.line) }));
}

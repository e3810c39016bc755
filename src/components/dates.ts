const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A date as the screens show it: "22 Nov 2026" (the product's texts are English); '' when unreadable. */
export function shortDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE.format(t) : '';
}

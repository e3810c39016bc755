import type { Profile } from './types.ts';
import { cardName } from './labels.ts';
import { SEARCH_RESULT_CAP } from './timing.ts';

/**
 * 'Link existing' search: profiles whose name or e-mail contains every word of the query
 * (ignoring case and accents), sorted by name, at most 50. An empty query lists the first 50.
 */
export function searchProfiles(
  profiles: Record<string, Profile>,
  query: string,
  opts: { limit?: number; exclude?: Iterable<string> } = {},
): Profile[] {
  const limit = Math.min(opts.limit ?? SEARCH_RESULT_CAP, SEARCH_RESULT_CAP);
  const exclude = new Set(opts.exclude ?? []);
  const words = fold(query).split(/\s+/).filter(Boolean);
  const hits: { p: Profile; name: string }[] = [];
  for (const id in profiles) {
    if (exclude.has(id)) continue;
    const p = profiles[id]!;
    const name = cardName(p);
    const text = fold(`${p.firstName} ${p.lastName} ${p.email}`);
    if (words.every((w) => text.includes(w))) hits.push({ p, name });
  }
  hits.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }) || (a.p.id < b.p.id ? -1 : 1));
  return hits.slice(0, limit).map((h) => h.p);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The fan chart's people (issue 22), read from the tree's profiles: a person's ancestors by
 * Ahnentafel number, each with the name and years their card shows. The graph is the member's
 * own (a viewer's is redacted by the server already), so the fan shows nothing the tree hides.
 */
import { ahnentafel, fatherAndMother, type FanColourBy, type FanSpan } from '../../../../engine/export/fan.ts';
import type { FanModel, FanPerson } from '../../../../engine/export/fanScene.ts';
import { formatDate } from '../../../domain/dates/index.ts';
import { cardName, DECEASED_LABEL, deathYearLabel } from '../../../domain/labels.ts';
import type { Graph, Profile } from '../../../domain/types.ts';

/** "1901–1980", "b. 1901" without a death, "d. 1980" without a birth, "Deceased" (without a date), or ''. */
export function fanYears(p: Pick<Profile, 'birthYear' | 'death' | 'deathDateText' | 'birthDateText'>): string {
  // The year without leading zeros ('0946' → 946), or a date kept as text in words ('about 1850').
  const born = /^\d+$/.test(p.birthYear.trim()) ? String(Number(p.birthYear)) : formatDate(p.birthDateText ?? '');
  const died = deathYearLabel(p);
  if (died === DECEASED_LABEL) return born ? `b. ${born}, deceased` : DECEASED_LABEL;
  if (born && died) return `${born}–${died}`;
  if (born) return `b. ${born}`;
  return died ? `d. ${died}` : '';
}

export interface FanChoice {
  span: FanSpan;
  generations: number;
  colourBy: FanColourBy;
  title?: string;
  subtitle?: string;
}

export function fanModel(profiles: Graph['profiles'], rootProfile: string, c: FanChoice): FanModel {
  const genderOf = (id: string) => profiles[id]?.gender ?? '';
  const numbers = ahnentafel(rootProfile, c.generations, (id) => fatherAndMother((profiles[id]?.parents ?? []).filter((p) => profiles[p]), genderOf));
  const people: FanPerson[] = [];
  for (const [n, id] of numbers) {
    const p = profiles[id];
    if (p) people.push({ n, id, name: cardName(p), years: fanYears(p) });
  }
  people.sort((a, b) => a.n - b.n);
  return { span: c.span, generations: c.generations, colourBy: c.colourBy, people, title: c.title, subtitle: c.subtitle };
}

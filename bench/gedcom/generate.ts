/**
 * A seeded generator of realistic GEDCOM files, for the parser, import and layout benches:
 * founding couples around 1650, then generation by generation each person may marry (a spouse
 * from outside the tree), have 1–6 children, be widowed and remarry (half-siblings), until exactly
 * `people` individuals exist; a new founding couple starts another family when a line dies out.
 * It carries what real files carry: dates in many forms (exact, ABT, BEF, AFT, BET…AND, FROM…TO,
 * EST, CAL, Julian, dual years), places, occupations, accented names, notes of several paragraphs
 * (CONT, and CONC in 5.5.1), adoptions (PEDI), sources and 1–3 citations an event (PAGE, some
 * with DATA TEXT and QUAY), custom `_` tags.
 * Facts as a researched tree has them (issue 20): 4–8 events a person on average (birth,
 * christening, residences, occupation, death, burial, and marriages on the families) over a few
 * thousand places in a hierarchy (town, region, country), so the facts model's import, save and
 * open are measured at their real size.
 * Same seed, same file. Written by our own writer, so the line rules are the writer's.
 */
import { writeGedcom } from '../../src/gedcom/write.ts';
import type { GedcomNode } from '../../src/gedcom/types.ts';
import { seededRandom } from '../scene/random.ts';

export interface GenerateOptions {
  people: number;
  seed: number;
  version?: '5.5.1' | '7.0';
}

export interface GeneratedStats {
  people: number;
  families: number;
  notes: number;
  adoptions: number;
  remarriages: number;
  /** Person events (OCCU and RESI included) plus family events. */
  events: number;
  /** Distinct places the events name. */
  places: number;
  /** Citations under events (1–3 each). */
  citations: number;
}

const FEMALE = ['Anna', 'Brontë', 'Céline', 'Dorothea', 'Élodie', 'Freya', 'Grete', 'Hélène', 'Inês', 'Jana', 'Katarzyna', 'Léa', 'Margarete', 'Noémie', 'Olga', 'Paulína', 'Renée', 'Søs', 'Teresa', 'Úrsula', 'Zoë', 'Mary', 'Elizabeth', 'Sarah', 'Ingrid', 'Małgorzata', 'Ágnes', 'Björg'];
const MALE = ['André', 'Bjørn', 'Carl', 'Dvořák', 'Émile', 'François', 'Günther', 'Håkon', 'Iñigo', 'Jürgen', 'Kristóf', 'Łukasz', 'Miloš', 'Noël', 'Örjan', 'Pál', 'René', 'Stanisław', 'Tomáš', 'William', 'John', 'Thomas', 'James', 'Henri', 'José', 'Zoltán', 'Ødegaard', 'Jiří'];
const SURNAMES = ['Müller', 'Dvořák', 'Øberg', 'Łowenstein', 'García', 'Nuñez', 'Brontë', 'Smith', 'Jones', 'Björnsson', 'Kowalczyk', 'Lefèvre', 'Szabó', 'Çelik', 'Ångström', 'Novák', "O'Brien", 'van der Berg', 'de la Cruz', 'Schröder', 'Jensen', 'Władysław', 'Håland', 'Grüber', 'Moreau', 'Taylor', 'Wójcik', 'Ibáñez'];
const PLACES = ['Kraków, Małopolskie, Poland', 'München, Bayern, Germany', 'Lyon, Rhône, France', 'Göteborg, Västra Götaland, Sweden', 'Brno, Moravia, Czech Republic', 'Cork, Munster, Ireland', 'Sevilla, Andalucía, Spain', 'Boston, Suffolk, Massachusetts, USA', 'Trondheim, Trøndelag, Norway', 'Pécs, Baranya, Hungary', 'York, Yorkshire, England', 'Quebec, Québec, Canada'];
/** Syllables of made-up town names (accents included: places are matched by their whole name). */
const TOWN_START = ['Ald', 'Bré', 'Carl', 'Dün', 'Ells', 'Fal', 'Gør', 'Hal', 'Ív', 'Kir', 'Lönn', 'Mar', 'Nor', 'Ost', 'Pol', 'Ros', 'Sten', 'Tor', 'Ulm', 'Wes'];
const TOWN_END = ['by', 'dorf', 'ham', 'ville', 'stad', 'ice', 'hausen', 'ford', 'berg', 'mouth', 'ów', 'wick', 'ås', 'heim', 'field'];
const OCCUPATIONS = ['Farmer', 'Weaver', 'Blacksmith', 'Schoolteacher', 'Miller', 'Seamstress', 'Carpenter', 'Merchant', 'Midwife', 'Fisherman', 'Clerk', 'Baker'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const SENTENCES = [
  'Emigrated with two brothers and settled near the river, where the family kept a mill for three generations.',
  'The parish register spells the name in at least four ways; the spelling here is the one on the headstone.',
  'Served in the militia during the war and came home with a pension that paid for the children’s schooling.',
  'Known for  her  quilts and her garden; a letter from 1911 describes the apple trees she planted.',
  'Baptised in the old church, which burned in 1874 with most of its records: the date comes from a family Bible.',
  'Worked as a weaver until the factory closed, then ran a small shop selling thread, buttons and newspapers.',
];

export function generateGedcom(options: GenerateOptions): string {
  return writeGedcom({ version: options.version ?? '5.5.1', records: generateRecords(options).records, source: 'KINFOLK-BENCH' });
}

/** The records before writing (HEAD first), with counts for a bench to check against. */
export function generateRecords({ people, seed, version = '5.5.1' }: GenerateOptions): { records: GedcomNode[]; stats: GeneratedStats } {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const v7 = version === '7.0';

  interface Person { node: GedcomNode; id: string; sex: 'M' | 'F'; surname: string; born: number; died: number }
  const individuals: Person[] = [];
  const families: GedcomNode[] = [];
  const sources: GedcomNode[] = [];
  const stats: GeneratedStats = { people: 0, families: 0, notes: 0, adoptions: 0, remarriages: 0, events: 0, places: 0, citations: 0 };

  for (let s = 1; s <= Math.max(3, Math.ceil(people / 2000)); s++) {
    sources.push(record('SOUR', `S${s}`, [leaf('TITL', `Parish register of ${pick(PLACES).split(',')[0]}, volume ${s}`), leaf('AUTH', 'Diocesan archive'), leaf('_ARCHIVE_ID', `ARC-${1000 + s}`)]));
  }

  // A few thousand places: the twelve real ones, then towns in the regions and countries they
  // name (a town for every 30 people, at least 12), so the events name a hierarchy of places.
  const regions = PLACES.map((p) => p.split(', ').slice(1).join(', '));
  const places = [...PLACES];
  const townCount = Math.max(12, Math.round(people / 30));
  const seen = new Set(places);
  for (let n = 0; places.length < townCount + PLACES.length && n < townCount * 20; n++) {
    const name = `${pick(TOWN_START)}${pick(TOWN_END)}${chance(0.3) ? ` ${pick(['Nord', 'Süd', 'Upper', 'Lower', 'St. Mary', 'Vieux'])}` : ''}, ${pick(regions)}`;
    if (!seen.has(name)) places.push(name), seen.add(name);
  }
  const usedPlaces = new Set<string>();
  const place = () => {
    const p = pick(places);
    usedPlaces.add(p);
    return p;
  };

  const date = (year: number): string => {
    const r = random();
    const day = int(1, 28);
    const month = pick(MONTHS);
    // Before Britain's 1752 calendar change: Julian dates and dual years (11 FEB 1731/32).
    if (year < 1752 && r < 0.2) {
      if (r < 0.1) return v7 ? `JULIAN ${day} ${month} ${year}` : `@#DJULIAN@ ${day} ${month} ${year}`;
      return `${day} ${pick(['JAN', 'FEB', 'MAR'])} ${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    }
    if (r < 0.4) return `${day} ${month} ${year}`;
    if (r < 0.5) return `${month} ${year}`;
    if (r < 0.58) return `${year}`;
    if (r < 0.66) return `ABT ${year}`;
    if (r < 0.7) return `BEF ${year}`;
    if (r < 0.73) return `AFT ${year}`;
    if (r < 0.78) return `BET ${year - int(1, 3)} AND ${year + int(1, 3)}`;
    if (r < 0.8) return `FROM ${year} TO ${year + int(1, 5)}`;
    if (r < 0.84) return `EST ${year}`;
    if (r < 0.87) return `CAL ${year}`;
    if (r < 0.92) return `INT ${year} (${pick(['about Easter', 'after the harvest', 'family Bible'])})`;
    return `${day} ${month} ${year}`;
  };

  const event = (tag: string, year: number, value?: string): GedcomNode => {
    stats.events++;
    const children = [leaf('DATE', date(year))];
    if (chance(0.8)) children.push(leaf('PLAC', place()));
    // 1–3 citations an event (issue 23: "the generator gains 1–3 citations per event"): a page
    // always, now and then the words transcribed and a quality.
    for (let k = int(1, 3); k > 0; k--) {
      stats.citations++;
      const cited = [leaf('PAGE', `folio ${int(1, 400)}, entry ${int(1, 40)}`)];
      if (chance(0.2)) cited.push({ ...leaf('DATA'), children: [leaf('TEXT', pick(SENTENCES))] });
      if (chance(0.3)) cited.push(leaf('QUAY', String(int(0, 3))));
      children.push({ ...leaf('SOUR'), pointer: pick(sources).xref, children: cited });
    }
    return { ...leaf(tag, value), children };
  };

  const addPerson = (sex: 'M' | 'F', surname: string, born: number): Person | null => {
    if (individuals.length >= people) return null;
    const id = `I${individuals.length + 1}`;
    const given = chance(0.3) ? `${pick(sex === 'M' ? MALE : FEMALE)} ${pick(sex === 'M' ? MALE : FEMALE)}` : pick(sex === 'M' ? MALE : FEMALE);
    const died = born + int(1, 95);
    const children: GedcomNode[] = [
      { ...leaf('NAME', `${given} /${surname}/`), children: [leaf('GIVN', given), leaf('SURN', surname)] },
      leaf('SEX', sex),
      event('BIRT', born),
    ];
    if (chance(0.5)) children.push(event('CHR', born));
    for (let k = int(1, 3), year = born + int(15, 25); k > 0 && year < died; k--, year += int(5, 20)) children.push(event('RESI', year));
    if (chance(0.7)) children.push(event('OCCU', born + int(16, 30), pick(OCCUPATIONS)));
    if (died < 2020 && chance(0.8)) children.push(event('DEAT', died));
    if (died < 2020 && chance(0.5)) children.push(event('BURI', died));
    if (chance(0.15)) {
      const paragraphs = Array.from({ length: int(1, 3) }, () => Array.from({ length: int(1, 4) }, () => pick(SENTENCES)).join(' '));
      children.push(leaf('NOTE', paragraphs.join('\n\n')));
      stats.notes++;
    }
    if (chance(0.2)) children.push(leaf('_UID', uid(random)));
    if (chance(0.05)) children.push({ ...leaf('_MILT', `Served ${born + 20}–${born + 24}`), children: [leaf('PLAC', place())] });
    const person: Person = { node: record('INDI', id, children), id, sex, surname, born, died };
    individuals.push(person);
    return person;
  };

  const addFamily = (a: Person, b: Person, year: number, childCount: number): Person[] => {
    const id = `F${families.length + 1}`;
    const [husb, wife] = a.sex === 'M' ? [a, b] : [b, a];
    const fam: GedcomNode[] = [pointer('HUSB', husb.id), pointer('WIFE', wife.id), event('MARR', year)];
    if (chance(0.03)) fam.push(event('DIV', year + int(3, 15)));
    const born: Person[] = [];
    let childYear = year + int(0, 2);
    for (let k = 0; k < childCount; k++) {
      const child = addPerson(chance(0.5) ? 'M' : 'F', husb.surname, childYear);
      if (!child) break;
      fam.push(pointer('CHIL', child.id));
      const famc = pointer('FAMC', id);
      if (chance(0.01)) {
        famc.children.push(leaf('PEDI', v7 ? 'ADOPTED' : 'adopted'));
        stats.adoptions++;
      }
      child.node.children.push(famc);
      born.push(child);
      childYear += int(1, 4);
    }
    a.node.children.push(pointer('FAMS', id));
    b.node.children.push(pointer('FAMS', id));
    families.push(record('FAM', id, fam));
    return born;
  };

  const childCount = () => [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6][int(0, 11)];
  const queue: Person[] = [];
  let head = 0;
  while (individuals.length < people) {
    if (head >= queue.length) {
      // A founding couple: the first family, or a new one when every line so far has died out.
      const year = int(1640, 1700);
      const husband = addPerson('M', pick(SURNAMES), year);
      const wife = husband && addPerson('F', pick(SURNAMES), year + int(-5, 3));
      if (!husband || !wife) break;
      queue.push(...addFamily(husband, wife, year + int(20, 30), childCount()));
      continue;
    }
    const person = queue[head++];
    if (!chance(0.72)) continue;
    const spouseSex = person.sex === 'M' ? 'F' : 'M';
    const spouse = addPerson(spouseSex, pick(SURNAMES), person.born + int(-6, 6));
    if (!spouse) break;
    const married = person.born + int(18, 32);
    queue.push(...addFamily(person, spouse, married, childCount()));
    if (chance(0.12)) {
      const second = addPerson(spouseSex, pick(SURNAMES), person.born + int(-4, 12));
      if (!second) break;
      stats.remarriages++;
      queue.push(...addFamily(person, second, married + int(8, 20), int(1, 3)));
    }
  }

  stats.people = individuals.length;
  stats.families = families.length;
  stats.places = usedPlaces.size;
  const headNode = record('HEAD', undefined, [leaf('SOUR', 'KINFOLK-BENCH'), leaf('LANG', 'English')]);
  if (v7) headNode.children.push({ ...leaf('SCHMA'), children: [leaf('TAG', '_UID http://www.example.com/_UID'), leaf('TAG', '_MILT http://www.example.com/_MILT'), leaf('TAG', '_ARCHIVE_ID http://www.example.com/_ARCHIVE_ID')] });
  return { records: [headNode, ...individuals.map((p) => p.node), ...families, ...sources], stats };
}

function uid(random: () => number): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += '0123456789ABCDEF'[Math.floor(random() * 16)];
  return s;
}

function leaf(tag: string, value?: string): GedcomNode {
  return { tag, xref: undefined, value, pointer: undefined, children: [], line: 0 };
}

function pointer(tag: string, target: string): GedcomNode {
  return { tag, xref: undefined, value: undefined, pointer: target, children: [], line: 0 };
}

function record(tag: string, xref: string | undefined, children: GedcomNode[]): GedcomNode {
  return { tag, xref, value: undefined, pointer: undefined, children, line: 0 };
}

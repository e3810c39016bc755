/** Realistic European names for the search bench (bench/search.ts). */
import { emptyProfile } from '../../src/domain/profile.ts';
import type { Profile } from '../../src/domain/types.ts';
import { seededRandom } from './random.ts';

const FEMALE = [
  'Victoria', 'Viktoria', 'Anna', 'Maria', 'Marie', 'Elisabeth', 'Katharina', 'Margarethe', 'Sophie', 'Johanna', 'Charlotte', 'Luise', 'Frieda', 'Gertrud',
  'Ingrid', 'Åsa', 'Astrid', 'Sigrid', 'Ingeborg', 'Kirsten', 'Solveig', 'Märta', 'Birgitta', 'Øydis', 'Ragnhild', 'Małgorzata', 'Agnieszka', 'Zofia', 'Jadwiga',
  'Bożena', 'Halina', 'Krystyna', 'Anežka', 'Božena', 'Zuzana', 'Hélène', 'Élodie', 'Geneviève', 'Françoise', 'Cécile', 'Inés', 'María José', 'Begoña', 'Ximena',
  'Erzsébet', 'Katalin', 'Zsófia', 'Mary', 'Elizabeth', 'Margaret', 'Eleanor', 'Alice', 'Adelaide', 'Louise', 'Beatrice', 'Helena', 'Dorothea', 'Wilhelmine',
];
const MALE = [
  'Johann', 'Friedrich', 'Wilhelm', 'Heinrich', 'Karl', 'Jürgen', 'Günther', 'Jörg', 'Ludwig', 'Ernst', 'Søren', 'Bjørn', 'Ólafur', 'Þór', 'Håkon', 'Erik',
  'Lars', 'Nils', 'Gustav', 'Jan', 'Łukasz', 'Paweł', 'Michał', 'Wojciech', 'Stanisław', 'Grzegorz', 'Jiří', 'Tomáš', 'Václav', 'Bořivoj', 'François', 'Jérôme',
  'René', 'André', 'José', 'Ángel', 'Íñigo', 'Jesús', 'László', 'György', 'Zoltán', 'William', 'George', 'Edward', 'Albert', 'Victor', 'Arthur', 'Thomas',
  'Đorđe', 'Dragoš',
];
const SURNAMES = [
  'Müller', 'Schröder', 'Schäfer', 'Köhler', 'Größ', 'Strauß', 'Weiß', 'Bäcker', 'Hoffmann', 'Wagner', 'Becker', 'Schulz', 'Fischer', 'Meyer', 'Krüger',
  'Jørgensen', 'Sørensen', 'Ødegård', 'Åberg', 'Ström', 'Lindqvist', 'Bergström', 'Hansen', 'Johansson', 'Nilsson', 'Þórsson', 'Guðmundsdóttir',
  'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Łukaszewicz',
  'Dvořák', 'Novák', 'Svoboda', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Lefèvre', 'Dubois', 'Moreau', 'Girard', 'Bénard', 'Mercier',
  'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Muñoz', 'Jiménez', 'Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth',
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts', 'Robinson', 'Wright', 'Hanover', 'Windsor',
  "O'Brien", 'Saxe-Coburg', 'Mountbatten-Windsor', 'Đorđević', 'Petrović',
];
const SYLLABLES = ['ber', 'gen', 'hol', 'mar', 'sch', 'wal', 'ko', 'ski', 'ner', 'lin', 'dö', 'rø', 'å', 'ła', 'czy', 'ová', 'ník', 'ez', 'son', 'sen', 'stad', 'brü', 'ke', 'mann', 'dorf', 'vik', 'rup', 'ąg', 'ęb', 'ois', 'ière'];

/**
 * `count` profiles with European names as a large imported tree has them: accented first names
 * and surnames (German, Scandinavian, Icelandic, Polish, Czech, French, Spanish, Hungarian,
 * Serbian, English), a third of the surnames made up from syllables so there are tens of thousands
 * of distinct words, 30 % with two first names, 40 % with a mother's maiden name, 85 % with a
 * birth year from 1600 on, 5 % with an e-mail. Seeded: every run makes the same people.
 */
export function generatePeople(count: number, seed = 9): Profile[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const madeUp = () => {
    const n = 2 + Math.floor(rnd() * 3);
    let s = '';
    for (let i = 0; i < n; i++) s += pick(SYLLABLES);
    return s[0]!.toUpperCase() + s.slice(1);
  };
  const surname = () => (rnd() < 0.35 ? madeUp() : pick(SURNAMES));
  const people: Profile[] = [];
  for (let i = 0; i < count; i++) {
    const female = rnd() < 0.5;
    const given = female ? FEMALE : MALE;
    const first = rnd() < 0.3 ? `${pick(given)} ${pick(given)}` : pick(given);
    people.push({
      ...emptyProfile(`pr:${i}`),
      firstName: first,
      lastName: surname(),
      gender: female ? 'F' : 'M',
      birthYear: rnd() < 0.85 ? String(1600 + Math.floor(rnd() * 425)) : '',
      mothersMaidenName: rnd() < 0.4 ? surname() : '',
      email: rnd() < 0.05 ? `person${i}@example.org` : '',
    });
  }
  return people;
}

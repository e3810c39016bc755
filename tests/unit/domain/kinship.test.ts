import { describe, expect, it } from 'vitest';
import type { Gender } from '../../../src/domain/types.ts';
import { bloodRelationship, findKinship, greats, kinshipPaths, kinshipSentence, kinshipWord, kinshipWords, linkKey, stepWord, type KinProfiles } from '../../../src/domain/kinship/index.ts';

type P = { id: string; gender: Gender; parents: string[]; children: string[]; spouses: string[] };

/** Profiles from people "id:gender", parent links [parent, child] and couples [a, b]. */
function family(people: string[], parents: [string, string][], couples: [string, string][]): Record<string, P> {
  const out: Record<string, P> = {};
  for (const p of people) {
    const [id, g] = p.split(':') as [string, string | undefined];
    out[id] = { id, gender: (g ?? '') as Gender, parents: [], children: [], spouses: [] };
  }
  for (const [p, c] of parents) {
    out[p]!.children.push(c);
    out[c]!.parents.push(p);
  }
  for (const [a, b] of couples) {
    out[a]!.spouses.push(b);
    out[b]!.spouses.push(a);
  }
  return out;
}

const kids = (ps: string[], cs: string[]) => ps.flatMap((p) => cs.map((c) => [p, c] as [string, string]));

// Great-grandparents ggf+ggm; their children gf and gaunt; gf+gm's children dad, aunt, uncle;
// dad+mum's me, sis, bro; dad+exwife's halfbro; mum later married stepdad; me+husband's kid;
// husband+hex's hkid; the in-laws; two brothers who married two sisters (d1, d2 double cousins);
// f's daughter m2 who is also the mother of f's child x (webtrees #1388); solo's two children
// whose other parent is unknown; nb, a sibling of unknown gender; stranger, unrelated.
const F = family(
  [
    'ggf:M', 'ggm:F', 'gf:M', 'gm:F', 'gaunt:F', 'gauntH:M', 'c1:F', 'c1son:M', 'c1gs:F',
    'dad:M', 'mum:F', 'exwife:F', 'stepdad:M', 'aunt:F', 'auntH:M', 'uncle:M', 'cousin:M', 'cousinKid:F',
    'me:F', 'sis:F', 'bro:M', 'halfbro:M', 'nb', 'husband:M', 'hDad:M', 'hMum:F', 'hSis:F', 'hEx:F', 'hKid:M',
    'sisH:M', 'kid:M', 'kidW:F', 'grandkid:F',
    'p1:M', 'p2:F', 'q1:M', 'q2:F', 'b1:M', 'b2:M', 's1:F', 's2:F', 'd1:F', 'd2:M',
    'f:M', 'w:F', 'm2:F', 'x:M', 'solo:F', 'k1:F', 'k2:M', 'stranger:F',
  ],
  [
    ...kids(['ggf', 'ggm'], ['gf', 'gaunt']),
    ...kids(['gaunt', 'gauntH'], ['c1']),
    ['c1', 'c1son'], ['c1son', 'c1gs'],
    ...kids(['gf', 'gm'], ['dad', 'aunt', 'uncle']),
    ...kids(['aunt', 'auntH'], ['cousin']),
    ['cousin', 'cousinKid'],
    ...kids(['dad', 'mum'], ['me', 'sis', 'bro', 'nb']),
    ...kids(['dad', 'exwife'], ['halfbro']),
    ...kids(['hDad', 'hMum'], ['husband', 'hSis']),
    ...kids(['husband', 'hEx'], ['hKid']),
    ...kids(['me', 'husband'], ['kid']),
    ['kid', 'grandkid'],
    ...kids(['p1', 'p2'], ['b1', 'b2']),
    ...kids(['q1', 'q2'], ['s1', 's2']),
    ...kids(['b1', 's1'], ['d1']),
    ...kids(['b2', 's2'], ['d2']),
    ...kids(['f', 'w'], ['m2']),
    ...kids(['f', 'm2'], ['x']),
    ...kids(['solo'], ['k1', 'k2']),
  ],
  [
    ['ggf', 'ggm'], ['gf', 'gm'], ['gaunt', 'gauntH'], ['dad', 'mum'], ['dad', 'exwife'], ['mum', 'stepdad'], ['aunt', 'auntH'],
    ['me', 'husband'], ['husband', 'hEx'], ['hDad', 'hMum'], ['sis', 'sisH'], ['kid', 'kidW'],
    ['b1', 's1'], ['b2', 's2'], ['p1', 'p2'], ['q1', 'q2'], ['f', 'w'], ['f', 'm2'],
  ],
);

const word = (a: string, b: string, profiles: KinProfiles = F) => kinshipWord(findKinship(profiles, a, b), profiles[b]!.gender);

describe('findKinship names what b is to a', () => {
  it.each([
    ['me', 'dad', 'father'],
    ['me', 'mum', 'mother'],
    ['me', 'gf', 'grandfather'],
    ['me', 'ggm', 'great-grandmother'],
    ['grandkid', 'ggf', 'great-great-great-grandfather'],
    ['dad', 'me', 'daughter'],
    ['gf', 'me', 'granddaughter'],
    ['ggf', 'grandkid', 'great-great-great-granddaughter'],
    ['gf', 'grandkid', 'great-great-granddaughter'],
    ['me', 'sis', 'sister'],
    ['me', 'bro', 'brother'],
    ['me', 'nb', 'sibling'],
    ['me', 'halfbro', 'half-brother'],
    ['halfbro', 'me', 'half-sister'],
    ['me', 'aunt', 'aunt'],
    ['me', 'uncle', 'uncle'],
    ['aunt', 'me', 'niece'],
    ['uncle', 'bro', 'nephew'],
    ['uncle', 'nb', 'niece or nephew'],
    ['nb', 'uncle', 'uncle'],
    ['kid', 'nb', 'aunt or uncle'],
    ['grandkid', 'nb', 'great-aunt or great-uncle'],
    ['me', 'gaunt', 'great-aunt'],
    ['gaunt', 'me', 'great-niece'],
    ['kid', 'gaunt', 'great-great-aunt'],
    ['me', 'cousin', 'first cousin'],
    ['me', 'cousinKid', 'first cousin once removed'],
    ['cousinKid', 'me', 'first cousin once removed'],
    ['kid', 'cousinKid', 'second cousin'],
    ['dad', 'c1', 'first cousin'],
    ['me', 'c1', 'first cousin once removed'],
    ['me', 'c1son', 'second cousin'],
    ['me', 'c1gs', 'second cousin once removed'],
    ['kid', 'c1', 'first cousin twice removed'],
    ['grandkid', 'c1gs', 'third cousin once removed'],
    ['d1', 'd2', 'double first cousin'],
    ['x', 'm2', 'mother'],
    ['k1', 'k2', 'brother'],
    // Marriage: one spouse step at either end.
    ['me', 'husband', 'husband'],
    ['husband', 'me', 'wife'],
    ['me', 'hSis', 'sister-in-law'],
    ['me', 'hMum', 'mother-in-law'],
    ['me', 'hDad', 'father-in-law'],
    ['me', 'hKid', 'stepson'],
    ['hKid', 'me', 'stepmother'],
    ['me', 'stepdad', 'stepfather'],
    ['stepdad', 'me', 'stepdaughter'],
    ['me', 'sisH', 'brother-in-law'],
    ['sisH', 'me', 'sister-in-law'],
    ['me', 'kidW', 'daughter-in-law'],
    ['kidW', 'me', 'mother-in-law'],
    ['me', 'auntH', 'uncle by marriage'],
    ['cousin', 'mum', 'aunt by marriage'],
    ['husband', 'cousin', 'first cousin-in-law'],
    ['husband', 'gf', 'grandfather-in-law'],
    ['dad', 'husband', 'son-in-law'],
  ])('%s → %s: %s', (a, b, expected) => {
    expect(word(a, b)).toBe(expected);
  });

  it('answers the closest: blood wins over marriage, and the kid of me and my husband is his son', () => {
    expect(word('husband', 'kid')).toBe('son');
    expect(findKinship(F, 'husband', 'kid').kind).toBe('blood');
  });

  it('finds no relation past one spouse step at each end, or between strangers', () => {
    // hKid → stepdad: hKid's father's wife's mother's husband — three marriages away.
    expect(findKinship(F, 'hKid', 'stepdad')).toEqual({ kind: 'none', searchedAll: true });
    expect(findKinship(F, 'me', 'stranger')).toEqual({ kind: 'none', searchedAll: true });
    expect(findKinship(F, 'me', 'me')).toEqual({ kind: 'same' });
  });

  it('says when the visited cap stopped the search', () => {
    expect(findKinship(F, 'grandkid', 'c1gs', { maxVisited: 3 })).toEqual({ kind: 'none', searchedAll: false });
    // A stranger of another family is known to be none without a search.
    expect(findKinship(F, 'me', 'stranger', { maxVisited: 3 })).toEqual({ kind: 'none', searchedAll: true });
  });

  it('keeps the couple as the common ancestors, and one parent alone for a half relation', () => {
    const k = findKinship(F, 'me', 'cousin');
    expect(k).toEqual({ kind: 'blood', lines: [{ up: 2, down: 2, ancestors: ['gf', 'gm'], half: false, path: ['me', 'dad', 'gf', 'aunt', 'cousin'] }], also: [] });
    const h = findKinship(F, 'me', 'halfbro');
    expect(h).toEqual({ kind: 'blood', lines: [{ up: 1, down: 1, ancestors: ['dad'], half: true, path: ['me', 'dad', 'halfbro'] }], also: [] });
    // Only one parent known on each side: not called half.
    expect(findKinship(F, 'k1', 'k2')).toMatchObject({ lines: [{ ancestors: ['solo'], half: false }] });
  });

  it('lists both lines of double cousins, one per couple of grandparents', () => {
    const k = findKinship(F, 'd1', 'd2');
    expect(k.kind).toBe('blood');
    if (k.kind !== 'blood') return;
    expect(k.lines.map((l) => l.ancestors)).toEqual([['p1', 'p2'], ['q1', 'q2']]);
    expect(k.lines.map((l) => l.path)).toEqual([['d1', 'b1', 'p1', 'b2', 'd2'], ['d1', 's1', 'q1', 's2', 'd2']]);
  });

  it('goes through the spouse for in-laws and the relative for their spouses', () => {
    expect(findKinship(F, 'me', 'hSis')).toEqual({
      kind: 'spouses-relative', via: 'husband', lines: [{ up: 1, down: 1, ancestors: ['hDad', 'hMum'], half: false, path: ['me', 'husband', 'hDad', 'hSis'] }],
    });
    expect(findKinship(F, 'me', 'sisH')).toEqual({
      kind: 'relatives-spouse', via: 'sis', lines: [{ up: 1, down: 1, ancestors: ['dad', 'mum'], half: false, path: ['me', 'dad', 'sis', 'sisH'] }],
    });
  });

  it('words each step of the path', () => {
    const k = findKinship(F, 'me', 'c1son');
    if (k.kind !== 'blood') throw new Error(k.kind);
    const path = k.lines[0]!.path;
    expect(path).toEqual(['me', 'dad', 'gf', 'ggf', 'gaunt', 'c1', 'c1son']);
    expect(path.slice(1).map((id, i) => stepWord(F[path[i]!]!, F[id]!))).toEqual(['father', 'father', 'father', 'daughter', 'daughter', 'son']);
    expect(stepWord(F.me!, F.husband!)).toBe('husband');
    expect(stepWord(F.dad!, F.nb!)).toBe('child');
    expect(stepWord(F.me!, F.stranger!)).toBe('');
  });

  it('names a mother who is also a half-sister (webtrees #1388), the closest first', () => {
    const k = findKinship(F, 'x', 'm2');
    expect(k).toMatchObject({ kind: 'blood', lines: [{ up: 1, down: 0, ancestors: ['m2'], path: ['x', 'm2'] }], also: [{ up: 1, down: 1, ancestors: ['f'], half: true, path: ['x', 'f', 'm2'] }] });
    expect(kinshipWords(k, 'F')).toEqual(['mother', 'half-sister']);
    expect(kinshipWords(findKinship(F, 'me', 'cousin'), 'M')).toEqual(['first cousin']);
    expect(kinshipWords(findKinship(F, 'me', 'gf'), 'M')).toEqual(['grandfather']);
  });

  it('finds both lines through pedigree collapse: cousins who married', () => {
    // g1 + g2 have sib1 and sib2; their children p and q married and had k.
    const C = family(['g1:M', 'g2:F', 'sib1:F', 'sib2:M', 'p:M', 'q:F', 'k:F'], [...kids(['g1', 'g2'], ['sib1', 'sib2']), ['sib1', 'p'], ['sib2', 'q'], ...kids(['p', 'q'], ['k'])], [['p', 'q']]);
    expect(kinshipWords(findKinship(C, 'k', 'sib1'), 'F')).toEqual(['grandmother', 'great-aunt']);
    expect(kinshipWords(findKinship(C, 'k', 'g1'), 'M')).toEqual(['great-grandfather']);
    // p and q are first cousins and husband and wife: both are listed, blood first.
    expect(kinshipWords(findKinship(C, 'p', 'q'), 'F')).toEqual(['first cousin', 'wife']);
    expect(kinshipWord(findKinship(C, 'p', 'q'), 'F')).toBe('first cousin');
    expect(kinshipSentence(findKinship(C, 'p', 'q'), { aName: 'P', bName: 'Q', aIsYou: true, bGender: 'F' })).toBe('Q is your first cousin and wife');
    expect(kinshipPaths(findKinship(C, 'p', 'q'), 'p', 'q')).toEqual([['p', 'sib1', 'g1', 'sib2', 'q'], ['p', 'q']]);
  });
});

describe('words', () => {
  it.each([
    [2, 2, 'first cousin'],
    [3, 3, 'second cousin'],
    [4, 4, 'third cousin'],
    [2, 3, 'first cousin once removed'],
    [3, 5, 'second cousin twice removed'],
    [4, 6, 'third cousin twice removed'],
    [6, 4, 'third cousin twice removed'],
    [2, 5, 'first cousin three times removed'],
    [12, 12, '11th cousin'],
    [6, 0, '4th great-grandparent'],
    [5, 0, 'great-great-great-grandparent'],
    [0, 7, '5th great-grandchild'],
  ] as const)('up %i, down %i: %s', (up, down, expected) => {
    expect(bloodRelationship({ up, down, half: false }, '')).toBe(expected);
  });

  it('writes half, double and neutral words', () => {
    expect(bloodRelationship({ up: 2, down: 2, half: true }, 'F')).toBe('half first cousin');
    expect(bloodRelationship({ up: 2, down: 1, half: true }, 'F')).toBe('half-aunt');
    expect(bloodRelationship({ up: 1, down: 1, half: true }, '')).toBe('half-sibling');
    expect(bloodRelationship({ up: 2, down: 2, half: false }, 'M', true)).toBe('double first cousin');
    expect(bloodRelationship({ up: 1, down: 0, half: false }, '')).toBe('parent');
    expect(greats(0)).toBe('');
    expect(greats(3)).toBe('great-great-great-');
    expect(greats(4)).toBe('4th great-');
    expect(greats(11)).toBe('11th great-');
    expect(greats(22)).toBe('22nd great-');
  });

  it('says it in a sentence', () => {
    const k = findKinship(F, 'me', 'c1gs');
    expect(kinshipSentence(k, { aName: 'Me', bName: 'Ada', aIsYou: true, bGender: 'F' })).toBe('Ada is your second cousin once removed');
    expect(kinshipSentence(k, { aName: 'Bob', bName: 'Ada', aIsYou: false, bGender: 'F' })).toBe("Ada is Bob's second cousin once removed");
    expect(kinshipSentence({ kind: 'none', searchedAll: true }, { aName: 'Bob', bName: 'Ada', aIsYou: false, bGender: 'F' })).toBe('No relation found in this tree.');
    expect(kinshipSentence({ kind: 'same' }, { aName: 'Bob', bName: 'Bob', aIsYou: true, bGender: 'M' })).toBe('You picked the same person twice.');
  });
});

describe('step, adopted and every closest line', () => {
  // dad + mum have me and bro; dad later married sm, whose son ss (by ex) and daughter sd are my
  // stepsiblings; mum's sister aunt. ad adopted by dad (an adopted link), fo fostered by mum.
  const S = family(
    ['dad:M', 'mum:F', 'me:F', 'bro:M', 'sm:F', 'ex:M', 'ss:M', 'sd:F', 'sn', 'ad:M', 'fo:F', 'gp:M', 'aunt:F'],
    [...kids(['dad', 'mum'], ['me', 'bro', 'ad', 'fo']), ...kids(['sm', 'ex'], ['ss', 'sd', 'sn']), ...kids(['gp'], ['mum', 'aunt'])],
    [['dad', 'mum'], ['dad', 'sm'], ['sm', 'ex']],
  );
  const links = new Map([
    [linkKey('dad', 'ad'), 'adopted' as const],
    [linkKey('mum', 'ad'), 'adopted' as const],
    [linkKey('dad', 'fo'), 'foster' as const],
    [linkKey('mum', 'fo'), 'foster' as const],
  ]);
  const named = (a: string, b: string) => kinshipWord(findKinship(S, a, b, { links }), S[b]!.gender);

  it.each([
    ['me', 'ss', 'stepbrother'],
    ['me', 'sd', 'stepsister'],
    ['me', 'sn', 'stepsibling'],
    ['ss', 'me', 'stepsister'],
    ['me', 'sm', 'stepmother'],
    ['sm', 'me', 'stepdaughter'],
    ['ad', 'dad', 'adoptive father'],
    ['ad', 'mum', 'adoptive mother'],
    ['dad', 'ad', 'adopted son'],
    ['fo', 'mum', 'foster mother'],
    ['mum', 'fo', 'foster daughter'],
    ['me', 'ad', 'brother (by adoption)'],
    ['ad', 'aunt', 'aunt (by adoption)'],
    ['ad', 'gp', 'grandfather (by adoption)'],
    ['me', 'fo', 'sister (foster)'],
    ['me', 'bro', 'brother'],
  ])('%s → %s: %s', (a, b, expected) => {
    expect(named(a, b)).toBe(expected);
  });

  it('gives the path of a stepsibling through the parent and the stepparent', () => {
    expect(findKinship(S, 'me', 'ss')).toEqual({ kind: 'step-sibling', path: ['me', 'dad', 'sm', 'ss'] });
    expect(kinshipPaths(findKinship(S, 'me', 'ss'), 'me', 'ss')).toEqual([['me', 'dad', 'sm', 'ss']]);
  });

  it('keeps every closest line when they split differently: a great-aunt who is also a first cousin (3 + 1 and 2 + 2)', () => {
    // a → p → q → r, and r's child x: a great-aunt (3 + 1); a → p → s, s's child y, y's child x:
    // a half first cousin (2 + 2; p and y share only s). Both are 4 generations apart.
    const T = family(
      ['a:F', 'p:F', 'q:M', 'r:M', 'rw:F', 's:M', 'sw:F', 'y:M', 'x:F', 'xw:M', 'qw:F', 'pw:M'],
      [['p', 'a'], ['pw', 'a'], ...kids(['q', 'qw'], ['p']), ...kids(['r', 'rw'], ['q']), ...kids(['r', 'rw'], ['x']), ['s', 'p'], ...kids(['s', 'sw'], ['y']), ['y', 'x'], ['xw', 'x']],
      [],
    );
    // p has three parents (q, qw and s): an import's mix-up, or an adoption.
    const k = findKinship(T, 'a', 'x');
    expect(k.kind).toBe('blood');
    if (k.kind !== 'blood') return;
    expect(k.lines.map((l) => [l.up, l.down])).toEqual([[2, 2], [3, 1]]);
    expect(kinshipWords(k, 'F')).toEqual(['half first cousin', 'great-aunt']);
  });

  it('sees an edit made in place when asked with the graph as the index key (claimGraph edits the profiles record in place)', () => {
    const P = family(['x:F', 'y:M', 'z:F'], [['x', 'y']], []);
    const before = {};
    expect(findKinship(P, 'y', 'z', { indexKey: before })).toEqual({ kind: 'none', searchedAll: true });
    // In place, as a claimed session graph's edit does: a new parent link and a new person.
    P.w = { id: 'w', gender: 'M', parents: [], children: ['z'], spouses: [] };
    P.z!.parents.push('w');
    P.w.children.push('y');
    P.y!.parents.push('w');
    // The index kept for the old key does not know the edit; the graph of the edit is a new key.
    expect(findKinship(P, 'y', 'z', { indexKey: before })).toEqual({ kind: 'none', searchedAll: true });
    const after = {};
    expect(findKinship(P, 'y', 'z', { indexKey: after })).toMatchObject({ kind: 'blood', lines: [{ ancestors: ['w'], half: false }] });
    expect(kinshipWord(findKinship(P, 'y', 'z', { indexKey: after }), 'F')).toBe('sister');
  });
});

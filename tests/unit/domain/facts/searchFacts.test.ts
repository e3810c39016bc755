import { describe, expect, it } from 'vitest';
import { addCoupleEvent, addPersonEvent, type EventFields } from '../../../../src/domain/facts/eventOps.ts';
import { addName } from '../../../../src/domain/facts/names.ts';
import type { FactsOutcome } from '../../../../src/domain/facts/factsResult.ts';
import { factMatch, indexProfiles, parseFactQuery, reindexProfiles } from '../../../../src/domain/search/index.ts';
import type { Graph } from '../../../../src/domain/types.ts';
import { LATER, makeGraph } from '../helpers.ts';

function ok<T>(r: FactsOutcome<T>): Graph {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.graph;
}

let n = 0;
const ctx = () => ({ uid: 'u', now: LATER, random: () => ((n++ * 11) % 36) / 36 });
const ev = (type: EventFields['type'], place: string, date = ''): EventFields => ({ type, customType: '', date, description: '', age: '', place });
const blank = { prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: '' };

/** Victoria born at Kensington Palace, married Albert at the Chapel Royal; Edward called Bertie; Alice lived in Darmstadt. */
function royals(): Graph {
  let g = makeGraph({
    people: [
      { node: 'n1001', profile: 'pr:victoria', fields: { firstName: 'Victoria', lastName: 'Hanover' } },
      { node: 'n1002', profile: 'pr:albert', fields: { firstName: 'Albert', lastName: 'Saxe-Coburg' } },
      { node: 'n1003', profile: 'pr:edward', fields: { firstName: 'Edward', lastName: 'Windsor' } },
      { node: 'n1004', profile: 'pr:alice', fields: { firstName: 'Alice', lastName: 'Hesse' } },
    ],
    spouses: [['n1001', 'n1002']],
  });
  g = ok(addPersonEvent(g, { profileId: 'pr:victoria', fields: ev('BIRT', 'Kensington Palace, London, England'), ...ctx() }));
  g = ok(addPersonEvent(g, { profileId: 'pr:alice', fields: ev('RESI', 'Darmstadt, Hesse'), ...ctx() }));
  g = ok(addPersonEvent(g, { profileId: 'pr:alice', fields: ev('DEAT', 'Kensington Palace, London, England'), ...ctx() }));
  g = ok(addCoupleEvent(g, { partners: ['pr:victoria', 'pr:albert'], fields: ev('MARR', "Chapel Royal, St James's Palace, London", '10 FEB 1840'), ...ctx() }));
  g = ok(addName(g, { profileId: 'pr:edward', fields: { kind: 'nickname', ...blank, nickname: 'Bertie' }, ...ctx() }));
  g = ok(addName(g, { profileId: 'pr:edward', fields: { kind: 'birth', ...blank, given: 'Albert Edward', surname: 'Saxe-Coburg-Gotha' }, ...ctx() }));
  return g;
}

describe('search by other names and places', () => {
  const g = royals();
  const index = indexProfiles(Object.values(g.profiles), g);
  const find = (q: string) => index.search(q).ids.sort();

  it.each([
    ['bertie', ['pr:edward']],
    ['gotha', ['pr:edward']],
    ['kensington', ['pr:alice', 'pr:victoria']],
    ['darmstadt', ['pr:alice']],
    ['chapel royal', ['pr:albert', 'pr:victoria']],
    ['victoria kensington', ['pr:victoria']],
    ['windsor', ['pr:edward']],
    ['paris', []],
  ])('%j finds %j', (q, ids) => expect(find(q)).toEqual(ids));

  it('an edit is found once the profile is indexed again', () => {
    const g2 = ok(addPersonEvent(g, { profileId: 'pr:edward', fields: ev('RESI', 'Sandringham, Norfolk'), ...ctx() }));
    const i = indexProfiles(Object.values(g.profiles), g);
    expect(i.search('sandringham').ids).toEqual([]);
    reindexProfiles(i, g2.profiles, ['pr:edward'], g2);
    expect(i.search('sandringham').ids).toEqual(['pr:edward']);
  });
});

describe('search finds every name a person has', () => {
  /** Mary of Teck: born Victoria Mary von Teck (her maiden name), called May; Henry Tudor, also Henry VIII. */
  function named(): Graph {
    let g = makeGraph({
      people: [
        { node: 'n1', profile: 'pr:mary', fields: { firstName: 'Mary', lastName: 'Windsor', mothersMaidenName: 'Cambridge' } },
        { node: 'n2', profile: 'pr:henry', fields: { firstName: 'Henry', lastName: 'Tudor' } },
        { node: 'n3', profile: 'pr:other', fields: { firstName: 'Victoria', lastName: 'Hanover' } },
      ],
    });
    g = ok(addName(g, { profileId: 'pr:mary', fields: { kind: 'birth', ...blank, given: 'Victoria Mary', surnamePrefix: 'von', surname: 'Teck' }, ...ctx() }));
    g = ok(addName(g, { profileId: 'pr:mary', fields: { kind: 'nickname', ...blank, nickname: 'May' }, ...ctx() }));
    g = ok(addName(g, { profileId: 'pr:henry', fields: { kind: 'aka', ...blank, prefix: 'King', given: 'Henry', suffix: 'VIII' }, ...ctx() }));
    return g;
  }
  const g = named();
  const index = indexProfiles(Object.values(g.profiles), g);
  const find = (q: string) => index.search(q).ids.sort();

  it.each([
    ['teck', ['pr:mary']], // the maiden (birth) surname
    ['von teck', ['pr:mary']], // with its prefix
    ['may', ['pr:mary']], // the nickname
    ['windsor', ['pr:mary']], // the name on the card
    ['cambridge', ['pr:mary']], // the mother's maiden name (§3)
    ['victoria', ['pr:mary', 'pr:other']], // a given name of another name
    ['mary teck', ['pr:mary']], // words of two of her names together
    ['viii', ['pr:henry']], // a suffix
    ['king henry', ['pr:henry']], // a prefix
    ['tudor', ['pr:henry']],
  ])('%j finds %j', (q, ids) => expect(find(q)).toEqual(ids));
});

describe('parseFactQuery', () => {
  it.each([
    ['born in Kensington', { text: 'Kensington', types: ['BIRT'] }],
    ['Married at Chapel Royal', { text: 'Chapel Royal', types: ['MARR'] }],
    ['  Kensington ', { text: 'Kensington', types: null }],
    ['Anne in London', { text: 'Anne in London', types: null }],
    ['born in', { text: 'born in', types: null }],
  ])('%j', (q, parsed) => expect(parseFactQuery(q)).toEqual(parsed));
});

describe('factMatch', () => {
  const g = royals();
  const why = (id: string, q: string) => factMatch(g.profiles[id]!, g, parseFactQuery(q));
  it.each([
    ['pr:victoria', 'victoria', ''],
    ['pr:victoria', 'kensington', 'Born in Kensington Palace, London, England'],
    ['pr:alice', 'kensington', 'Died in Kensington Palace, London, England'],
    ['pr:alice', 'london', 'Died in London, England'],
    ['pr:alice', 'darmstadt', 'Lived in Darmstadt, Hesse'],
    ['pr:albert', 'chapel', "Married in Chapel Royal, St James's Palace, London"],
    ['pr:edward', 'bertie', 'Nickname “Bertie”'],
    ['pr:edward', 'edward gotha', 'Birth name Albert Edward Saxe-Coburg-Gotha'],
    ['pr:victoria', 'born in kensington', 'Born in Kensington Palace, London, England'],
    ['pr:alice', 'born in kensington', null],
    ['pr:alice', 'died in kensington', 'Died in Kensington Palace, London, England'],
  ])('%s for %j: %j', (id, q, reason) => expect(why(id, q)).toBe(reason));
});

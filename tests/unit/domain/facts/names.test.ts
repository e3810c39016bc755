import { describe, expect, it } from 'vitest';
import { undoFacts, type FactsOutcome } from '../../../../src/domain/facts/factsResult.ts';
import { addName, editName, NAME_MESSAGES, nameLine, removeName, type NameFields } from '../../../../src/domain/facts/names.ts';
import { frozenCopy, LATER, makeGraph } from '../helpers.ts';

function ok<T>(r: FactsOutcome<T>): Exclude<FactsOutcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<FactsOutcome<T>, { ok: false }>;
}

const g = () => makeGraph({ people: [{ node: 'n1001', profile: 'pr:edward' }] });
const blank: NameFields = { kind: 'aka', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: '' };
const ctx = { uid: 'u-ed', now: LATER, random: () => 0.5 };

describe('other names', () => {
  it('adds, edits and removes a name, each undoable', () => {
    const base = g();
    const before = frozenCopy(base);
    const a = ok(addName(base, { profileId: 'pr:edward', fields: { ...blank, kind: 'nickname', nickname: ' Bertie ' }, ...ctx }));
    expect(base).toEqual(before);
    expect(a.graph.profiles['pr:edward']!.names).toEqual([{ id: a.nameId, ...blank, kind: 'nickname', nickname: 'Bertie' }]);
    expect(a.graph.profiles['pr:edward']!.updatedBy).toBe('u-ed');
    const e = ok(editName(a.graph, { profileId: 'pr:edward', nameId: a.nameId, fields: { ...blank, kind: 'birth', given: 'Albert  Edward', surname: 'Saxe-Coburg' }, uid: 'u', now: LATER }));
    expect(e.graph.profiles['pr:edward']!.names![0]).toEqual({ id: a.nameId, ...blank, kind: 'birth', given: 'Albert Edward', surname: 'Saxe-Coburg' });
    const r = ok(removeName(e.graph, { profileId: 'pr:edward', nameId: a.nameId, uid: 'u', now: LATER }));
    expect(r.graph.profiles['pr:edward']!.names).toEqual([]);
    expect(undoFacts(r.graph, r).graph.profiles['pr:edward']).toEqual(e.graph.profiles['pr:edward']);
    expect(undoFacts(e.graph, e).graph.profiles['pr:edward']).toEqual(a.graph.profiles['pr:edward']);
    expect(undoFacts(a.graph, a).graph.profiles['pr:edward']).toEqual(base.profiles['pr:edward']);
  });

  it.each([
    ['an empty name', { ...blank }, NAME_MESSAGES.empty],
    ['only blanks', { ...blank, given: '   ' }, NAME_MESSAGES.empty],
    ['an unknown kind', { ...blank, given: 'X', kind: 'alias' as never }, NAME_MESSAGES.wrongKind],
  ])('refuses %s', (_, fields, message) => {
    expect(addName(g(), { profileId: 'pr:edward', fields, ...ctx })).toEqual({ ok: false, message });
  });

  it('refuses a name that is gone', () => {
    expect(removeName(g(), { profileId: 'pr:edward', nameId: 'nmx', uid: 'u', now: LATER })).toEqual({ ok: false, message: NAME_MESSAGES.unknownName });
  });

  it.each([
    [{ ...blank, prefix: 'Sir', given: 'Albert Edward', surnamePrefix: 'van', surname: 'Wettin', suffix: 'II', nickname: 'Bertie' }, 'Sir Albert Edward van Wettin II “Bertie”'],
    [{ ...blank, nickname: 'Bertie' }, '“Bertie”'],
    [{ ...blank, surname: 'Windsor' }, 'Windsor'],
  ])('nameLine %#', (n, line) => expect(nameLine(n)).toBe(line));
});

import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../../../src/domain/changeSet.ts';
import { entrySentence, personChangeLines, summarySentence } from '../../../../src/domain/history/describe.ts';
import type { ChangeSummary, HistoryEntry } from '../../../../src/domain/history/types.ts';

const none: ChangeSummary = { added: 0, removed: 0, edited: 0, photos: 0, other: 0 };

describe('a change in a few words', () => {
  it.each([
    [{ added: 3, photos: 1 }, 'added 3 people and a photo'],
    [{ added: 1 }, 'added a person'],
    [{ photos: 1 }, 'added a photo'],
    [{ photos: 2 }, 'added 2 photos'],
    [{ edited: 2, photos: 2 }, 'added 2 photos and edited 2 people'],
    [{ joined: 1 }, 'joined the tree'],
    [{ added: 1, removed: 2, edited: 1 }, 'added a person, deleted 2 people and edited a person'],
    [{ other: 4 }, 'rearranged the tree'],
    [{}, 'made a change'],
  ] as [Partial<ChangeSummary>, string][])('%o → %s', (counts, sentence) => {
    expect(summarySentence({ ...none, ...counts })).toBe(sentence);
  });
});

/** One entry that set these fields of pr:b, which held `was` before. */
function entry(set: Record<string, string>, was: Record<string, string>): HistoryEntry {
  const changes = emptyChangeSet(1);
  changes.profiles.upsert.push({ id: 'pr:b', set });
  return { revision: 2, at: '2026-11-28T07:39:00.000Z', actorUid: 'u1', changes, before: { profiles: { 'pr:b': { set: was } } } } as unknown as HistoryEntry;
}

describe("a person's change, field by field", () => {
  const name = (id: string) => id;
  it.each([
    ['a whole birth date is one line in words', { birthYear: '1836', birthMonth: '05', birthDay: '12' }, { birthYear: '', birthMonth: '', birthDay: '' }, {}, [{ what: 'Born', before: '', after: '12 May 1836' }]],
    ['a day changed alone reads with the month and year the person has', { birthDay: '13' }, { birthDay: '12' }, { birthYear: '1836', birthMonth: '05', birthDay: '13' }, [{ what: 'Born', before: '12 May 1836', after: '13 May 1836' }]],
    ['a date kept as text', { birthDateText: 'abt 1850' }, { birthDateText: '' }, {}, [{ what: 'Born', before: '', after: 'about 1850' }]],
    ['a death without a date reads Deceased', { death: 'Y' }, { death: '' }, {}, [{ what: 'Died', before: '', after: 'Deceased' }]],
    ['a bio is kept as written', { bio: 'Shipwright.' }, { bio: '' }, {}, [{ what: 'Bio', before: '', after: 'Shipwright.' }]],
    ['a field set to what it was is not a change', { bio: 'Same' }, { bio: 'Same' }, {}, []],
  ] as const)('%s', (_, set, was, now, lines) => {
    expect(personChangeLines(entry(set, was), 'pr:b', name, now)).toEqual(lines);
  });
});

describe('an activity line names the one person a change was about', () => {
  const nameOf = (id: string) => ({ 'pr:b': 'Byron King', 'pr:a': 'Ada King' })[id] ?? 'Unknown';
  const base = (change: (c: ReturnType<typeof emptyChangeSet>) => void, summary: Partial<ChangeSummary>, before: object = { profiles: {} }) => {
    const changes = emptyChangeSet(1);
    change(changes);
    return { changes, before, summary: { ...none, ...summary } } as unknown as HistoryEntry;
  };
  it.each([
    ['a person added with a photo', base((c) => c.profiles.upsert.push({ id: 'pr:n', create: true, set: { firstName: 'Lena', lastName: 'King', photoURL: '/p.webp' } }), { added: 1, photos: 1 }, { profiles: { 'pr:n': { absent: true } } }), 'added Lena King and a photo'],
    ['a person deleted, named as they were', base((c) => c.profiles.remove.push('pr:r'), { removed: 1 }, { profiles: { 'pr:r': { whole: { firstName: 'Ralph', lastName: 'King' } } } }), 'deleted Ralph King'],
    ['a person edited, while a relative\'s list only gained them', base((c) => { c.profiles.upsert.push({ id: 'pr:b', set: { bio: 'x' } }); c.profiles.upsert.push({ id: 'pr:a', add: { children: ['pr:b'] } }); }, { edited: 1 }), 'edited Byron King'],
    ['several people: the counts', base((c) => { c.profiles.upsert.push({ id: 'pr:b', set: { bio: 'x' } }); c.profiles.upsert.push({ id: 'pr:a', set: { bio: 'y' } }); }, { edited: 2 }), 'edited 2 people'],
  ])('%s', (_, e, sentence) => {
    expect(entrySentence(e, nameOf)).toBe(sentence);
  });
});

import { describe, expect, it } from 'vitest';
import { applyChangeSets } from '../../../../src/domain/applyChangeSets.ts';
import { emptyChangeSet } from '../../../../src/domain/changeSet.ts';
import { citationLine, sourceProblem, sourceUses, SOURCE_MESSAGES } from '../../../../src/domain/facts/citations.ts';
import { coupleId, type Citation, type FactEvent, type Source } from '../../../../src/domain/facts/types.ts';
import { PERSON_EVENT_TYPE_SET } from '../../../../src/domain/facts/limits.ts';
import { redactPatch, redactProfile } from '../../../../src/domain/privacy.ts';
import { emptyProfile } from '../../../../src/domain/profile.ts';
import { eventsEqual, normaliseEvent } from '../../../../src/domain/snapshot.ts';
import { coupleShapeProblem, eventShapeProblem, sourceShapeProblem } from '../../../../src/domain/validation/entityShapes.ts';

const cite = (id: string, fields: Partial<Citation> = {}): Citation => ({ id, sourceId: 'sr1', page: '', date: '', quality: null, text: '', ...fields });
const event = (fields: Partial<FactEvent> = {}): FactEvent => ({ id: 'ev1', type: 'OCCU', customType: '', date: '', placeId: '', description: '', age: '', ...fields });
const source = (fields: Partial<Source> = {}): Source => ({ id: 'sr1', title: 'Register', author: '', publication: '', repository: '', url: '', note: '', ...fields });

describe('shape checks of sources and citations', () => {
  it.each([
    [source(), null],
    [source({ url: 'https://example.org' }), null],
    [{ ...source(), extra: 1 }, 'Source has an unexpected shape'],
    [source({ title: '  ' }), 'Source sr1: the title must be 1 to 500 characters'],
    [source({ url: 'javascript:alert(1)' }), 'Source sr1: the URL must begin with http:// or https://'],
    [source({ author: 'x'.repeat(1001) }), 'Source sr1: the author is at most 1000 characters'],
  ])('source %#', (v, problem) => {
    expect(sourceShapeProblem(v)).toBe(problem);
  });

  it.each([
    [event({ citations: [cite('c1', { quality: 3, page: 'p. 4' })] }), null],
    [event({ note: '<p>x</p>' }), null],
    [event({ citations: [cite('c1', { quality: 4 as never })] }), 'P, event ev1, citation c1: the quality must be 0 to 3 or null'],
    [event({ citations: [cite('c1'), cite('c1')] }), 'P, event ev1: a citation id appears more than once'],
    [event({ citations: [{ ...cite('c1'), sourceId: '' }] }), 'P, event ev1: a citation needs an id and a source id'],
    [event({ citations: [{ id: 'c1' } as never] }), 'P, event ev1: a citation has an unexpected shape'],
    [event({ citations: Array.from({ length: 51 }, (_, i) => cite(`c${i}`)) }), 'P, event ev1: citations must be a list of at most 50'],
    [event({ note: 'x'.repeat(20001) }), 'P, event ev1: the note is at most 20000 characters'],
  ])('event %#', (v, problem) => {
    expect(eventShapeProblem(v, 'P', PERSON_EVENT_TYPE_SET)).toBe(problem);
  });

  it('a couple takes a note and citations', () => {
    const c = { id: coupleId('pr:a', 'pr:b'), partners: ['pr:a', 'pr:b'], events: [], note: '<p>n</p>', citations: [cite('c1')] };
    expect(coupleShapeProblem(c, new Set(['MARR']))).toBeNull();
    expect(coupleShapeProblem({ ...c, citations: [cite('c1', { text: 1 as never })] }, new Set(['MARR']))).toMatch(/citation c1: the text/);
  });
});

describe('normal form', () => {
  it('keeps events without evidence as they were', () => {
    expect(Object.keys(normaliseEvent(event()))).toEqual(['id', 'type', 'customType', 'date', 'placeId', 'description', 'age']);
  });
  it('tells events apart by their note and citations', () => {
    expect(eventsEqual(event(), event({ note: '<p>a</p>' }))).toBe(false);
    expect(eventsEqual(event({ citations: [cite('c1', { page: '1' })] }), event({ citations: [cite('c1', { page: '2' })] }))).toBe(false);
    expect(eventsEqual(event({ citations: [cite('c1')] }), event({ citations: [cite('c1')] }))).toBe(true);
    expect(eventsEqual(event({ citations: [] }), event())).toBe(true);
  });
});

describe('privacy of citations', () => {
  const named = { id: 'nm1', kind: 'aka' as const, prefix: '', given: 'Bertie', surnamePrefix: '', surname: '', suffix: '', nickname: '', citations: [cite('c1', { text: 'entry' })] };
  it('a name shown without its details loses its citations', () => {
    const p = { ...emptyProfile('pr:x'), firstName: 'A', names: [named], events: [event({ citations: [cite('c2')] })] };
    const seen = redactProfile(p, 'name');
    expect(seen.names).toEqual([{ ...named, citations: undefined }].map(({ citations: _, ...n }) => n));
    expect(seen).not.toHaveProperty('events');
    expect(redactProfile(p, 'everything').names![0]!.citations).toHaveLength(1);
    const patch = redactPatch({ id: 'pr:x', names: { upsert: [named], remove: [] } }, 'name');
    expect(patch.names!.upsert[0]).not.toHaveProperty('citations');
  });
});

describe('what each source supports', () => {
  it('lists events, names and couples citing it', () => {
    const a = { ...emptyProfile('pr:a'), events: [event({ type: 'OCCU', citations: [cite('c1')] })], names: [{ id: 'nm1', kind: 'aka' as const, prefix: '', given: 'Bertie', surnamePrefix: '', surname: '', suffix: '', nickname: '', citations: [cite('c2', { sourceId: 'sr2' })] }] };
    const couple = { id: coupleId('pr:a', 'pr:b'), partners: ['pr:a', 'pr:b'] as [string, string], events: [event({ id: 'ev2', type: 'MARR', citations: [cite('c3')] })], citations: [cite('c4')] };
    const uses = sourceUses({ profiles: { 'pr:a': a }, couples: { [couple.id]: couple } });
    expect(uses.get('sr1')!.map((u) => [u.people, u.fact])).toEqual([[['pr:a'], 'Occupation'], [['pr:a', 'pr:b'], 'Married'], [['pr:a', 'pr:b'], 'Couple']]);
    expect(uses.get('sr2')!.map((u) => u.fact)).toEqual(['Name: Bertie']);
  });
  it('says a citation in one line', () => {
    expect(citationLine(cite('c1', { page: 'folio 3', quality: 3 }), { sr1: source() })).toBe('Register · folio 3 · Direct evidence');
    expect(citationLine(cite('c1', { sourceId: 'gone' }), {})).toBe('Unknown source');
  });
  it('refuses a source form without a title or with a bad link', () => {
    expect(sourceProblem({ ...source(), title: ' ' })).toBe(SOURCE_MESSAGES.titleRequired);
    expect(sourceProblem({ ...source(), url: 'ftp://x' })).toBe(SOURCE_MESSAGES.badUrl);
    expect(sourceProblem(source())).toBeNull();
  });
});

describe('sources through the change log', () => {
  it('applyChangeSets adds and removes sources (the server replays the log onto a snapshot so)', () => {
    const graph = { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1 as const };
    const added = applyChangeSets(graph, [{ ...emptyChangeSet(0), sources: { upsert: [source(), source({ id: 'sr2' })], remove: [] } }]);
    expect(Object.keys(added.sources!)).toEqual(['sr1', 'sr2']);
    const removed = applyChangeSets(added, [{ ...emptyChangeSet(1), sources: { upsert: [], remove: ['sr1'] } }]);
    expect(Object.keys(removed.sources!)).toEqual(['sr2']);
    expect(Object.keys(added.sources!)).toEqual(['sr1', 'sr2']);
  });
});

import { describe, expect, it } from 'vitest';
import { SOURCE_MESSAGES } from '../../../../src/domain/facts/citations.ts';
import { undoFacts } from '../../../../src/domain/facts/factsResult.ts';
import { addName, editName } from '../../../../src/domain/facts/names.ts';
import { editCoupleEvidence, editPersonEvidence, editSource, removeSource, SOURCE_OP_MESSAGES, storedNote } from '../../../../src/domain/facts/sourceOps.ts';
import { coupleId, type Citation, type Source } from '../../../../src/domain/facts/types.ts';
import type { Graph } from '../../../../src/domain/types.ts';
import { base, event } from '../factsFixtures.ts';
import { NOW } from '../helpers.ts';

const source = (id: string, fields: Partial<Source> = {}): Source => ({ id, title: 'Register', author: '', publication: '', repository: '', url: '', note: '', ...fields });
const cite = (id: string, sourceId: string, fields: Partial<Citation> = {}): Citation => ({ id, sourceId, page: '', date: '', quality: null, text: '', ...fields });
const fields = (f: Partial<Source> = {}) => {
  const { id: _, ...rest } = source('x', f);
  return rest;
};

function withSources(): Graph {
  const g = base();
  g.sources = { sr1: source('sr1'), sr2: source('sr2', { title: 'Census' }) };
  g.profiles['pr:n1']!.events = [event('e1', { citations: [cite('c1', 'sr1', { page: 'folio 2' })] })];
  return g;
}

describe('editing and removing sources', () => {
  it('edits a source in place, its note sanitised, and Undo puts it back', () => {
    const g = withSources();
    const r = editSource(g, { sourceId: 'sr1', fields: fields({ title: ' Parish register ', repository: 'TNA', url: 'https://tna.example', note: '<p>Kept <b>well</b><script>x()</script></p>' }) });
    if (!r.ok) throw new Error(r.message);
    expect(r.graph.sources!.sr1).toEqual(source('sr1', { title: 'Parish register', repository: 'TNA', url: 'https://tna.example', note: '<p>Kept <b>well</b></p>' }));
    expect(r.graph.profiles['pr:n1']!.events![0]!.citations![0]!.sourceId).toBe('sr1');
    expect(undoFacts(r.graph, r).graph.sources!.sr1).toEqual(source('sr1'));
  });

  it.each([
    [{ title: ' ' }, SOURCE_MESSAGES.titleRequired],
    [{ url: 'javascript:alert(1)' }, SOURCE_MESSAGES.badUrl],
  ])('refuses %j', (f, message) => {
    expect(editSource(withSources(), { sourceId: 'sr1', fields: fields(f) })).toEqual({ ok: false, message });
  });

  it('removes only a source nothing cites, and says how many facts cite one', () => {
    const g = withSources();
    expect(removeSource(g, { sourceId: 'sr1' })).toEqual({ ok: false, message: SOURCE_OP_MESSAGES.inUse(1) });
    expect(removeSource(g, { sourceId: 'nope' })).toEqual({ ok: false, message: SOURCE_OP_MESSAGES.unknownSource });
    const r = removeSource(g, { sourceId: 'sr2' });
    if (!r.ok) throw new Error(r.message);
    expect(Object.keys(r.graph.sources!)).toEqual(['sr1']);
    expect(Object.keys(undoFacts(r.graph, r).graph.sources!).sort()).toEqual(['sr1', 'sr2']);
  });

  it('an empty editor’s note is no note', () => {
    expect(storedNote('<p><br></p>')).toBe('');
    expect(storedNote(undefined)).toBe('');
    expect(storedNote('<p>a</p>')).toBe('<p>a</p>');
  });
});

describe('citations on a couple and on a name', () => {
  it('sets a couple’s note and citations (a new source written with them) and clears them', () => {
    const g = withSources();
    const made = source('sr9', { title: 'Marriage register' });
    const r = editCoupleEvidence(g, { partners: ['pr:n1', 'pr:n2'], note: '<p>Banns read <i>thrice</i></p>', citations: [cite('c9', 'sr9', { quality: 3 })], newSources: [made] });
    if (!r.ok) throw new Error(r.message);
    const couple = r.graph.couples![coupleId('pr:n1', 'pr:n2')]!;
    expect(couple).toMatchObject({ note: '<p>Banns read <i>thrice</i></p>', citations: [{ id: 'c9', sourceId: 'sr9', quality: 3 }], events: [] });
    expect(r.graph.sources!.sr9).toEqual(made);
    const cleared = editCoupleEvidence(r.graph, { partners: ['pr:n2', 'pr:n1'], note: '<p></p>', citations: [] });
    if (!cleared.ok) throw new Error(cleared.message);
    expect(cleared.graph.couples![couple.id]).toEqual({ id: couple.id, partners: couple.partners, events: [] });
    expect(editCoupleEvidence(g, { partners: ['pr:n1', 'pr:n3'], note: '', citations: [] }).ok).toBe(false);
  });

  it('a name carries its citations, a new source written with it', () => {
    const g = withSources();
    const made = source('sr8', { title: 'Baptism roll' });
    const name = { kind: 'birth' as const, prefix: '', given: 'Bertie', surnamePrefix: '', surname: '', suffix: '', nickname: '' };
    const r = addName(g, { profileId: 'pr:n1', fields: { ...name, citations: [cite('c8', 'sr8', { page: ' p. 3 ' })], newSources: [made] }, uid: 'u', now: NOW, random: () => 0.1 });
    if (!r.ok) throw new Error(r.message);
    const stored = r.graph.profiles['pr:n1']!.names![0]!;
    expect(stored.citations).toEqual([cite('c8', 'sr8', { page: 'p. 3' })]);
    expect(stored).not.toHaveProperty('newSources');
    expect(r.graph.sources!.sr8).toEqual(made);
    const edited = editName(r.graph, { profileId: 'pr:n1', nameId: stored.id, fields: { ...name, citations: [] }, uid: 'u', now: NOW });
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.graph.profiles['pr:n1']!.names![0]).not.toHaveProperty('citations');
  });
});

describe('a person’s own note and citations (editPersonEvidence)', () => {
  const at = { uid: 'u-ed', now: NOW };
  it.each<[string, { note: string; citations: Citation[] }, { note: string; citations: string[] | undefined }]>([
    ['a formatted note, sanitised, and a citation', { note: '<p>Kept a <b>diary</b><script>x()</script></p>', citations: [cite('c9', 'sr2', { page: ' folio 9 ' })] }, { note: '<p>Kept a <b>diary</b></p>', citations: ['folio 9'] }],
    ['an empty editor is no note, no citations no list', { note: '<p><br></p>', citations: [] }, { note: '', citations: undefined }],
  ])('%s; the bio stays, the stamps are the editor’s, Undo puts all back', (_, input, want) => {
    const g = withSources();
    g.profiles['pr:n1']!.bio = 'Plain bio';
    const r = editPersonEvidence(g, { profileId: 'pr:n1', ...input, newSources: [], ...at });
    if (!r.ok) throw new Error(r.message);
    const p = r.graph.profiles['pr:n1']!;
    expect({ note: p.note, citations: p.citations?.map((c) => c.page) }).toEqual(want);
    expect(p).toMatchObject({ bio: 'Plain bio', updatedBy: 'u-ed', updatedAt: NOW });
    expect(undoFacts(r.graph, r).graph.profiles['pr:n1']).toEqual(g.profiles['pr:n1']);
  });

  it('writes a new source with it, refuses a note past the limit and a person not in the tree', () => {
    const made = source('srnew', { title: 'Letters' });
    const r = editPersonEvidence(withSources(), { profileId: 'pr:n1', note: '', citations: [cite('c8', 'srnew')], newSources: [made], ...at });
    if (!r.ok) throw new Error(r.message);
    expect(r.graph.sources!.srnew).toEqual(made);
    expect(editPersonEvidence(withSources(), { profileId: 'pr:n1', note: `<p>${'x'.repeat(20_000)}</p>`, citations: [], ...at })).toEqual({ ok: false, message: SOURCE_OP_MESSAGES.noteTooLong });
    expect(editPersonEvidence(withSources(), { profileId: 'pr:gone', note: '', citations: [], ...at }).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { EDIT_PERSON_MESSAGES, findProfileByEmail, linkNodeToProfile, normalisePersonFields, savePerson } from '../../../src/domain/editPerson.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { undo } from '../../../src/domain/relationships.ts';
import { frozenCopy, LATER, makeGraph, NOW } from './helpers.ts';

const graph = () =>
  makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { email: 'owner@x.org' } },
      { node: 'n1002', profile: 'pr:placeholder' },
      { node: 'n1003', profile: 'pr:kid' },
      { node: 'n1004', profile: 'pr:other', fields: { email: 'Other@X.org' } },
    ],
    parents: [
      ['n1001', 'n1003'],
      ['n1002', 'n1003'],
    ],
    spouses: [['n1001', 'n1002']],
    extraProfiles: [{ ...newProfile('u-anna', { firstName: 'Anna', email: 'Anna.Smith@Example.org' }, { uid: 'u-anna', now: NOW }), ownerUid: 'u-anna' }],
  });

describe('savePerson', () => {
  it('saves normalised fields and stamps updatedBy and updatedAt', () => {
    const g = graph();
    const r = savePerson(g, { nodeId: 'n1003', fields: { firstName: ' Kim ', birthMonth: '3', birthDay: '9', birthYear: '2001' }, uid: 'u-owner', now: LATER });
    if (!r.ok) throw new Error(r.message);
    expect(r.graph.profiles['pr:kid']).toMatchObject({ firstName: 'Kim', birthMonth: '03', birthDay: '09', birthYear: '2001', updatedBy: 'u-owner', updatedAt: LATER });
    expect(r.changed.profiles).toEqual(['pr:kid']);
  });

  it('ignores owner and creation fields', () => {
    expect(normalisePersonFields({ firstName: 'a', ownerUid: 'evil', createdBy: 'evil', email: ' A@B.org ' } as never)).toEqual({ firstName: 'a', email: 'a@b.org' });
  });
});

describe('findProfileByEmail', () => {
  it.each([
    ['anna.smith@example.org', 'u-anna'],
    ['  ANNA.SMITH@EXAMPLE.ORG ', 'u-anna'],
    ['other@x.org', 'pr:other'],
    ['anna.smith@example', null],
    ['anna', null],
    ['', null],
  ])('%j → %s', (email, id) => expect(findProfileByEmail(graph().profiles, email)?.id ?? null).toBe(id));

});

describe('linkNodeToProfile', () => {
  const link = (nodeId: string, profileId: string) => linkNodeToProfile(graph(), { nodeId, profileId, ownUid: 'u-owner', uid: 'u-owner', now: LATER });

  it('moves the card and its links to the chosen profile', () => {
    const g = graph();
    const before = frozenCopy(g);
    const r = linkNodeToProfile(g, { nodeId: 'n1002', profileId: 'u-anna', ownUid: 'u-owner', uid: 'u-owner', now: LATER });
    if (!r.ok) throw new Error(r.message);
    expect(r.linked).toBe(true);
    expect(g).toEqual(before);
    expect(r.graph.nodes[1]!.data.profileId).toBe('u-anna');
    expect(r.graph.profiles['u-anna']).toMatchObject({ spouses: ['u-owner'], children: ['pr:kid'], updatedBy: 'u-owner', updatedAt: LATER });
    expect(r.graph.profiles['u-owner']!.spouses).toEqual(['u-anna']);
    expect(r.graph.profiles['pr:kid']!.parents).toEqual(['u-owner', 'u-anna']);
    expect(r.graph.profiles['pr:placeholder']).toMatchObject({ spouses: [], parents: [], children: [] });
    expect(checkGraph(r.graph)).toEqual([]);
    expect(undo(r.graph, r.undo).graph).toEqual(before);
  });

  it('ignores linking a card to the profile it shows', () => {
    const r = link('n1002', 'pr:placeholder');
    expect(r).toMatchObject({ ok: true, linked: false, changed: { nodes: [], edges: [], profiles: [] } });
  });

  it.each([
    ['the own card', 'n1001', 'u-anna', EDIT_PERSON_MESSAGES.ownProfileRelink],
    ['to a profile on another card', 'n1002', 'pr:other', EDIT_PERSON_MESSAGES.profileOnTree],
    ['to a missing profile', 'n1002', 'pr:nobody', 'That profile no longer exists'],
    ['a missing card', 'n9999', 'u-anna', 'That person is no longer on the tree'],
  ])('refuses %s', (_name, nodeId, profileId, message) => expect(link(nodeId, profileId)).toEqual({ ok: false, message }));
});

import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import type { Citation, Source } from '../../src/domain/facts/types.ts';
import { loadGraph, postChanges } from './graphHelpers.ts';
import { expectError, useTestServer } from './helpers.ts';
import { hopperFamily } from './sharingHelpers.ts';

/**
 * A person's own note and citations on the self-hosted server (PGlite): saved per item, kept in
 * the history, sent to members, hidden from a viewer with the person's events, refused past the
 * note's limit and for a member who may not edit the person.
 */
const site = useTestServer();

const source: Source = { id: 'srregister1', title: 'Parish register', author: '', publication: '', repository: '', url: '', note: '' };
const cite = (id: string, page: string): Citation => ({ id, sourceId: source.id, page, date: '', quality: 3, text: '' });

function evidence(profileId: string, fields: { note?: string; upsert?: Citation[]; remove?: string[] }, withSource = false): ChangeSet {
  return {
    ...emptyChangeSet(0),
    ...(withSource ? { sources: { upsert: [source], remove: [] } } : {}),
    profiles: {
      upsert: [{ id: profileId, ...(fields.note !== undefined ? { set: { note: fields.note } } : {}), ...(fields.upsert || fields.remove ? { citations: { upsert: fields.upsert ?? [], remove: fields.remove ?? [] } } : {}) }],
      remove: [],
    },
  };
}

describe('a person’s note and citations on the server', () => {
  it('are saved per item and kept by two editors at once; a viewer sees them only when the person shows whole', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const walter = h.walter.profileId;
    const mary = h.mary.profileId;
    for (const id of [walter, mary]) {
      const res = await postChanges(h.grace.client, g, evidence(id, { note: '<p>Kept a <b>diary</b></p>', upsert: [cite('ciown000001', 'folio 3')] }, true), 'grace');
      expect(res.status, res.text).toBe(200);
    }
    // The editor adds a second citation without sending the first: both stay.
    expect((await postChanges(h.ed.client, g, evidence(walter, { upsert: [cite('ciown000002', 'folio 4')] }), 'ed')).status).toBe(200);
    const own = (await loadGraph(h.grace.client)).graph.profiles;
    expect(own[walter]).toMatchObject({ note: '<p>Kept a <b>diary</b></p>' });
    expect(own[walter]!.citations!.map((c) => c.page)).toEqual(['folio 3', 'folio 4']);
    // Vi views: Walter (dead) shows whole, Mary (living, unclaimed) is private.
    const seen = (await loadGraph(h.vi.client)).graph;
    expect(seen.profiles[walter]!.citations!.map((c) => c.page)).toEqual(['folio 3', 'folio 4']);
    expect(seen.profiles[mary]!.note ?? '').toBe('');
    expect(seen.profiles[mary]!.citations).toBeUndefined();
    // One removed: the other stays.
    expect((await postChanges(h.grace.client, g, evidence(walter, { remove: ['ciown000001'] }), 'grace')).status).toBe(200);
    expect((await loadGraph(h.grace.client)).graph.profiles[walter]!.citations!.map((c) => c.page)).toEqual(['folio 4']);
  });

  it('refuses a note past its limit, a malformed citation, and a viewer editing someone else', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const walter = h.walter.profileId;
    expectError(await postChanges(h.grace.client, g, evidence(walter, { note: `<p>${'x'.repeat(20_000)}</p>` }), 'grace'), 400, 'invalid-argument');
    expectError(await postChanges(h.grace.client, g, evidence(walter, { upsert: [{ ...cite('ciown000003', 'x'), quality: 7 as never }] }, true), 'grace'), 400, 'invalid-argument');
    expectError(await postChanges(h.vi.client, g, evidence(walter, { note: '<p>mine</p>' }), 'vi'), 403, 'permission-denied');
  });
});

import { describe, expect, it } from 'vitest';
import { applyChangeSet, diffGraphs } from '../../../../src/domain/changeSet.ts';
import { coupleId, type Couple } from '../../../../src/domain/facts/types.ts';
import { beforeOf, graphReader } from '../../../../src/domain/history/before.ts';
import { restoreChangeSet } from '../../../../src/domain/history/restore.ts';
import { personBefore } from '../../../../src/domain/history/service.ts';
import { mediaRemovedBy } from '../../../../src/domain/media/orphans.ts';
import type { Media } from '../../../../src/domain/media/types.ts';
import { emptyProfile } from '../../../../src/domain/profile.ts';
import { deletePerson } from '../../../../src/domain/relationships.ts';
import type { Graph, GraphNode } from '../../../../src/domain/types.ts';

/**
 * Recently deleted brings a person back with their photos and documents (issue 24 "restore after
 * delete", issue 23's media): one only they were in comes back whole, a group photo gets them and
 * their couple back, and the deletion's history entry keeps the files of what it removed.
 */

const card = (id: string, profileId: string): GraphNode =>
  ({ id, type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: id === 'n0' } }) as GraphNode;
const photo = (id: string, people: string[], couples: string[] = []): Media => ({
  id, kind: 'photo', title: id, date: '', description: '', people, couples, url: `/files/media/g/${id}/original.jpg`, thumb: '', thumbSmall: '', contentType: 'image/jpeg', bytes: 100,
});

function family(): Graph {
  const wedding = coupleId('pr:ann', 'pr:bob');
  const couple: Couple = { id: wedding, partners: ['pr:ann', 'pr:bob'], events: [] };
  return {
    nodes: [card('n0', 'pr:eve'), card('n1', 'pr:ann'), card('n2', 'pr:bob')],
    edges: [],
    profiles: {
      'pr:eve': { ...emptyProfile('pr:eve'), firstName: 'Eve' },
      'pr:ann': { ...emptyProfile('pr:ann'), firstName: 'Ann', spouses: ['pr:bob'] },
      'pr:bob': { ...emptyProfile('pr:bob'), firstName: 'Bob', spouses: ['pr:ann'] },
    },
    couples: { [wedding]: couple },
    media: {
      mann: photo('mann', ['pr:ann']),
      mwedding: photo('mwedding', ['pr:ann', 'pr:bob', 'pr:eve'], [wedding]),
      mbob: photo('mbob', ['pr:bob']),
    },
    updatedAt: '',
    version: 1,
  };
}

describe('restoring a deleted person brings their photos back', () => {
  it('the photo only they were in comes back whole, the group photo gets them and their couple back, the others are untouched', () => {
    const graph = family();
    const gone = deletePerson(graph, 'n1');
    if (!gone.ok) throw new Error(gone.message);
    expect(Object.keys(gone.graph.media ?? {}).sort()).toEqual(['mbob', 'mwedding']);
    const changes = diffGraphs(graph, gone.graph);
    const before = beforeOf(graphReader(graph), changes);
    expect(mediaRemovedBy(changes, before)).toEqual(['mann']);

    const now = graphReader(gone.graph);
    const back = applyChangeSet(gone.graph, restoreChangeSet(personBefore(before, 'pr:ann', now), now));
    expect(back.media).toEqual(graph.media);
  });

  it('what changed since is kept: a later title of the group photo stays, someone deleted since is not brought back into it', () => {
    const graph = family();
    const gone = deletePerson(graph, 'n1');
    if (!gone.ok) throw new Error(gone.message);
    const before = beforeOf(graphReader(graph), diffGraphs(graph, gone.graph));
    const bobGone = deletePerson(gone.graph, 'n2');
    if (!bobGone.ok) throw new Error(bobGone.message);
    const later: Graph = { ...bobGone.graph, media: { ...bobGone.graph.media, mwedding: { ...bobGone.graph.media!.mwedding!, title: 'The wedding' } } };

    const now = graphReader(later);
    const back = applyChangeSet(later, restoreChangeSet(personBefore(before, 'pr:ann', now), now));
    expect(back.media?.mwedding).toEqual({ ...graph.media!.mwedding!, title: 'The wedding', people: ['pr:ann', 'pr:eve'], couples: [] });
    expect(back.media?.mann).toEqual(graph.media!.mann);
    expect(back.media?.mbob).toBeUndefined();
  });
});

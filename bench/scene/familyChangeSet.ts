/**
 * The bench's synthetic family as one change set of new cards, lines and profiles, the shape a
 * GEDCOM import sends: the first person is the member themselves (their own profile, patched to
 * list their relatives), everyone else a new `pr:` profile.
 */
import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../../src/domain/changeSet.ts';
import type { Media } from '../../src/domain/media/types.ts';
import { familyGraph } from './familyGraph.ts';

/**
 * `photos`: that many stored photos as media records (issue 23), spread over the people in turn,
 * as a tree whose members uploaded them would hold (their files are not stored: an open reads
 * records, and only the thumbnails of cards in view would be fetched).
 */
export function familyChangeSet(count: number, memberUid: string, seed = 7, photos = 0): ChangeSet {
  const graph = familyGraph(count, memberUid, 'rows', seed, new Date().toISOString());
  const changes = emptyChangeSet(0);
  changes.nodes.upsert = graph.nodes;
  changes.edges.upsert = graph.edges;
  changes.profiles.upsert = Object.values(graph.profiles).map((p): ProfilePatch => {
    const add = { spouses: p.spouses, parents: p.parents, children: p.children };
    if (p.id === memberUid) return { id: p.id, add };
    const { id: _id, spouses: _s, parents: _p, children: _c, ...set } = p;
    return { id: p.id, create: true, set, add };
  });
  if (photos) changes.media = { upsert: benchPhotos(Object.keys(graph.profiles), memberUid, photos), remove: [] };
  return changes;
}

function benchPhotos(people: readonly string[], graphId: string, photos: number): Media[] {
  const out: Media[] = [];
  for (let k = 0; k < photos; k++) {
    const id = `mbench${k.toString(36)}`;
    const file = (name: string) => `/files/media/${graphId}/${id}/${name}?v=${k.toString(16).padStart(16, '0')}`;
    out.push({
      id, kind: 'photo', title: `Photo ${k + 1}`, date: '', description: '', people: [people[k % people.length]!], couples: [],
      url: file('original.jpg'), thumb: file('thumb_320.webp'), thumbSmall: file('thumb_170.webp'), contentType: 'image/jpeg', bytes: 60_000,
    });
  }
  return out;
}

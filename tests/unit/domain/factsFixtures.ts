import { coupleId, type Couple, type FactEvent, type PersonName, type Place } from '../../../src/domain/facts/types.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { makeGraph } from './helpers.ts';

/** Items of the facts model for tests, complete with their defaults. */

export const event = (id: string, fields: Partial<FactEvent> = {}): FactEvent => ({ id, type: 'OCCU', customType: '', date: '', placeId: '', description: '', age: '', ...fields });
export const personName = (id: string, fields: Partial<PersonName> = {}): PersonName => ({
  id, kind: 'aka', prefix: '', given: 'Bertie', surnamePrefix: '', surname: '', suffix: '', nickname: '', ...fields,
});
export const place = (id: string, fields: Partial<Place> = {}): Place => ({ id, name: id, parentId: '', kind: '', latitude: null, longitude: null, altNames: [], ...fields });
export const couple = (a: string, b: string, events: FactEvent[] = []): Couple => ({ id: coupleId(a, b), partners: a < b ? [a, b] : [b, a], events });

/** A married pair (pr:n1, pr:n2) and their child, with no facts yet. */
export const base = (): Graph => ({
  ...makeGraph({ people: [{ node: 'n1', fields: { ownerUid: '' } }, { node: 'n2' }, { node: 'n3' }], spouses: [['n1', 'n2']], parents: [['n1', 'n3']] }),
  revision: 3,
});


import { describe, expect, it } from 'vitest';
import { addedParentLinks, firstLoop, type ParentLink } from '../../../src/domain/ancestry.ts';
import { diffGraphs, stampChangeSet } from '../../../src/domain/changeSet.ts';
import { graphView } from '../../../src/domain/checkGraph.ts';
import { parentEdge, RELATIONSHIP_MESSAGES } from '../../../src/domain/relationships.ts';
import { graphLookup, Neighbourhood } from '../../../src/domain/save/neighbourhood.ts';
import { validateChangeSet } from '../../../src/domain/save/validate.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { LATER, makeGraph } from './helpers.ts';

/** n1001 → n1002 → … → n(1000+length): each the parent of the next, the first the owner's card. */
function line(length: number): Graph {
  const people = Array.from({ length }, (_, i) => ({ node: `n${1001 + i}`, ...(i === 0 ? { profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner' } } : {}) }));
  const parents = people.slice(1).map((p, i) => [people[i]!.node, p.node] as [string, string]);
  return { ...makeGraph({ people, parents }), revision: 1 };
}

const pid = (g: Graph, node: string) => g.nodes.find((n) => n.id === node)!.data.profileId;

/** `parent` drawn as a parent of `child`, line and lists, as a client that skips its checks would send it. */
function linked(g: Graph, parent: string, child: string): Graph {
  const [p, c] = [pid(g, parent), pid(g, child)];
  const profiles = { ...g.profiles };
  profiles[p] = { ...profiles[p]!, children: [...profiles[p]!.children, c] };
  profiles[c] = { ...profiles[c]!, parents: [...profiles[c]!.parents, p] };
  return { ...g, edges: [...g.edges, parentEdge(parent, child)], profiles };
}

async function validate(stored: Graph, edited: Graph) {
  const neighbourhood = new Neighbourhood(graphLookup(stored));
  const changes = stampChangeSet(diffGraphs(stored, edited), { uid: 'u-owner', now: LATER });
  const refusal = await validateChangeSet(changes, { neighbourhood, actingUid: 'u-owner', role: 'owner', graphOwnerUid: 'u-owner', currentYear: 2025 });
  return { refusal, rounds: neighbourhood.rounds };
}

describe('firstLoop: the new link that makes its child their own ancestor', () => {
  const g = line(4); // a → b → c → d
  const [a, b, c, d] = ['u-owner', 'pr:n1002', 'pr:n1003', 'pr:n1004'];
  it.each<[string, ParentLink[], ParentLink | null]>([
    ['no new links', [], null],
    ['a great-grandparent as the child of a great-grandchild', [{ child: a, parent: d }], { child: a, parent: d }],
    ['a parent as the child of their child', [{ child: c, parent: d }], { child: c, parent: d }],
    ['a shortcut down the line (a grandparent also a parent)', [{ child: c, parent: a }], null],
    ['the first of several that closes a loop', [{ child: d, parent: a }, { child: b, parent: c }], { child: b, parent: c }],
    ['a parent nobody has read yet', [{ child: a, parent: 'pr:unknown' }], null],
  ])('%s', (_n, links, expected) => {
    // The view already holds the new links (as `after` does): each child lists its new parent.
    const view = graphView(links.reduce((acc, l) => ({ ...acc, profiles: { ...acc.profiles, [l.child]: { ...acc.profiles[l.child]!, parents: [...acc.profiles[l.child]!.parents, l.parent] } } }), g));
    expect(firstLoop(view, links)).toEqual(expected);
  });

  it('walks a line of 20,000 generations without recursion', () => {
    const long = line(20_000);
    const top = 'u-owner';
    const bottom = pid(long, 'n21000');
    long.profiles[top] = { ...long.profiles[top]!, parents: [bottom] };
    expect(firstLoop(graphView(long), [{ child: top, parent: bottom }])).toEqual({ child: top, parent: bottom });
  });

  it('addedParentLinks: the links in the lists after and not before, from either side', () => {
    const before = graphView(g);
    const after = graphView(linked(g, 'n1004', 'n1001'));
    expect(addedParentLinks([a, d], before, after)).toEqual([{ child: a, parent: d }]);
  });
});

describe('the server refuses a change that makes someone their own ancestor (§5, issue 19)', () => {
  it('a grandparent as the child of a grandchild, named', async () => {
    const g = line(3);
    const { refusal } = await validate(g, linked(g, 'n1003', 'n1001'));
    expect(refusal).toEqual({ code: 'invalid-argument', message: RELATIONSHIP_MESSAGES.ownAncestor('N1001') });
  });

  it('two people each other’s parent', async () => {
    const g = line(2);
    const { refusal } = await validate(g, linked(g, 'n1002', 'n1001'));
    expect(refusal?.message).toBe(RELATIONSHIP_MESSAGES.ownAncestor('N1001'));
  });

  it('reads one generation per round, however deep the line (past the other checks’ 12 rounds)', async () => {
    const g = line(60);
    const { refusal, rounds } = await validate(g, linked(g, 'n1060', 'n1001'));
    expect(refusal?.message).toBe(RELATIONSHIP_MESSAGES.ownAncestor('N1001'));
    expect(rounds).toBeLessThan(60 + 10);
  });

  it('a loop stored before blocks no other change; a new link into it that closes no loop is accepted', async () => {
    const stored = line(4);
    // Stored already: n1004 as n1002's second parent (n1002 → n1003 → n1004 → n1002).
    const looped = linked(stored, 'n1004', 'n1002');
    const withChild = { ...linked({ ...looped, nodes: [...looped.nodes, { ...looped.nodes[3]!, id: 'n1005', data: { ...looped.nodes[3]!.data, profileId: 'pr:n1005' } }], profiles: { ...looped.profiles, 'pr:n1005': { ...looped.profiles['pr:n1004']!, id: 'pr:n1005', parents: [], children: [], firstName: 'n1005' } } }, 'n1003', 'n1005') };
    const { refusal } = await validate(looped, withChild);
    expect(refusal).toBeNull();
  });
});

import type { GraphView } from './checkGraph.ts';

/**
 * Nobody becomes their own ancestor (§5, issue 19), checked in the order of a change, not of the
 * graph: only a parent link the change adds can close a loop, and every person on such a loop is
 * an ancestor of that link's parent. So the walk goes up from the new links' parents through the
 * parents lists (lines between cards mirror them, `checkAround` rule 5) and looks no further than
 * their ancestors; loops it finds that no new link closes were stored before and block nothing.
 */

/** A parent link: `child` lists `parent` among their parents. */
export interface ParentLink {
  child: string;
  parent: string;
}

/** The parent links `after` has and `before` had not, among the lists of these profiles, once each. */
export function addedParentLinks(profileIds: Iterable<string>, before: GraphView, after: GraphView): ParentLink[] {
  const ids = new Set(profileIds);
  const links: ParentLink[] = [];
  for (const id of ids) {
    const now = after.profile(id);
    if (!now) continue;
    const old = before.profile(id);
    for (const parent of now.parents) if (!old?.parents.includes(parent)) links.push({ child: id, parent });
    // Lists are mutual (checked elsewhere): a child whose own list is not among these shows the link only here.
    for (const child of now.children) if (!ids.has(child) && !old?.children.includes(child)) links.push({ child, parent: id });
  }
  return links;
}

/**
 * The first of `links` that makes its child their own ancestor in `view`, or null. Reads the
 * links' children, then the profiles of the parents of those who have children and of their
 * ancestors, each once; a profile not (yet) there
 * ends its line. Linear in the ancestors read.
 */
export function firstLoop(view: GraphView, links: readonly ParentLink[]): ParentLink | null {
  // A child without children is nobody's ancestor: a new child, the commonest new link, ends here.
  const open = links.filter((l) => !!view.profile(l.child)?.children.length);
  if (!open.length) return null;
  const parentsOf = new Map<string, readonly string[]>();
  const queue = open.map((l) => l.parent);
  while (queue.length) {
    const id = queue.pop()!;
    if (parentsOf.has(id)) continue;
    const parents = view.profile(id)?.parents ?? [];
    parentsOf.set(id, parents);
    for (const p of parents) if (!parentsOf.has(p)) queue.push(p);
  }
  const component = loops(parentsOf);
  return open.find((l) => component.has(l.child) && component.get(l.child) === component.get(l.parent)) ?? null;
}

/**
 * Strongly connected components (Tarjan, without recursion: a line of ancestors may be thousands
 * of generations deep) of the child → parent graph `parentsOf` holds; edges leaving it are
 * ignored. Two people share a component exactly when each is the other's ancestor.
 */
function loops(parentsOf: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  const visit = (id: string, work: [string, number][]) => {
    order.set(id, counter);
    low.set(id, counter++);
    stack.push(id);
    onStack.add(id);
    work.push([id, 0]);
  };
  for (const root of parentsOf.keys()) {
    if (order.has(root)) continue;
    const work: [string, number][] = [];
    visit(root, work);
    while (work.length) {
      const top = work[work.length - 1]!;
      const [id, next] = top;
      const parents = parentsOf.get(id)!;
      if (next < parents.length) {
        top[1]++;
        const p = parents[next]!;
        if (!parentsOf.has(p)) continue;
        if (!order.has(p)) visit(p, work);
        else if (onStack.has(p)) low.set(id, Math.min(low.get(id)!, order.get(p)!));
        continue;
      }
      work.pop();
      const below = work[work.length - 1];
      if (below) low.set(below[0], Math.min(low.get(below[0])!, low.get(id)!));
      if (low.get(id) !== order.get(id)) continue;
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.set(member, components);
      } while (member !== id);
      components++;
    }
  }
  return component;
}

import { collapseChildren, expandChildren, hasCollapsedChildren } from '../../../domain/collapse.ts';
import type { TreeActionContext } from './context.ts';

export const COLLAPSE_LABELS = { collapse: 'Collapse Children', expand: 'Expand Children' } as const;

/**
 * 'Collapse Children' / 'Expand Children' (§2, §4): hides every descendant reachable over visible
 * edges, or shows them again when some are hidden. Returns what it did.
 */
export function toggleCollapse(ctx: Pick<TreeActionContext, 'session'>, nodeId: string): 'collapsed' | 'expanded' {
  const graph = ctx.session.graph;
  if (hasCollapsedChildren(graph, nodeId)) {
    ctx.session.apply(expandChildren(graph, nodeId));
    return 'expanded';
  }
  ctx.session.apply(collapseChildren(graph, nodeId));
  return 'collapsed';
}

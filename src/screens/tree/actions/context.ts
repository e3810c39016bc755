import { notify, type NotifyOptions } from '../../../components/notify.ts';
import type { TreeContextValue } from '../treeContext.ts';

/** How actions toast; the real one is sonner through `notify`, tests pass a recorder. */
export interface Notifier {
  success(message: string, options?: NotifyOptions): unknown;
  error(message: string, options?: NotifyOptions): unknown;
  info(message: string, options?: NotifyOptions): unknown;
}

/**
 * What an action needs: the tree context (`useTree()` is one as it is) and, optionally, another
 * notifier. `session` only has to read `graph` and take `apply`, so unit tests can pass a stub.
 */
export type TreeActionContext = Pick<TreeContextValue, 'uid' | 'now' | 'findFree' | 'newProfileId'> & {
  session: Pick<TreeContextValue['session'], 'graph' | 'apply'>;
  createInvitation?: TreeContextValue['createInvitation'];
  notify?: Notifier;
};

export function notifier(ctx: TreeActionContext): Notifier {
  return ctx.notify ?? notify;
}

/** The current year by the context's clock (§5 year range). */
export function currentYear(ctx: Pick<TreeActionContext, 'now'>): number {
  const year = new Date(ctx.now()).getFullYear();
  return Number.isFinite(year) ? year : new Date().getFullYear();
}

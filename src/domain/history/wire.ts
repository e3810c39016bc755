import type { HistoryEntry } from './types.ts';
import type { DeletedPerson, RevertMode, RevertPlan } from './service.ts';

/** The history's requests and answers, the same on both backends (routes and callables). */
export interface HistoryPage {
  entries: HistoryEntry[];
  /** Display names of the members who made these changes, by uid. */
  actors: Record<string, string>;
}

export interface RevertRequest {
  revision: number;
  mode: RevertMode;
  clientId: string;
}

export type { DeletedPerson, RevertMode, RevertPlan };

export const REVERT_MODES: readonly RevertMode[] = ['one', 'after'];

import type { RevertPlan } from '../../domain/history/wire.ts';
import type { HistoryService } from '../ports.ts';
import type { Call } from './call.ts';

/** The history on Firebase (functions/src/callables/history.ts). */
export function createFirebaseHistoryService(call: Call): HistoryService {
  return {
    list: (graphId, query = {}) => call('listHistory', { graphId, ...query }),
    async previewRevert(graphId, revision, mode) {
      return ((await call('revertChange', { graphId, revision, mode, clientId: 'preview', preview: true })) as { plan: RevertPlan }).plan;
    },
    async revert(graphId, revision, mode, clientId) {
      return (await call('revertChange', { graphId, revision, mode, clientId })) as { revision: number };
    },
    deleted: (graphId) => call('listDeleted', { graphId }),
    restore: (graphId, revision, profileId, clientId) => call('restoreDeleted', { graphId, revision, profileId, clientId }),
  };
}

import type { HistoryPage, RevertPlan } from '../../domain/history/wire.ts';
import type { HistoryService } from '../ports.ts';
import { request } from './request.ts';

const of = (graphId: string) => `/api/graphs/${encodeURIComponent(graphId)}`;

/** The history on the self-hosted server (server/routes/history.ts). */
export function createHttpHistoryService(): HistoryService {
  return {
    list(graphId, query = {}) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
      const qs = params.toString();
      return request<HistoryPage>('GET', `${of(graphId)}/history${qs ? `?${qs}` : ''}`);
    },
    async previewRevert(graphId, revision, mode) {
      return (await request<{ plan: RevertPlan }>('POST', `${of(graphId)}/history/revert`, { revision, mode, clientId: 'preview', preview: true })).plan;
    },
    revert: (graphId, revision, mode, clientId) => request('POST', `${of(graphId)}/history/revert`, { revision, mode, clientId }),
    deleted: (graphId) => request('GET', `${of(graphId)}/deleted`),
    restore: (graphId, revision, profileId, clientId) => request('POST', `${of(graphId)}/deleted/restore`, { revision, profileId, clientId }),
  };
}

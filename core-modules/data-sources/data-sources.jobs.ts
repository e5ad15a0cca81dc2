import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import { jobFor } from '../../kernel/plugin.js';
import type { DataSourcesDeps } from './data-sources-deps.js';
import { REFRESH_SOURCE_JOB } from './data-sources.service.js';

const job = jobFor<DataSourcesDeps>();

export const dataSourcesJobs = [
  job({
    name: 'data-sources.refresh-due',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 0, delaySeconds: 60 },
    expireInSeconds: 10 * 60,
    handler: async (_payload, { sourceRefresher }) => {
      await sourceRefresher.refreshDue();
    },
  }),
  job({
    name: REFRESH_SOURCE_JOB,
    payload: Type.Object({ sourceId: Uuid }),
    retry: { limit: 0, delaySeconds: 60 },
    expireInSeconds: 5 * 60,
    handler: async ({ sourceId }, { sourceRefresher, dataSourcesRepository }) => {
      const source = await dataSourcesRepository.byId(sourceId);
      if (source) await sourceRefresher.refresh(source);
    },
  }),
];

import type { HistoryExport } from './history-export.js';
import type { HistoryIngest } from './history-ingest.js';
import type { HistoryRetention } from './history-retention.js';
import type { HistoryServiceDeps } from './history-service-deps.js';

/** The whole noise meter plugin's container. */
export interface NoiseMeterDeps extends HistoryServiceDeps {
  historyIngest: HistoryIngest;
  historyExport: HistoryExport;
  historyRetention: HistoryRetention;
}

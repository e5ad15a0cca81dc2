import type { HistoryService } from './history.service.js';
import type { NoiseMeterBaseDeps } from './noise-meter-base-deps.js';

/** The history's service, a layer of its own: the export reads through it. */
export interface HistoryServiceDeps extends NoiseMeterBaseDeps {
  historyService: HistoryService;
}

import { dependencyGraphRef } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { HistoryExport, ExportLimits } from './history-export.js';
import type { HistoryIngest } from './history-ingest.js';
import type { HistoryRetention } from './history-retention.js';
import type { HistoryRepository } from './history.repository.js';
import type { HistoryService } from './history.service.js';
import type { NoiseMeterInstances } from './noise-meter.instances.js';
import { screenTargetsRef, screenDirectoryRef, heartbeatExtensionsRef } from '../../core-modules/screens/screens.api.js';
import { manifestPluginsRef } from '../../core-modules/player/player.api.js';

export const noiseMeterUses = {
  dependencyGraph: dependencyGraphRef,
  screenTargets: screenTargetsRef,
  screensService: screenDirectoryRef,
  heartbeatExtensions: heartbeatExtensionsRef,
  manifestPlugins: manifestPluginsRef,
};

export interface NoiseMeterDeps extends KernelDeps, UsedDeps<typeof noiseMeterUses> {
  // Own.
  instanceService: NoiseMeterInstances;
  historyRepository: HistoryRepository;
  historyIngest: HistoryIngest;
  historyService: HistoryService;
  historyExport: HistoryExport;
  historyRetention: HistoryRetention;
  noiseMeterExportLimits: ExportLimits;
}

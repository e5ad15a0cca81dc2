import { dependencyGraphRef } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import { manifestPluginsRef } from '../../core-modules/player/player.api.js';
import { heartbeatExtensionsRef, screenDirectoryRef, screenTargetsRef } from '../../core-modules/screens/screens.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { ExportLimits } from './export-limits.js';
import type { HistoryRepository } from './history.repository.js';
import type { NoiseMeterInstances } from './noise-meter.instances.js';

export const noiseMeterUses = {
  dependencyGraph: dependencyGraphRef,
  screenTargets: screenTargetsRef,
  screensService: screenDirectoryRef,
  heartbeatExtensions: heartbeatExtensionsRef,
  manifestPlugins: manifestPluginsRef,
};

/**
 * What the noise meter's history builds on: its instances, its table and the export limits. The
 * history's services sit in the layers above, so no service's own deps file names it.
 */
export interface NoiseMeterBaseDeps extends KernelDeps, UsedDeps<typeof noiseMeterUses> {
  instanceService: NoiseMeterInstances;
  historyRepository: HistoryRepository;
  noiseMeterExportLimits: ExportLimits;
}

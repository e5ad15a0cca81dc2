import { dependencyGraphRef } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef } from '../../core-modules/media/media.api.js';
import type { InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { BrandBugSettings } from './brand-bug.fields.js';
import { screenTargetsRef } from '../../core-modules/screens/screens.api.js';
import { manifestPluginsRef } from '../../core-modules/player/player.api.js';

export const brandBugUses = {
  dependencyGraph: dependencyGraphRef,
  mediaLibrary: mediaLibraryRef,
  assetUsage: assetUsageRef,
  mediaEvents: mediaEventsRef,
  screenTargets: screenTargetsRef,
  manifestPlugins: manifestPluginsRef,
};

export interface BrandBugDeps extends KernelDeps, UsedDeps<typeof brandBugUses> {
  // Own.
  instanceStore: InstanceStore<BrandBugSettings>;
  instanceService: InstanceService<BrandBugSettings>;
}

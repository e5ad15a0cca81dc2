import type { DependencyGraph } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import type { AssetUsageRegistry, MediaEvents, MediaLibrary } from '../../core-modules/media/media.api.js';
import type { ManifestPlugins } from '../../core-modules/player/player.api.js';
import type { InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { BrandBugSettings } from './brand-bug.fields.js';

export interface BrandBugDeps extends KernelDeps {
  // From media, screens, player and dependency-graph (their exports).
  mediaLibrary: MediaLibrary;
  assetUsage: AssetUsageRegistry;
  mediaEvents: MediaEvents;
  screenTargets: ScreenTargets;
  manifestPlugins: ManifestPlugins;
  dependencyGraph: DependencyGraph;
  // Own.
  instanceStore: InstanceStore<BrandBugSettings>;
  instanceService: InstanceService<BrandBugSettings>;
}

import type { DependencyGraph } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import type { ManifestPlugins } from '../../core-modules/player/player.api.js';
import type { InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { CountdownBarSettings } from './countdown-bar.fields.js';

export interface CountdownBarDeps extends KernelDeps {
  // From screens, player and dependency-graph (their exports).
  screenTargets: ScreenTargets;
  manifestPlugins: ManifestPlugins;
  dependencyGraph: DependencyGraph;
  // Own.
  instanceStore: InstanceStore<CountdownBarSettings>;
  instanceService: InstanceService<CountdownBarSettings>;
}

import { dependencyGraphRef } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import type { ManifestPlugins } from '../../core-modules/player/player.api.js';
import type { InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { CountdownBarSettings } from './countdown-bar.fields.js';

export const countdownBarUses = { dependencyGraph: dependencyGraphRef };

export interface CountdownBarDeps extends KernelDeps, UsedDeps<typeof countdownBarUses> {
  // From screens and player (their exports, until they declare them as refs).
  screenTargets: ScreenTargets;
  manifestPlugins: ManifestPlugins;
  // Own.
  instanceStore: InstanceStore<CountdownBarSettings>;
  instanceService: InstanceService<CountdownBarSettings>;
}

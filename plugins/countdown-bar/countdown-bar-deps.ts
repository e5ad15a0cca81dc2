import { dependencyGraphRef } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import type { InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { CountdownBarSettings } from './countdown-bar.fields.js';
import { screenTargetsRef } from '../../core-modules/screens/screens.api.js';
import { manifestPluginsRef } from '../../core-modules/player/player.api.js';

export const countdownBarUses = { dependencyGraph: dependencyGraphRef, screenTargets: screenTargetsRef, manifestPlugins: manifestPluginsRef };

export interface CountdownBarDeps extends KernelDeps, UsedDeps<typeof countdownBarUses> {
  // Own.
  instanceStore: InstanceStore<CountdownBarSettings>;
  instanceService: InstanceService<CountdownBarSettings>;
}

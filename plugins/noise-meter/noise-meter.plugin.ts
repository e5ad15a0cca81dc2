import { Type } from '@sinclair/typebox';
import { asClass, asFunction, asValue } from 'awilix';
import { instanceRoutes } from '../../core-modules/plugin-catalog/instances/instance-routes.js';
import { InstanceStore } from '../../core-modules/plugin-catalog/instances/instance-store.js';
import type { DependencyGraph } from '../../core-modules/dependency-graph/dependency-graph.js';
import type { ManifestPlugins } from '../../core-modules/player/manifest-plugins.js';
import type { HeartbeatExtensions } from '../../core-modules/screens/heartbeat-extensions.js';
import type { ScreenTargets } from '../../core-modules/screens/screen-targets.js';
import type { ScreensService } from '../../core-modules/screens/screens.service.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin, jobFor } from '../../kernel/plugin.js';
import { HistoryExport, type ExportLimits } from './history-export.js';
import { HistoryIngest } from './history-ingest.js';
import { HistoryRetention } from './history-retention.js';
import { HistoryRepository } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';
import { noiseMeterFields } from './noise-meter.fields.js';
import { NoiseMeterInstances } from './noise-meter.instances.js';

export interface NoiseMeterDeps extends KernelDeps {
  // From dependency-graph, screens and player (their exports).
  dependencyGraph: DependencyGraph;
  screenTargets: ScreenTargets;
  screensService: ScreensService;
  heartbeatExtensions: HeartbeatExtensions;
  manifestPlugins: ManifestPlugins;
  // Own.
  instanceService: NoiseMeterInstances;
  historyRepository: HistoryRepository;
  historyIngest: HistoryIngest;
  historyService: HistoryService;
  historyExport: HistoryExport;
  historyRetention: HistoryRetention;
  noiseMeterExportLimits: ExportLimits;
}

const job = jobFor<NoiseMeterDeps>();

/**
 * A bar that shows while the room a screen is in stays too loud. The Linux player measures its own
 * microphone; the server keeps thresholds, targeting and the ten-second aggregates players report
 * on their heartbeats (never audio), and answers history questions about them.
 */
export const noiseMeterPlugin = noiseMeterPluginWith({ rawRows: 500_000 });

/** The plugin with other export limits: the benchmark streams a whole month raw through it. */
export function noiseMeterPluginWith(limits: ExportLimits) {
  return definePlugin<NoiseMeterDeps>({
    name: 'noise-meter',
    dependsOn: ['dependency-graph', 'screens', 'player'],
    migrations: new URL('./migrations', import.meta.url),
    installable: {
      title: 'Noise meter',
      description: 'Shows a bar on screens while the room stays too loud, and keeps a history of noise levels (never audio).',
      resources: ({ instanceService }) => instanceService.resources(),
      status: ({ instanceService }) => instanceService.status(),
    },
    register(r) {
      r.provide({
        instanceService: asFunction((d: NoiseMeterDeps) => new NoiseMeterInstances(d, new InstanceStore(d.db, 'noise_meter_instances'))).singleton(),
        historyRepository: asClass(HistoryRepository).singleton(),
        historyIngest: asClass(HistoryIngest).singleton(),
        historyService: asClass(HistoryService).singleton(),
        historyExport: asClass(HistoryExport).singleton(),
        historyRetention: asClass(HistoryRetention).singleton(),
        noiseMeterExportLimits: asValue(limits),
      });
      r.routes([...instanceRoutes({ plugin: 'noise-meter', pascalName: 'NoiseMeter', noun: 'noise meter', fields: noiseMeterFields }), ...historyRoutes]);
      r.jobs([
        job({
          name: 'noise-meter.purge-history',
          payload: Type.Object({}),
          cron: '23 * * * *',
          // Batched and stoppable: a run cut short by a shutdown finishes at the next hour.
          handler: async (_p, { historyRetention }, { signal }) => {
            await historyRetention.purge(signal);
          },
        }),
      ]);
      // Only registrations here: the kernel asks these only while the plugin is installed.
      r.onStart(({ manifestPlugins, dependencyGraph, heartbeatExtensions, instanceService, historyIngest }) => {
        manifestPlugins.register(instanceService.contributor());
        dependencyGraph.register(instanceService.graph());
        heartbeatExtensions.register({ plugin: 'noise-meter', handle: (screenId, heartbeat) => historyIngest.handle(screenId, heartbeat) });
      });
    },
  });
}

import { asClass, asFunction, asValue } from 'awilix';
import { instanceRoutes, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import { retentionJob } from '../../kernel/jobs/retention-job.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { ExportLimits } from './export-limits.js';
import { HistoryExport } from './history-export.js';
import { HistoryIngest, noiseHistoryAnswer } from './history-ingest.js';
import { HistoryRetention } from './history-retention.js';
import { HistoryRepository } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';
import { noiseMeterFields } from './noise-meter.fields.js';
import { NoiseMeterInstances } from './noise-meter.instances.js';
import { noiseMeterUses } from './noise-meter-base-deps.js';
import type { NoiseMeterDeps } from './noise-meter-deps.js';

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
    dependsOn: ['dependency-graph', 'screens', 'player', 'plugin-catalog'],
    uses: noiseMeterUses,
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
        // Batched and stoppable: a run cut short by a shutdown finishes at the next hour.
        retentionJob<NoiseMeterDeps>({
          name: 'noise-meter.purge-history',
          cron: '23 * * * *',
          what: 'expired noise history',
          purge: ({ historyRetention }, signal) => historyRetention.purge(signal),
        }),
      ]);
      // Only registrations here: the kernel asks these only while the plugin is installed.
      r.onStart(({ manifestPlugins, dependencyGraph, heartbeatExtensions, instanceService, historyIngest }) => {
        manifestPlugins.register(instanceService.contributor());
        dependencyGraph.register(instanceService.graph());
        heartbeatExtensions.register({
          plugin: 'noise-meter',
          answers: noiseHistoryAnswer,
          handle: (screenId, heartbeat) => historyIngest.handle(screenId, heartbeat),
        });
      });
    },
  });
}

import { asFunction } from 'awilix';
import { instanceRoutes, InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import { definePlugin } from '../../kernel/plugin.js';
import { countdownBarFields, type CountdownBarSettings } from './countdown-bar.fields.js';
import { countdownBarKind } from './countdown-bar.kind.js';
import { countdownBarUses, type CountdownBarDeps } from './countdown-bar-deps.js';

/** A bar counting down to a weekly or one-time moment on the targeted screens. */
export const countdownBarPlugin = definePlugin<CountdownBarDeps>({
  name: 'countdown-bar',
  dependsOn: ['screens', 'player', 'dependency-graph', 'plugin-catalog'],
  uses: countdownBarUses,
  migrations: new URL('./migrations', import.meta.url),
  installable: {
    title: 'Countdown bar',
    description: 'A bar along the screen edge counting down to a weekly or one-time moment.',
    resources: (d) => d.instanceService.resources(),
    status: (d) => d.instanceService.status(),
  },
  register(r) {
    r.provide({
      instanceStore: asFunction(({ db }: CountdownBarDeps) => new InstanceStore<CountdownBarSettings>(db, 'countdown_bar_instances')).singleton(),
      instanceService: asFunction((d: CountdownBarDeps) => new InstanceService(d, d.instanceStore, countdownBarKind)).singleton(),
    });
    r.routes(instanceRoutes({ plugin: 'countdown-bar', pascalName: 'CountdownBar', noun: 'countdown bar', fields: countdownBarFields }));
    // Registrations only: the kernel asks these only while the plugin is installed.
    r.onStart(({ manifestPlugins, dependencyGraph, instanceService }) => {
      manifestPlugins.register(instanceService.contributor());
      dependencyGraph.register(instanceService.graph());
    });
  },
});

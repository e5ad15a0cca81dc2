import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { type DemoDeps, demoUses } from './demo-deps.js';
import { demoJobs } from './demo.jobs.js';
import { demoRoutes } from './demo.routes.js';
import { DemoService } from './demo.service.js';
import { DemoStateRepository } from './demo-state.repository.js';

/**
 * Demo mode (`SIGNAGE_ENV=demo`). Always registered so its routes exist everywhere (404
 * `demo_disabled` outside demo mode). It builds and keeps the demo through the server's HTTP API;
 * after a reset it has the player build every screen again.
 */
export const demoModule = definePlugin<DemoDeps>({
  name: 'demo',
  dependsOn: ['player'],
  uses: demoUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      demoStateRepository: asClass(DemoStateRepository).singleton(),
      demoService: asFunction((d: DemoDeps) => new DemoService(d)).singleton(),
    });
    r.routes(demoRoutes);
    r.jobs(demoJobs);
    // The HTTP app exists only in serving processes, once every route is mounted: the seed and the
    // simulated screens call it, so they start here. The middleware itself passes every request on.
    r.middleware((deps, app) => {
      deps.demoService.attach(app);
      return (_ctx, next) => next();
    });
    r.onStop(({ demoService }) => demoService.stop());
  },
});

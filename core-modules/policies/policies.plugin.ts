import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { type PlayerPolicies, playerPoliciesRef } from './policies.api.js';
import { policiesUses } from './policies-base-deps.js';
import type { PoliciesDeps } from './policies-deps.js';
import { PoliciesRepository } from './policies.repository.js';
import { policiesRoutes } from './policies.routes.js';
import { PoliciesService } from './policies.service.js';

/** Player policies (spec 4.10 and the groups' policies of 4.9): per-group and per-screen player settings. */
export const policiesModule = definePlugin<PoliciesDeps>({
  name: 'policies',
  dependsOn: ['settings', 'screens', 'screen-groups', 'player'],
  uses: policiesUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      policiesRepository: asClass(PoliciesRepository).singleton(),
      policiesService: asFunction((d: PoliciesDeps) => new PoliciesService(d)).singleton(),
    });
    r.routes(policiesRoutes);
    // Settings export and import (the system module) read and write every policy.
    r.export(
      playerPoliciesRef,
      asFunction(
        ({ policiesRepository: repo }: PoliciesDeps): PlayerPolicies => ({
          all: async (scope) =>
            (await repo.of(scope)).map((p) => ({ scope, targetId: p.target_id, priority: p.priority, revision: p.revision, values: p.values })),
          writeImported: async (entries, userId, trx) => {
            for (const e of entries) {
              if ((await repo.save(e.scope, e.targetId, e.revision, e.values, e.priority, userId, trx)) === undefined) return false;
            }
            return true;
          },
        }),
      ).singleton(),
    );
    r.onStart((d) => {
      d.playerConfig.useOverrides(d.policiesService);
      // A screen that joined or left a group follows that group's policy, or stops following it.
      d.screenTargets.moved.subscribe(async (screenIds) => {
        for (const screenId of screenIds) await d.policiesService.moved(screenId);
      });
    });
  },
});

import { asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { fleetHealthRoutes } from './fleet-health.routes.js';
import { FleetHealthService } from './fleet-health.service.js';
import { fleetHealthUses } from './fleet-health-base-deps.js';
import type { FleetHealthDeps } from './fleet-health-deps.js';

/**
 * Read-only fleet health for integration tokens with `activity:read`: a JSON summary and
 * Prometheus gauges. Owns no tables. Screen statuses come from the screens module (one rule for
 * the console and for integrations); auth supplies the integration authenticator.
 */
export const fleetHealthModule = definePlugin<FleetHealthDeps>({
  name: 'fleet-health',
  dependsOn: ['auth', 'screens', 'playlists'],
  uses: fleetHealthUses,
  register(r) {
    r.provide({
      fleetHealthService: asFunction((d: FleetHealthDeps) => new FleetHealthService(d)).singleton(),
    });
    r.routes(fleetHealthRoutes);
  },
});

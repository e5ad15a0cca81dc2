import type { FleetHealthBaseDeps } from './fleet-health-base-deps.js';
import type { FleetHealthService } from './fleet-health.service.js';

export interface FleetHealthDeps extends FleetHealthBaseDeps {
  fleetHealthService: FleetHealthService;
}

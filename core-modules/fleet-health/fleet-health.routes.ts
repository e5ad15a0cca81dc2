import { Stamp } from '../../kernel/http/wire.js';
import { Type } from '@sinclair/typebox';
import { routeFor } from '../../kernel/plugin.js';
import type { FleetHealthDeps } from './fleet-health-deps.js';
import { PROMETHEUS_CONTENT_TYPE, renderMetrics } from './prometheus.js';

const route = routeFor<FleetHealthDeps>();
const count = Type.Integer({ minimum: 0 });
const AUTH = { kind: 'integration', capability: 'activity:read' } as const;

const FleetSchema = Type.Object({
  generatedAt: Stamp,
  screens: Type.Object({ total: count, online: count, recent: count, stale: count, offline: count, disabled: count, revoked: count }),
  playlists: Type.Object({ total: count, empty: count }),
  commands: Type.Object({ open: count }),
});

export const fleetHealthRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/integration/activity/fleet',
    operationId: 'getFleetActivity',
    summary: 'Fleet summary for monitoring integrations',
    description: 'Screen counts by derived status (recent: contact within 2 min, no open socket), playlists and open commands.',
    tags: ['integration'],
    auth: AUTH,
    response: { status: 200, schema: FleetSchema },
    handler: ({ deps }) => deps.fleetHealthService.summary(),
  }),
  route({
    method: 'GET',
    path: '/api/v1/integration/metrics',
    operationId: 'getFleetMetrics',
    summary: 'The fleet summary as Prometheus gauges',
    tags: ['integration'],
    auth: AUTH,
    response: { status: 200, contentType: PROMETHEUS_CONTENT_TYPE, description: 'Prometheus text exposition format 0.0.4.' },
    handler: async ({ deps, ctx }) => {
      const body = renderMetrics(await deps.fleetHealthService.summary());
      ctx.type = PROMETHEUS_CONTENT_TYPE;
      ctx.body = body;
    },
  }),
];

import { Type } from '@sinclair/typebox';
import { routeFor } from '../../kernel/plugin.js';
import type { ActivityDeps } from './activity-deps.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { RetentionChangeSchema, RetentionSchema } from './activity-retention.js';
import { OverviewQuery, OverviewSchema } from './overview.js';
import { UPTIME_WINDOWS, UptimeReportSchema } from './uptime.js';

const route = routeFor<ActivityDeps>();

/** The activity page's overview and fleet uptime, and what the activity settings keep, as the reference's console reads them. */
export const activityReportRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/activity/overview',
    operationId: 'activityOverview',
    summary: 'Counts over a range (playback, failures, interruptions, gaps, changes), the fleet now, and recent notable events',
    tags: ['activity'],
    auth: { kind: 'console', access: 'signedIn' },
    query: OverviewQuery,
    errors: { 422: '`validation_failed`, `invalid_range`.' },
    response: { status: 200, schema: OverviewSchema },
    handler: ({ deps, query }) => deps.activityOverview.read(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/uptime',
    operationId: 'fleetUptime',
    summary: 'Fleet and per-screen uptime over the last 24 hours (hourly) or 7 days (six-hourly), from what players reported',
    description:
      'A screen is up for the seconds its telemetry covers (impaired where playback stalled or the output was black) and down for the time ' +
      'since its first report in the window that no report covers; before that it is unknown and left out of the percentages.',
    tags: ['activity'],
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      window: Type.Optional(
        Type.Union(
          UPTIME_WINDOWS.map((w) => Type.Literal(w)),
          { default: '24h' },
        ),
      ),
    }),
    errors: { 422: '`validation_failed`: a window other than 24h or 7d.' },
    response: { status: 200, schema: UptimeReportSchema },
    handler: ({ deps, query }) => deps.uptimeService.report(query.window ?? '24h'),
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/retention',
    operationId: 'activityRetention',
    summary: 'How long each class of activity record is kept',
    description: 'Every activity table follows the one setting `activity.retention_days` (change it with `PATCH /api/v1/settings`).',
    tags: ['activity'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: RetentionSchema },
    handler: ({ deps }) => deps.activityRetention.read(),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/activity/retention',
    operationId: 'changeActivityRetention',
    summary: 'Keep activity for a number of days, as the retention panel saves it',
    description:
      'Sets `activity.retention_days`. Every activity table follows it, so the activity fields must be equal; `auditLogDays` must be the ' +
      'deployment’s (`AUDIT_RETENTION_DAYS`), which is not changed here.',
    tags: ['activity'],
    auth: { kind: 'console', access: 'administrators' },
    body: RetentionChangeSchema,
    errors: {
      422: '`activity_retention_unsupported` (activity fields differ), `activity_retention_out_of_bounds` (another audit log period), `validation_failed`.',
    },
    response: { status: 200, schema: RetentionSchema },
    handler: ({ deps, body, principal, ctx }) => deps.activityRetention.change(body, principal as ConsolePrincipal, ctx.ip),
  }),
];

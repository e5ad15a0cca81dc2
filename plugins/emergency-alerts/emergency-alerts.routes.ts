import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import type { WeatherAlertsDeps } from './emergency-alerts-deps.js';
import { MonitorBodySchema, MonitorSchema, OverviewSchema, RuleBodySchema, RuleSchema, ZoneSchema } from './emergency-alerts.schemas.js';

const route = routeFor<WeatherAlertsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['weather alerts'];
const RULE_INVALID =
  '`alert_rule_invalid` (with the field at fault: a ticker with a playlist, a playlist that cannot be shown, no or unknown targets, a duration over the takeover maximum), `validation_failed`.';

export const weatherAlertsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/alerts/weather',
    operationId: 'getWeatherAlerts',
    summary: 'The weather alert monitor with its health, the rules and the live activations',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: OverviewSchema },
    handler: ({ deps }) => deps.alertMonitorService.overview(),
  }),
  route({
    method: 'GET',
    path: '/api/v1/alerts/weather/zones',
    operationId: 'listWeatherAlertZones',
    summary: 'Counties and forecast zones of a state or territory, from the weather service',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({ area: Type.String({ maxLength: 10, description: 'A two-letter state or territory code, e.g. `OH`.' }) }),
    errors: { 422: '`alert_area_invalid`.', 502: '`nws_zones_unavailable`: the weather service did not answer usably.' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(ZoneSchema) }) },
    handler: async ({ deps, query }) => ({ items: await deps.alertMonitorService.zones(query.area) }),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/alerts/weather/monitor',
    operationId: 'updateWeatherAlertMonitor',
    summary: 'Where the monitor watches and how often it polls; turning it off ends the live activations',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: MonitorBodySchema,
    errors: { 422: '`alert_monitor_invalid` (a malformed area or zone code, or enabled with neither), `validation_failed`.' },
    response: { status: 200, schema: MonitorSchema },
    handler: ({ deps, body, principal, ctx }) => deps.alertMonitorService.update(me(principal), body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/alerts/weather/poll',
    operationId: 'pollWeatherAlerts',
    summary: 'Poll the weather service now and apply the rules; answers the overview after it',
    description: 'A failed read is recorded in the monitor’s health and changes nothing else.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    bodyMode: 'none',
    rateLimit: { bucket: 'emergency-alerts.poll', limit: 12, windowSeconds: 60, by: 'ip+principal' },
    errors: { 502: '`nws_poll_failed`: the weather service did not answer usably.' },
    response: { status: 200, schema: OverviewSchema },
    handler: ({ deps }) => deps.alertMonitorService.pollNow(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/alerts/weather/rules',
    operationId: 'createWeatherAlertRule',
    summary: 'Add a rule: which alerts it answers, with a takeover or a ticker, on which screens and groups',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: RuleBodySchema,
    errors: { 422: RULE_INVALID },
    response: { status: 201, schema: RuleSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.alertRulesService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/alerts/weather/rules/{id}',
    operationId: 'updateWeatherAlertRule',
    summary: 'Replace a rule; a change of how it answers (or disabling it) ends its live activations',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: RuleBodySchema,
    errors: { 404: '`alert_rule_not_found`.', 422: RULE_INVALID },
    response: { status: 200, schema: RuleSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.alertRulesService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/alerts/weather/rules/{id}',
    operationId: 'deleteWeatherAlertRule',
    summary: 'Delete a rule, ending its takeovers and bars',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`alert_rule_not_found`.' },
    response: { status: 200, schema: Type.Object({ id: IdParams.properties.id, deleted: Type.Literal(true) }) },
    handler: ({ deps, params, principal, ctx }) => deps.alertRulesService.delete(me(principal), params.id, ctx.ip),
  }),
];

import { Stamp } from '../../kernel/http/wire.js';
import { Type } from '@sinclair/typebox';
import { routeFor } from '../../kernel/plugin.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { SettingsDeps } from './settings-deps.js';

const route = routeFor<SettingsDeps>();

const Value = Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Array(Type.Integer()), Type.Array(Type.String())]);
const SETTING_TYPES = [
  'boolean',
  'integer',
  'number',
  'string',
  'enum',
  'color',
  'local_time',
  'timezone',
  'uuid_or_empty',
  'weekday_list',
  'package_list',
] as const;
const Document = Type.Object({
  schemaVersion: Type.Literal(1),
  revision: Type.Integer(),
  values: Type.Record(Type.String(), Value),
  definitions: Type.Array(
    Type.Object({
      key: Type.String(),
      category: Type.String(),
      type: Type.Union(SETTING_TYPES.map((t) => Type.Literal(t))),
      title: Type.String(),
      description: Type.String(),
      default: Value,
      min: Type.Optional(Type.Number()),
      max: Type.Optional(Type.Number()),
      maxLength: Type.Optional(Type.Integer()),
      allowed: Type.Optional(Type.Array(Type.String())),
      scope: Type.Optional(
        Type.Union([Type.Literal('organization'), Type.Literal('policy')], {
          description: '`policy`: screen groups and screens may set their own value (player policies).',
        }),
      ),
    }),
  ),
  updatedAt: Stamp,
});

export const settingsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/settings',
    operationId: 'getSettings',
    summary: 'Organization settings: values, definitions and the revision to send back when changing them',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: Document },
    handler: ({ deps }) => deps.settingsService.document(),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/settings',
    operationId: 'updateSettings',
    summary: 'Change settings; all or nothing, against the revision read',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object({ revision: Type.Integer({ minimum: 1 }), values: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 200 }) }),
    errors: { 409: 'The revision is stale (`settings_revision_conflict`).' },
    response: { status: 200, schema: Document },
    handler: ({ deps, body, principal, ctx }) => deps.settingsService.update(body.revision, body.values, principal as ConsolePrincipal, ctx.ip),
  }),
];

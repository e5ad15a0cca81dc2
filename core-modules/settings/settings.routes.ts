import { routeFor } from '../../kernel/plugin.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { SettingsDeps } from './settings-deps.js';
import { SettingsChangeSchema, SettingsDocumentSchema, SettingsResetSchema } from './settings-wire.js';

const route = routeFor<SettingsDeps>();

export const settingsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/settings',
    operationId: 'getSettings',
    summary: 'Organization settings: values, definitions and the revision to send back when changing them',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: SettingsDocumentSchema },
    handler: ({ deps }) => deps.settingsService.document(),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/settings',
    operationId: 'updateSettings',
    summary: 'Change settings; all or nothing, against the revision read',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    body: SettingsChangeSchema,
    errors: { 409: 'The revision is stale (`settings_revision_conflict`).' },
    response: { status: 200, schema: SettingsDocumentSchema },
    handler: ({ deps, body, principal, ctx }) => deps.settingsService.update(body.revision, body.values, principal as ConsolePrincipal, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/settings/reset',
    operationId: 'resetSettings',
    summary: 'Put a category of settings (every one when `category` is empty) back to their defaults, against the revision read',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    body: SettingsResetSchema,
    errors: {
      409: 'The revision is stale (`settings_revision_conflict`).',
      422: '`invalid_setting_value` (the defaults contradict a setting kept in another category), `validation_failed`.',
    },
    response: { status: 200, schema: SettingsDocumentSchema },
    handler: ({ deps, body, principal, ctx }) => deps.settingsService.reset(body.revision, body.category ?? '', principal as ConsolePrincipal, ctx.ip),
  }),
];

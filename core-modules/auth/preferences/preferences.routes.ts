import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { routeFor } from '../../../kernel/plugin.js';
import { SettingsChangeSchema, SettingsDocumentSchema } from '../../settings/settings.api.js';
import type { PreferencesDeps } from './preferences-deps.js';

const route = routeFor<PreferencesDeps>();
const me = (p: unknown) => (p as ConsolePrincipal).userId;

export const preferencesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/me/preferences',
    operationId: 'getMyPreferences',
    summary: "The signed-in user's preferences as a settings document: values (defaults for anything not set), definitions and revision",
    tags: ['preferences'],
    auth: { kind: 'console', access: 'signedIn', allowPendingMfa: true },
    response: { status: 200, schema: SettingsDocumentSchema },
    handler: ({ deps, principal }) => deps.preferencesService.get(me(principal)),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/me/preferences',
    operationId: 'updateMyPreferences',
    summary: 'Change some or all of your own preferences, against the revision read; answers the document',
    tags: ['preferences'],
    auth: { kind: 'console', access: 'signedIn', allowPendingMfa: true },
    body: SettingsChangeSchema,
    errors: {
      409: 'They changed since the revision sent (`settings_revision_conflict`).',
      422: '`unknown_setting` (a key no preference has), `invalid_setting_value` (out of range, a time zone or language tag not known), or `validation_failed`.',
    },
    response: { status: 200, schema: SettingsDocumentSchema },
    handler: ({ deps, body, principal }) => deps.preferencesService.update(me(principal), body.revision, body.values),
  }),
];

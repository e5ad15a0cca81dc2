import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { routeFor } from '../../../kernel/plugin.js';
import type { PreferencesDeps } from './preferences-deps.js';
import { PreferencesPatchSchema, PreferencesSchema } from './preferences.service.js';

const route = routeFor<PreferencesDeps>();
const me = (p: unknown) => (p as ConsolePrincipal).userId;

export const preferencesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/me/preferences',
    operationId: 'getMyPreferences',
    summary: "The signed-in user's preferences, with defaults for anything not set",
    tags: ['preferences'],
    auth: { kind: 'console', access: 'signedIn', allowPendingMfa: true },
    response: { status: 200, schema: PreferencesSchema },
    handler: ({ deps, principal }) => deps.preferencesService.get(me(principal)),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/me/preferences',
    operationId: 'updateMyPreferences',
    summary: 'Change some of your own preferences; answers all of them',
    tags: ['preferences'],
    auth: { kind: 'console', access: 'signedIn', allowPendingMfa: true },
    body: PreferencesPatchSchema,
    errors: { 422: '`validation_failed`: unknown field, value out of range, or a time zone ICU does not know.' },
    response: { status: 200, schema: PreferencesSchema },
    handler: ({ deps, body, principal }) => deps.preferencesService.update(me(principal), body),
  }),
];

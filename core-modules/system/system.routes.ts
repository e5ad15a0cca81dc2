import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { MAINTENANCE_ACTIONS } from './maintenance.service.js';
import { ImportApplySchema, ImportBodySchema, ImportPreviewSchema, SettingsExportSchema } from './settings-transfer-view.js';
import type { SystemDeps } from './system-deps.js';
import { SystemStatusSchema } from './system-status-view.js';

const route = routeFor<SystemDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['system'];
const IMPORT_ERRORS = {
  422: '`settings_import_invalid` (a shape this server does not read, a value a setting does not accept, a secret, a policy naming a screen group or screen twice, with the fields at fault), `settings_import_version_unsupported`.',
};

export const systemRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/system/status',
    operationId: 'getSystemStatus',
    summary: 'This server: version, uptime, database, media storage and tools, fleet counts, deployment and each module’s migrations',
    description: 'Media storage is asked for a write and ffmpeg/ffprobe are run on each call.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: SystemStatusSchema },
    handler: ({ deps, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return deps.systemStatusService.status();
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/system/maintenance/{action}',
    operationId: 'requestSystemMaintenance',
    summary: 'Run a maintenance action',
    description:
      '`expired-upload-cleanup` (expired uploads and their bytes), `completed-command-cleanup` (finished screen commands past the 30 days kept), ' +
      '`retention-cleanup` (every module’s retention: expired pairing sessions, old commands, audit entries past retention, …) and ' +
      '`reconcile-config` (every screen is told its configuration revision again as `config.changed`) are queued as jobs and answered at once. ' +
      '`validate-media` checks now that media storage takes a write and that ffmpeg and ffprobe run. Audited as `system.maintenance_requested`.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: Type.Object({ action: Type.String({ maxLength: 100, description: `One of ${MAINTENANCE_ACTIONS.join(', ')}.` }) }),
    errors: {
      422: '`maintenance_action_invalid`: no such action.',
      503: '`media_validation_failed`: media storage cannot be written, or ffmpeg or ffprobe does not run.',
    },
    response: { status: 202, schema: Type.Object({ action: Type.Union(MAINTENANCE_ACTIONS.map((a) => Type.Literal(a))), status: Type.Literal('accepted') }) },
    handler: async ({ deps, params, principal, ctx }) => reply(202, await deps.maintenanceService.request(me(principal), params.action, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/system/settings/export',
    operationId: 'exportSystemSettings',
    summary: 'The organization’s settings and every screen group and screen policy, as a document another server can import; never a secret',
    tags,
    auth: { kind: 'console', access: 'owner' },
    response: { status: 200, schema: SettingsExportSchema },
    handler: ({ deps, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return deps.settingsTransferService.export();
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/system/settings/import/preview',
    operationId: 'previewSystemSettingsImport',
    summary: 'What importing a settings document would change here, without changing anything',
    description:
      'Each organization setting whose value would change (before and after), each policy created, updated or unchanged, the screen groups and screens named that do not exist here (apply refuses those), and this server’s revisions to send back to apply.',
    tags,
    auth: { kind: 'console', access: 'owner' },
    body: ImportBodySchema,
    errors: IMPORT_ERRORS,
    response: { status: 200, schema: ImportPreviewSchema },
    handler: ({ deps, body }) => deps.settingsTransferService.preview(body),
  }),
  route({
    method: 'POST',
    path: '/api/v1/system/settings/import/apply',
    operationId: 'applySystemSettingsImport',
    summary: 'Import a settings document: every value and policy in it, or nothing',
    description:
      'Settings and policies left out of the document keep their values. The screens whose configuration changes are told (`config.changed`). Audited as `settings.imported`. Answers the organization’s settings document as `GET /settings` does.',
    tags,
    auth: { kind: 'console', access: 'owner' },
    body: ImportBodySchema,
    errors: {
      ...IMPORT_ERRORS,
      409: '`settings_revision_conflict`: the settings or a policy changed since the revisions given (or since this apply read them); nothing was changed.',
      422: `${IMPORT_ERRORS[422]} Also \`settings_import_invalid\` when a policy names a screen group or screen this server does not have.`,
    },
    response: { status: 200, schema: ImportApplySchema },
    handler: ({ deps, body, principal, ctx }) => deps.settingsTransferService.apply(me(principal), body, ctx.ip),
  }),
];

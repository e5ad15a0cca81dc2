import { Type } from '@sinclair/typebox';
import type { Principal } from '../../kernel/auth/principal.js';
import { sendFile } from '../../kernel/http/file-response.js';
import { IdParams, Nullable } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { JobSchema, ListSchema, PlanSchema } from './backup-view.js';
import type { BackupsDeps } from './backups-deps.js';

const route = routeFor<BackupsDeps>();
const tags = ['backups'];
const OWNER = { kind: 'console', access: 'owner' } as const;
const BASE = '/api/v1/system/backups';
const NOT_FOUND = { 404: '`backup_not_found`.' };
const JOB_ACTIVE = '`backup_job_active`: another backup, verification or restore is queued or running.';

export const backupsRoutes = [
  route({
    method: 'GET',
    path: BASE,
    operationId: 'listBackups',
    summary: 'The backup archives this server holds, the job under way, recent jobs and the schedule',
    tags,
    auth: OWNER,
    response: { status: 200, schema: ListSchema },
    handler: ({ deps }) => deps.backupsService.list(),
  }),
  route({
    method: 'POST',
    path: BASE,
    operationId: 'createBackup',
    summary: 'Start a backup of the database and every stored file',
    description:
      'Answers the queued job; follow it with `GET jobs/{id}`. The database is read in one snapshot; while the backup runs, operations that write stored files answer 409 `backup_in_progress`. ' +
      'The archive is verified once written. The secrets key (DATA_DIR/secrets.key or SECRETS_KEY) is never in it.',
    tags,
    auth: OWNER,
    bodyMode: 'none',
    errors: { 409: JOB_ACTIVE },
    response: { status: 202, schema: JobSchema },
    handler: async ({ deps }) => reply(202, await deps.backupsService.createBackup('manual')),
  }),
  route({
    method: 'GET',
    path: `${BASE}/jobs/current`,
    operationId: 'getCurrentBackupJob',
    summary: 'The backup, verification or restore queued or running, or null',
    tags,
    auth: OWNER,
    response: { status: 200, schema: Nullable(JobSchema) },
    handler: ({ deps }) => deps.backupsService.currentJob(),
  }),
  route({
    method: 'GET',
    path: `${BASE}/jobs/{id}`,
    operationId: 'getBackupJob',
    summary: 'One backup job: its phase, progress and outcome',
    tags,
    auth: OWNER,
    params: IdParams,
    errors: { 404: '`backup_job_not_found`.' },
    response: { status: 200, schema: JobSchema },
    handler: ({ deps, params }) => deps.backupsService.job(params.id),
  }),
  route({
    method: 'POST',
    path: `${BASE}/{id}/verify`,
    operationId: 'verifyBackup',
    summary: 'Read an archive through and check every entry against its manifest',
    tags,
    auth: OWNER,
    params: IdParams,
    bodyMode: 'none',
    errors: { ...NOT_FOUND, 409: JOB_ACTIVE, 422: '`backup_archive_invalid`: its file is missing.' },
    response: { status: 202, schema: JobSchema },
    handler: async ({ deps, params }) => reply(202, await deps.backupsService.verify(params.id)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/{id}/plan`,
    operationId: 'getBackupRestorePlan',
    summary: 'What restoring an archive would bring back, and whether it is another installation’s',
    tags,
    auth: OWNER,
    params: IdParams,
    errors: { ...NOT_FOUND, 422: '`backup_archive_invalid`: its file is missing or unreadable.' },
    response: { status: 200, schema: PlanSchema },
    handler: ({ deps, params }) => deps.backupsService.plan(params.id),
  }),
  route({
    method: 'POST',
    path: `${BASE}/{id}/restore`,
    operationId: 'restoreBackup',
    summary: 'Replace this server’s database and stored files with an archive’s',
    description:
      'Checks the archive through, backs up what this server holds first (`pre_restore`) when it is set up, replaces every table’s rows in one transaction, then the stored files. ' +
      'While it runs every `/api/*` operation answers 503 `restore_in_progress` (with `details.phase` and `details.progressPercent`) and `/readyz` 503; follow it there. ' +
      'Every sign-in ends: sign in with the archive’s accounts. Sealed secrets open only with the secrets key the archive was made under (it is never in the archive). ' +
      'The archive must come from a server whose database had run the same migrations.',
    tags,
    auth: OWNER,
    params: IdParams,
    body: Type.Object({ confirmIdentityMismatch: Type.Optional(Type.Boolean({ description: 'Restore another installation’s archive over this one.' })) }),
    errors: {
      ...NOT_FOUND,
      409: `${JOB_ACTIVE} \`backup_identity_mismatch\`: the archive is another installation’s (see the plan) and was not confirmed.`,
      422: '`backup_archive_invalid`: its file is missing or unreadable.',
    },
    response: { status: 202, schema: JobSchema },
    handler: async ({ deps, params, body }) => reply(202, await deps.backupsService.restore(params.id, body.confirmIdentityMismatch ?? false)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/{id}/download`,
    operationId: 'downloadBackup',
    summary: 'The archive file (a tar), resumable with Range',
    tags,
    auth: OWNER,
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, contentType: 'application/x-tar', file: true, headers: { 'Content-Disposition': '`attachment` with the archive’s file name.' } },
    handler: async ({ deps, params, ctx }) => sendFile(ctx, await deps.backupsService.download(params.id)),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operationId: 'deleteBackup',
    summary: 'Delete an archive and its file',
    tags,
    auth: OWNER,
    params: IdParams,
    query: Type.Object({ force: Type.Optional(Type.Boolean({ default: false, description: 'Delete even the last complete backup.' })) }),
    errors: { ...NOT_FOUND, 409: '`last_backup_protected`: it is the last complete backup (use `force=true`); `backup_job_active`: a job is reading it.' },
    response: { status: 200, schema: Type.Object({ deleted: Type.Literal(true) }) },
    handler: async ({ deps, params, query, principal, ctx }) => {
      await deps.backupsService.remove(params.id, query.force ?? false, principal as Principal, ctx.ip);
      return { deleted: true as const };
    },
  }),
];

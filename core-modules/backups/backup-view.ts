import { type Static, Type } from '@sinclair/typebox';
import { Nullable, present, Stamp, Uuid } from '../../kernel/http/wire.js';
import type { ArchiveRow, JobRow } from './backups.repository.js';

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

export const ComponentSchema = Type.Object({
  name: Type.String({ description: '`database` (its COPY chunks) or `media` (every stored file).' }),
  fileCount: Type.Integer({ minimum: 0 }),
  totalBytes: Type.Integer({ minimum: 0 }),
});

export const ArchiveSchema = Type.Object({
  id: Uuid,
  fileName: Type.String(),
  kind: literals(['manual', 'scheduled', 'pre_restore', 'imported'] as const),
  status: literals(['complete', 'missing', 'unrecognized'] as const, '`missing` when the file is no longer in DATA_DIR/backups.'),
  sizeBytes: Type.Integer({ minimum: 0 }),
  archiveSha256: Type.String(),
  signageVersion: Type.String({ description: 'The server release that wrote it.' }),
  tilecastVersion: Type.String({ description: 'The same as `signageVersion`, under the name the reference console reads.' }),
  schemaVersion: Type.Integer({ description: 'How many migrations its database had run.' }),
  installationId: Uuid,
  organizationName: Type.String(),
  components: Type.Array(ComponentSchema),
  verification: literals(['unverified', 'verified', 'failed'] as const),
  verifiedAt: Type.Optional(Stamp),
  createdAt: Stamp,
});

export const JobSchema = Type.Object({
  id: Uuid,
  kind: literals(['backup', 'verify', 'restore'] as const),
  trigger: literals(['manual', 'scheduled', 'cli'] as const),
  archiveId: Type.Optional(Uuid),
  status: literals(['queued', 'running', 'succeeded', 'failed'] as const),
  phase: Type.String({ description: 'What it does now (`database_snapshot`, `archiving_media`, `verifying`, …); `complete` or `error` at the end.' }),
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  errorCode: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
  createdAt: Stamp,
  completedAt: Type.Optional(Stamp),
});

export const ScheduleStateSchema = Type.Object({
  lastRunAt: Type.Optional(Stamp),
  nextRunAt: Type.Optional(Stamp),
});

export const ListSchema = Type.Object({
  backups: Type.Array(ArchiveSchema),
  currentJob: Nullable(JobSchema),
  recentJobs: Type.Array(JobSchema),
  lastSuccessful: Nullable(ArchiveSchema),
  schedule: ScheduleStateSchema,
});

export const PlanSchema = Type.Object({
  archive: ArchiveSchema,
  organizationName: Type.String(),
  installationId: Uuid,
  signageVersion: Type.String(),
  tilecastVersion: Type.String({ description: 'The same as `signageVersion`, under the name the reference console reads.' }),
  schemaVersion: Type.Integer(),
  createdAt: Stamp,
  sizeBytes: Type.Integer({ minimum: 0 }),
  components: Type.Array(ComponentSchema),
  identityMismatch: Type.Boolean({
    description: 'The archive is another installation’s and this server is set up: restoring needs `confirmIdentityMismatch`.',
  }),
  currentInstallationId: Uuid,
});

export type ArchiveView = Static<typeof ArchiveSchema>;
export type JobView = Static<typeof JobSchema>;

export const archiveView = (r: ArchiveRow): ArchiveView => ({
  id: r.id,
  fileName: r.file_name,
  kind: r.kind,
  status: r.status,
  sizeBytes: Number(r.size_bytes),
  archiveSha256: r.archive_sha256,
  signageVersion: r.signage_version,
  tilecastVersion: r.signage_version,
  schemaVersion: r.schema_version,
  installationId: r.installation_id,
  organizationName: r.organization_name,
  components: r.components,
  verification: r.verification,
  ...present({ verifiedAt: r.verified_at?.toISOString() }),
  createdAt: r.created_at.toISOString(),
});

export const jobView = (r: JobRow): JobView => ({
  id: r.id,
  kind: r.kind,
  trigger: r.trigger,
  status: r.status,
  phase: r.phase,
  progressPercent: r.progress_percent,
  createdAt: r.created_at.toISOString(),
  ...present({
    archiveId: r.archive_id,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    completedAt: r.completed_at?.toISOString(),
  }),
});

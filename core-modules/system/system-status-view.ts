import { Type } from '@sinclair/typebox';
import { Nullable } from '../../kernel/http/wire.js';

const Count = Type.Integer({ minimum: 0 });

const ToolSchema = Type.Object({
  path: Type.String(),
  available: Type.Boolean({ description: 'It ran (`-version`) just now.' }),
  version: Nullable(Type.String()),
  /** Why an operator should replace it (outdated, or npm's unpatched build), or null. */
  warning: Nullable(Type.String({ description: 'Why an operator should replace it (outdated, or npm’s unpatched build); null when current.' })),
});

export const SystemStatusSchema = Type.Object({
  signageVersion: Type.String({ description: 'This server’s release.' }),
  tilecastVersion: Type.String({ description: 'The same as `signageVersion`, under the name the reference console reads.' }),
  buildCommit: Type.String({ description: 'SIGNAGE_BUILD_COMMIT, or `local`.' }),
  buildDate: Type.String({ description: 'SIGNAGE_BUILD_DATE, or `development`.' }),
  uptimeSeconds: Count,
  nodeVersion: Type.String({ description: 'The Node.js runtime, as `process.version` says it (the reference’s `goVersion`).' }),
  database: Type.Object({
    status: Type.Literal('healthy', { description: 'The status is read from it: an unreachable database answers 503 instead.' }),
    migrationVersion: Type.String({ description: 'The newest migration applied, of any module.' }),
    postgresVersion: Type.String({ description: '`SHOW server_version`.' }),
  }),
  media: Type.Object({
    status: Type.Union([Type.Literal('healthy'), Type.Literal('degraded')]),
    message: Type.Optional(Type.String({ description: 'When degraded: what is wrong.' })),
    storage: Type.Object({
      kind: Type.Union([Type.Literal('local'), Type.Literal('s3')]),
      location: Type.String({ description: 'A folder, or a bucket and prefix.' }),
      writable: Type.Boolean(),
      availableBytes: Type.Optional(Count),
    }),
    ffmpeg: ToolSchema,
    ffprobe: ToolSchema,
  }),
  activeProcessingJobs: Type.Integer({ minimum: 0, description: 'Assets queued, being inspected or processed.' }),
  pendingCommands: Type.Integer({ minimum: 0, description: 'Screen commands not yet finished nor expired.' }),
  connectedScreens: Type.Integer({ minimum: 0, description: 'Screens with an open socket or in contact within the last 2 minutes.' }),
  serverTimezone: Type.String(),
  deployment: Type.Object({
    database: Type.Union([Type.Literal('embedded'), Type.Literal('external')], { description: 'Embedded under DATA_DIR, or DATABASE_URL.' }),
    mediaStorage: Type.Union([Type.Literal('disk'), Type.Literal('s3')]),
    ffmpeg: Type.Union([Type.Literal('system'), Type.Literal('bundled')], { description: '`bundled`: the static build npm installed.' }),
    updateManifestTrust: Type.Union([Type.Literal('configured'), Type.Literal('missing')], {
      description: 'Whether UPDATE_MANIFEST_PUBLIC_KEY is set, so player releases can be verified.',
    }),
    restartRequired: Type.Boolean({ description: 'A setting that takes effect only at a restart changed since this process started.' }),
  }),
  migrations: Type.Array(
    Type.Object({
      module: Type.String({ description: '`kernel`, or a module’s or installed plugin’s name.' }),
      applied: Count,
      pending: Type.Array(Type.String(), { description: 'Migrations its folder holds that have not run (a start runs them).' }),
      latest: Nullable(Type.String({ description: 'The newest one applied.' })),
    }),
  ),
});

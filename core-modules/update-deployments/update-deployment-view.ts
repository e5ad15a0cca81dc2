import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Stamp, Uuid, isoOrNull, present } from '../../kernel/http/wire.js';
import { DEPLOYMENT_STATUSES, INSTALLATION_MODES, ROLLOUT_PHASES, TARGET_STATES } from './update-deployment-rules.js';
import type { DeploymentRow, TargetCounts, TargetRow } from './update-deployments.repository.js';

const Opt = Type.Optional;
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A deployment as the reference's console lists it (a field its types make optional is left out when empty, never null). */
export const DeploymentSchema = Type.Object({
  id: Uuid,
  releaseId: Uuid,
  name: Type.String(),
  mode: Literals(INSTALLATION_MODES),
  maintenanceWindowStart: Nullable(Stamp),
  status: Literals(DEPLOYMENT_STATUSES),
  createdAt: Stamp,
  createdBy: Nullable(Uuid),
  completedAt: Opt(Stamp),
  cancelledAt: Nullable(Stamp),
  platform: Literals(['android', 'linux']),
  versionCode: Type.Integer({ minimum: 0 }),
  versionName: Type.String(),
  targetCount: Count('Screens it reaches, whatever their state.'),
  succeededCount: Count('Screens that run the new build.'),
  failedCount: Count('Screens whose update failed.'),
  waitingForUserCount: Count('Screens waiting for a permission or for someone to confirm the install on the screen.'),
  rolloutMode: Literals(['full', 'canary']),
  rolloutPhase: Literals(ROLLOUT_PHASES),
  canarySize: Type.Integer({ minimum: 0, maximum: 50, description: 'Screens in the canary cohort; 0 for a full rollout.' }),
  pauseReason: Opt(Type.String()),
  lastFailure: Opt(Type.String({ description: 'What a failed screen’s player reported.' })),
});
export type DeploymentView = Static<typeof DeploymentSchema>;

export const CreatedDeploymentSchema = Type.Composite([
  DeploymentSchema,
  Type.Object({ apkSizeBytes: Type.Integer({ minimum: 0, description: 'The size of the artifact each screen downloads.' }) }),
]);

export const DeploymentScreenSchema = Type.Object({
  screenId: Uuid,
  screenName: Type.String({ description: 'Empty when the screen has been deleted since.' }),
  previousVersionCode: Nullable(Type.Integer()),
  expectedVersionCode: Type.Integer(),
  downloadedBytes: Type.Integer({ minimum: 0 }),
  permissionStatus: Opt(Type.String()),
  installerStatus: Opt(Type.String()),
  state: Literals(TARGET_STATES),
  safeError: Opt(Type.String({ description: 'What the player reported of its failure.' })),
  updatedAt: Stamp,
  isCanary: Type.Boolean(),
  downloadStartedAt: Opt(Stamp),
  downloadedAt: Opt(Stamp),
  installStartedAt: Opt(Stamp),
  completedAt: Opt(Stamp),
});

export const DeploymentDetailSchema = Type.Composite([
  DeploymentSchema,
  Type.Object({
    artifactSizeBytes: Type.Integer({ minimum: 0, description: 'Turns a screen’s downloaded bytes into progress.' }),
    screens: Type.Array(DeploymentScreenSchema),
  }),
]);
export type DeploymentDetail = Static<typeof DeploymentDetailSchema>;

const NO_COUNTS: TargetCounts = { total: 0, succeeded: 0, failed: 0, waitingForUser: 0, lastFailure: null };

export function deploymentView(row: DeploymentRow, counts: TargetCounts = NO_COUNTS): DeploymentView {
  return {
    id: row.id,
    releaseId: row.release_id,
    name: row.name,
    mode: row.mode,
    maintenanceWindowStart: isoOrNull(row.maintenance_window_start),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    cancelledAt: isoOrNull(row.cancelled_at),
    platform: row.platform,
    versionCode: row.version_code,
    versionName: row.version_name,
    targetCount: counts.total,
    succeededCount: counts.succeeded,
    failedCount: counts.failed,
    waitingForUserCount: counts.waitingForUser,
    rolloutMode: row.rollout_mode,
    rolloutPhase: row.rollout_phase,
    canarySize: row.canary_size,
    ...present({ completedAt: isoOrNull(row.completed_at), pauseReason: row.pause_reason, lastFailure: counts.lastFailure }),
  };
}

export const deploymentScreenView = (r: TargetRow, screenName: string): Static<typeof DeploymentScreenSchema> => ({
  screenId: r.screen_id,
  screenName,
  previousVersionCode: r.previous_version_code,
  expectedVersionCode: r.expected_version_code,
  downloadedBytes: Number(r.downloaded_bytes),
  state: r.state,
  updatedAt: r.updated_at.toISOString(),
  isCanary: r.is_canary,
  ...present({
    permissionStatus: r.permission_status,
    installerStatus: r.installer_status,
    safeError: r.safe_error,
    downloadStartedAt: isoOrNull(r.download_started_at),
    downloadedAt: isoOrNull(r.downloaded_at),
    installStartedAt: isoOrNull(r.install_started_at),
    completedAt: isoOrNull(r.completed_at),
  }),
});

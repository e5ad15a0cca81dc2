import type { ReleasePlatform } from '../player-releases/player-releases.api.js';

/** What a screen's part in a deployment can be, as the reference's console names them. */
export const TARGET_STATES = [
  'held',
  'pending',
  'offline',
  'downloading',
  'downloaded',
  'verifying',
  'ready',
  'waiting_for_permission',
  'waiting_for_user',
  'installing',
  'reconnecting',
  'succeeded',
  'failed',
  'cancelled',
  'incompatible',
  'already_current',
] as const;
export type TargetState = (typeof TARGET_STATES)[number];

/** Nothing moves a target out of these but a retry (of `failed`). */
export const TERMINAL_STATES: TargetState[] = ['succeeded', 'failed', 'cancelled', 'incompatible', 'already_current'];
/** A target that runs the new build (or already did): what a canary has to reach. */
export const SETTLED_STATES: TargetState[] = ['succeeded', 'already_current'];
/** What a player may report of its update; the rest are the server's to set. */
export const PLAYER_STATES: TargetState[] = [
  'downloading',
  'downloaded',
  'verifying',
  'ready',
  'waiting_for_permission',
  'waiting_for_user',
  'installing',
  'reconnecting',
  'failed',
];
/** A player may no longer report on these: the update is over for the screen, or was never sent. */
export const CLOSED_TO_PLAYER: TargetState[] = ['succeeded', 'cancelled', 'incompatible', 'already_current'];

/** A canary left in these too long has not come back on the new build: the rollout pauses. */
export const STALLING_STATES: TargetState[] = ['installing', 'reconnecting'];

export const DEPLOYMENT_STATUSES = ['pending', 'active', 'paused', 'cancelled', 'completed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
/** Deployments still at work: they hold their release, and their targets may download it. */
export const RUNNING_STATUSES: DeploymentStatus[] = ['pending', 'active', 'paused'];
export const ROLLOUT_PHASES = ['canary', 'full', 'paused', 'completed'] as const;
export type RolloutPhase = (typeof ROLLOUT_PHASES)[number];
export const INSTALLATION_MODES = ['download_only', 'install_now', 'maintenance_window'] as const;
export type InstallationMode = (typeof INSTALLATION_MODES)[number];

export const MAX_CANARY = 50;
/** A build must have stayed up this long before its heartbeat settles an update (the reference's floor). */
export const SETTLED_UPTIME_SECONDS = 120;

/** How long a canary may sit in a stalling state before its rollout pauses (the reference's ten minutes). */
export const CANARY_STALL_SECONDS = 10 * 60;
/** A reconciliation settles only screens whose last heartbeat is this recent (the reference's five minutes). */
export const RECONCILE_CONTACT_SECONDS = 5 * 60;

/** The release family a screen's reported platform belongs to: everything not Linux is an Android form factor, as in the reference. */
export const releasePlatformOf = (screenPlatform: string): ReleasePlatform => (screenPlatform === 'linux' ? 'linux' : 'android');

/** What the deployment knows of a screen when it starts. */
export interface ScreenFacts {
  screenId: string;
  platform: string;
  versionCode: number | null;
  /** The Android API level the player reports (`androidSdk`), when it does. */
  androidSdk?: number | null;
  /** A player connected now receives the command at once; the others when they next fetch commands. */
  connected: boolean;
}

export interface PlannedTarget {
  screenId: string;
  state: TargetState;
  isCanary: boolean;
  previousVersionCode: number | null;
}

/**
 * Each screen's first state and whether it is in the canary cohort. Screens of another platform, and
 * Android screens that report an API level below the release's minimum SDK, are `incompatible`
 * (a screen that does not report one is given the chance, as in the reference); those already at
 * or above the version are `already_current`; of the rest, in screen
 * id order (deterministic, as the reference), the first `requestedCanary` get the command and the
 * others are `held` until the canaries settle. A canary as large as the eligible screens is no
 * canary: the rollout is full.
 */
export function planTargets(
  screens: ScreenFacts[],
  release: { platform: ReleasePlatform; versionCode: number; minimumSdk?: number },
  requestedCanary: number,
): { targets: PlannedTarget[]; canarySize: number } {
  const ordered = [...screens].sort((a, b) => a.screenId.localeCompare(b.screenId));
  const firstState = (s: ScreenFacts): TargetState => {
    if (releasePlatformOf(s.platform) !== release.platform) return 'incompatible';
    if (s.versionCode !== null && s.versionCode >= release.versionCode) return 'already_current';
    if (release.minimumSdk !== undefined && typeof s.androidSdk === 'number' && s.androidSdk < release.minimumSdk) return 'incompatible';
    return s.connected ? 'pending' : 'offline';
  };
  const states = ordered.map((s) => ({ screen: s, state: firstState(s) }));
  const eligible = states.filter((t) => !TERMINAL_STATES.includes(t.state)).length;
  const canarySize = requestedCanary > 0 && requestedCanary < eligible ? requestedCanary : 0;
  let canaries = 0;
  const targets = states.map(({ screen, state }) => {
    const open = !TERMINAL_STATES.includes(state);
    const isCanary = canarySize > 0 && open && canaries < canarySize;
    if (isCanary) canaries += 1;
    return {
      screenId: screen.screenId,
      state: canarySize > 0 && open && !isCanary ? 'held' : state,
      isCanary,
      previousVersionCode: screen.versionCode,
    };
  });
  return { targets, canarySize };
}

/**
 * The version code a heartbeat proves running, when it may settle updates: the build came up and
 * stayed up (uptime at least 120 s, or not reported), is not in safe mode and reports no update error.
 */
export function settlingVersion(heartbeat: Record<string, unknown>): number | undefined {
  const { playerVersionCode: version, uptimeSeconds: uptime, safeMode, updateState, updateError } = heartbeat;
  if (typeof version !== 'number' || !Number.isInteger(version)) return undefined;
  if (typeof uptime === 'number' && uptime < SETTLED_UPTIME_SECONDS) return undefined;
  if (safeMode === true || updateState === 'failed') return undefined;
  if (typeof updateError === 'string' && updateError.trim() !== '') return undefined;
  return version;
}

export type RolloutStep = 'complete' | 'promote' | 'pause';

/**
 * What a running deployment does next given its targets: it completes once every target is
 * terminal; a canary rollout pauses when a canary fails, and moves to the full rollout (the held
 * targets get the command) once every canary runs the new build, also out of a pause.
 */
export function nextStep(
  deployment: { status: DeploymentStatus; rolloutPhase: RolloutPhase },
  targets: { state: TargetState; isCanary: boolean }[],
): RolloutStep | undefined {
  if (deployment.status !== 'active' && deployment.status !== 'paused') return undefined;
  if (targets.every((t) => TERMINAL_STATES.includes(t.state))) return 'complete';
  if (deployment.rolloutPhase !== 'canary' && deployment.rolloutPhase !== 'paused') return undefined;
  const canaries = targets.filter((t) => t.isCanary);
  if (canaries.some((t) => t.state === 'failed')) return deployment.status === 'active' ? 'pause' : undefined;
  if (canaries.every((t) => SETTLED_STATES.includes(t.state))) return 'promote';
  return undefined;
}

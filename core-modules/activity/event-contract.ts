/**
 * The activity event contract (version 2) both stock players speak, and how version 1 names map
 * onto it. Pure: which session an event starts or ends, its defaults, and how a session ended.
 */

export const SEVERITIES = ['debug', 'info', 'warning', 'error', 'critical'] as const;
export const RESULTS = ['playing', 'completed', 'partial', 'skipped', 'failed', 'unknown', 'recovered', 'success'] as const;
export const SESSION_TYPES = ['presentation', 'content', 'layout_placement', 'playlist_item'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Endings that are what was asked for: not interruptions. */
export const EXPECTED_ENDINGS = [
  'expected_item_boundary',
  'completed_duration',
  'schedule_transition',
  'manifest_replacement',
  'direct_assignment_change',
  'takeover',
  'manual_skip',
  'empty_content',
  // The Linux player ends a session this way when an operator starts an external presentation.
  'external_presentation',
] as const;
/** Endings that cut playback short: the "interrupted plays". */
export const INTERRUPTIONS = [
  'player_restart',
  'process_exit',
  'heartbeat_gap',
  'renderer_failure',
  'decoder_failure',
  'recovery_action',
  'bounded_timeout',
] as const;
export const TERMINAL_REASONS = [...EXPECTED_ENDINGS, ...INTERRUPTIONS, 'unknown'] as const;
export type TerminalReason = (typeof TERMINAL_REASONS)[number];

const ALIASES: Record<string, string> = {
  'connection.recovered': 'connection.restored',
  'reliability.safe_mode': 'safe_mode.entered',
  'reliability.self_heal': 'self_heal.attempted',
  'playlist_item.started': 'content.started',
  'playlist_item.completed': 'content.completed',
  'playlist_item.failed': 'content.failed',
  'playlist_item.skipped': 'content.skipped',
  'media.started': 'content.started',
  'media.completed': 'content.completed',
  'media.failed': 'content.failed',
  'widget.started': 'content.started',
  'widget.completed': 'content.completed',
  'widget.failed': 'content.failed',
  'layout_zone_item.started': 'content.started',
  'data_widget.activated': 'content.started',
  'presentation.activated': 'presentation.started',
  'playlist.started': 'presentation.started',
  'layout.activated': 'presentation.started',
  'presentation.completed': 'presentation.stopped',
  'emergency.active': 'takeover.active',
  'emergency.restored': 'takeover.restored',
};
const REASON_ALIASES: Record<string, string> = { emergency_takeover: 'takeover' };

/** The version 2 name of a (lower-cased) event type. */
export const canonicalType = (eventType: string) => ALIASES[eventType] ?? eventType;

export const startsSession = (type: string) => type === 'presentation.started' || type === 'content.started';
export const endsSession = (type: string) => /\.(completed|stopped|failed|skipped)$/.test(type) || type === 'presentation.recovered';

const CATEGORY_OF_PREFIX: Record<string, string> = {
  player: 'connectivity',
  connection: 'connectivity',
  heartbeat: 'connectivity',
  manifest: 'manifest',
  presentation: 'manifest',
  content: 'playback',
  renderer: 'playback',
  decoder: 'playback',
  schedule: 'scheduling',
  command: 'commands',
  safe_mode: 'reliability',
  self_heal: 'reliability',
  storage: 'reliability',
  update: 'updates',
  takeover: 'takeovers',
};
export const defaultCategory = (type: string) => CATEGORY_OF_PREFIX[type.split('.')[0]!] ?? 'system';

export function defaultSeverity(type: string): (typeof SEVERITIES)[number] {
  if (/fail/.test(type)) return 'error';
  if (type === 'takeover.active') return 'critical';
  if (/gap|pressure|safe_mode|recover|self_heal\.attempted|connection\.lost/.test(type)) return 'warning';
  return 'info';
}

export function defaultResult(type: string): (typeof RESULTS)[number] {
  if (/\.(started|activated|active)$/.test(type)) return 'playing';
  if (/\.(completed|succeeded)$/.test(type)) return 'completed';
  if (/\.(failed|failure)$/.test(type) || type === 'storage.pressure' || type === 'safe_mode.entered') return 'failed';
  if (type.endsWith('.skipped')) return 'skipped';
  if (type === 'presentation.stopped') return 'partial';
  if (/recovered|restored|exited/.test(type)) return 'recovered';
  return 'unknown';
}

/** What kind of session a start or end event concerns, when the player did not say. */
export function sessionTypeOf(type: string, e: { sessionType?: string; layoutPlacementId?: string; playlistItemId?: string }): SessionType {
  if (e.sessionType && (SESSION_TYPES as readonly string[]).includes(e.sessionType)) return e.sessionType as SessionType;
  if (type.startsWith('presentation.')) return 'presentation';
  if (e.layoutPlacementId) return 'layout_placement';
  if (e.playlistItemId) return 'playlist_item';
  return 'content';
}

/** Why a session ended: the reported reason when it is one of the contract's, else what the event implies. */
export function terminalReasonOf(type: string, reported: string | undefined, failureCode: string | undefined): TerminalReason {
  const canonical = reported && (REASON_ALIASES[reported] ?? reported);
  if (canonical && (TERMINAL_REASONS as readonly string[]).includes(canonical)) return canonical as TerminalReason;
  if (type === 'content.completed') return 'completed_duration';
  if (type === 'content.skipped') return 'manual_skip';
  if (type === 'presentation.recovered') return 'recovery_action';
  if (failureCode === 'renderer_failure' || failureCode === 'playback_error') return 'renderer_failure';
  if (failureCode === 'decoder_failure') return 'decoder_failure';
  return 'unknown';
}

/** The outcome a session closes with: the event's result, in the words sessions use. */
export const sessionResultOf = (result: string) => (result === 'success' ? 'completed' : result === 'playing' ? 'unknown' : result);

/** Whether a terminal event with no start can stand in for its session: failures always, completions with a length. */
export const synthesizesStart = (type: string, durationMs: number | undefined) =>
  type === 'presentation.failed' || type === 'content.failed' || ((type === 'content.completed' || type === 'content.skipped') && (durationMs ?? 0) > 0);

/** Why a new presentation replaced the open one, from what its start event establishes. */
export function replacementReason(e: { takeoverId?: string; trigger?: string; scheduleId?: string; manifestVersion?: number }): TerminalReason {
  if (e.takeoverId) return 'takeover';
  if (e.trigger === 'schedule' || e.scheduleId) return 'schedule_transition';
  if (e.trigger === 'direct' || e.trigger === 'direct_assignment') return 'direct_assignment_change';
  if (e.manifestVersion !== undefined) return 'manifest_replacement';
  return 'unknown';
}

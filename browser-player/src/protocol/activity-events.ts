import type { PlayEndReason, PlayEvent } from '../seams.js';
import { randomId } from './random-id.js';

/** One event of the activity contract (version 2), as `POST /api/v1/player/activity-events` takes it. */
export interface ActivityEvent {
  /** UUID: the server stores an id once, however often it is sent. */
  id: string;
  /** Positive, rising per device. */
  sequence: number;
  eventType: string;
  occurredAt: string;
  result?: 'playing' | 'completed' | 'partial' | 'skipped' | 'failed';
  playerTimezone?: string;
  manifestVersion?: number;
  presentationType?: string;
  presentationId?: string;
  contentType?: string;
  contentId?: string;
  playlistItemId?: string;
  activitySessionId?: string;
  parentActivitySessionId?: string;
  sessionType?: 'presentation' | 'playlist_item' | 'content';
  trigger?: string;
  terminalReason?: string;
  durationMs?: number;
  expectedDurationMs?: number;
  failureCode?: string;
  failureMessage?: string;
  scheduleId?: string;
  takeoverId?: string;
}

export type UnsequencedEvent = Omit<ActivityEvent, 'sequence'>;

const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const FAILURES: readonly PlayEndReason[] = ['renderer_failure', 'decoder_failure'];
// The server keeps 240 characters of a failure message.
const MAX_FAILURE_MESSAGE = 240;

/**
 * A proof-of-play boundary as the stock players report it: `presentation.started`/`stopped` for
 * the content chosen, `content.started` then `content.completed` (`content.skipped` for an
 * operator's skip, `content.failed` for an item that could not be shown) for each item, the start
 * and the end sharing the session's id. An ending that cuts a play short reports it `partial`.
 */
export function activityEvent(p: PlayEvent): UnsequencedEvent {
  const s = p.session;
  const presentation = s.kind === 'presentation';
  const common = {
    id: randomId(),
    playerTimezone: timezone(),
    activitySessionId: s.id,
    sessionType: presentation ? ('presentation' as const) : s.playlistItemId ? ('playlist_item' as const) : ('content' as const),
    manifestVersion: s.manifestVersion,
    presentationType: s.presentationType,
    presentationId: s.presentationId,
    scheduleId: s.scheduleId,
    takeoverId: s.takeoverId,
    ...(presentation
      ? { trigger: s.trigger }
      : {
          // As the stock players: the item's kind, `media` when it does not say.
          contentType: s.contentType ?? 'media',
          contentId: s.assetId,
          playlistItemId: s.playlistItemId,
          expectedDurationMs: s.expectedDurationMs,
        }),
  };
  if (!p.ended) {
    return {
      ...common,
      eventType: presentation ? 'presentation.started' : 'content.started',
      occurredAt: s.startedAt,
      ...(s.parentId ? { parentActivitySessionId: s.parentId } : {}),
    };
  }
  const { at, reason, failureMessage } = p.ended;
  const ending = {
    ...common,
    occurredAt: at,
    terminalReason: reason,
    durationMs: Math.max(0, Date.parse(at) - Date.parse(s.startedAt)),
  };
  if (presentation) return { ...ending, eventType: 'presentation.stopped', result: 'partial' };
  if (FAILURES.includes(reason)) {
    return {
      ...ending,
      eventType: 'content.failed',
      result: 'failed',
      failureCode: reason,
      ...(failureMessage ? { failureMessage: failureMessage.slice(0, MAX_FAILURE_MESSAGE) } : {}),
    };
  }
  if (reason === 'manual_skip') return { ...ending, eventType: 'content.skipped', result: 'skipped' };
  return { ...ending, eventType: 'content.completed', result: reason === 'expected_item_boundary' ? 'completed' : 'partial' };
}

/** The session a start event opens, or undefined for any other event. */
export const opensSession = (e: UnsequencedEvent) => (/\.started$/.test(e.eventType) ? e.activitySessionId : undefined);
/** The session an end event closes, or undefined for any other event. */
export const endsSession = (e: UnsequencedEvent) => (/\.(completed|stopped|failed|skipped)$/.test(e.eventType) ? e.activitySessionId : undefined);

/**
 * The end of a session the last page run started and never ended (a reload, a crash, a power
 * cut): `player_restart`, at the last instant that page was known alive (never before the start).
 */
export function restartEnding(start: UnsequencedEvent, aliveAt: string | undefined): UnsequencedEvent {
  const at = Math.max(Date.parse(start.occurredAt), aliveAt ? Date.parse(aliveAt) : 0);
  return {
    ...start,
    id: randomId(),
    eventType: start.eventType === 'presentation.started' ? 'presentation.stopped' : 'content.completed',
    occurredAt: new Date(at).toISOString(),
    result: 'partial',
    terminalReason: 'player_restart',
    durationMs: at - Date.parse(start.occurredAt),
  };
}

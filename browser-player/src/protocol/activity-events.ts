import type { PlayRecord } from '../seams.js';
import { randomId } from './random-id.js';

/** One event of the activity contract (version 2), as `POST /api/v1/player/activity-events` takes it. */
export interface ActivityEvent {
  /** UUID: the server stores an id once, however often it is sent. */
  id: string;
  /** Positive, rising per device. */
  sequence: number;
  eventType: string;
  occurredAt: string;
  playerTimezone?: string;
  manifestVersion?: number;
  presentationType?: string;
  presentationId?: string;
  contentType?: string;
  contentId?: string;
  playlistItemId?: string;
  activitySessionId?: string;
  sessionType?: 'playlist_item' | 'content';
  terminalReason?: string;
  durationMs?: number;
  failureCode?: string;
  scheduleId?: string;
  takeoverId?: string;
  metadata?: Record<string, string | number | boolean>;
}

const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A play as the stock players report it: `content.started` then `content.completed` (or
 * `content.failed` when it could not be shown), one activity session named by the record's id.
 * The terminal event carries the record's own id, so a record queued twice is still one play.
 */
export function playEvents(r: PlayRecord, manifestVersion: number | undefined): Omit<ActivityEvent, 'sequence'>[] {
  const common = {
    playerTimezone: timezone(),
    manifestVersion,
    presentationType: r.playlistId ? 'playlist' : undefined,
    presentationId: r.playlistId,
    // As the stock players: the item's kind, `media` when the record does not say.
    contentType: r.contentType ?? 'media',
    contentId: r.itemId ?? r.assetId,
    playlistItemId: r.itemId,
    activitySessionId: r.id,
    sessionType: r.itemId ? ('playlist_item' as const) : ('content' as const),
    scheduleId: r.scheduleId,
    takeoverId: r.takeoverId,
    metadata: r.assetId ? { assetId: r.assetId } : undefined,
  };
  const durationMs = Math.max(0, Date.parse(r.endedAt) - Date.parse(r.startedAt));
  return [
    { ...common, id: randomId(), eventType: 'content.started', occurredAt: r.startedAt },
    r.completed
      ? { ...common, id: r.id, eventType: 'content.completed', occurredAt: r.endedAt, durationMs, terminalReason: 'completed_duration' }
      : { ...common, id: r.id, eventType: 'content.failed', occurredAt: r.endedAt, durationMs, failureCode: 'renderer_failure' },
  ];
}

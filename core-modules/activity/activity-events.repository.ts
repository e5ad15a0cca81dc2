import type { Knex } from 'knex';
import type { NormalizedEvent } from './player-event.js';
import { isInterruption, type Session } from './session-derivation.js';

/** The screen's events and sessions as ingestion writes them, all inside the caller's transaction. */
export class ActivityEventsRepository {
  /** Serializes batches of one screen (across processes) until the transaction ends. */
  async lockScreen(trx: Knex.Transaction, screenId: string): Promise<void> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended('activity:' || ?, 0))`, [screenId]);
  }

  /** Inserts the events; returns the ids stored (the others repeat an id or a sequence already stored). */
  async insert(trx: Knex.Transaction, screenId: string, events: NormalizedEvent[]): Promise<Set<string>> {
    if (!events.length) return new Set();
    const rows = events.map((e) => ({
      screen_id: screenId,
      id: e.id,
      sequence: e.sequence,
      event_type: e.eventType,
      canonical_type: e.type,
      category: e.category,
      severity: e.severity,
      result: e.result,
      occurred_at: e.at,
      elapsed_realtime_ms: e.elapsedRealtimeMs ?? null,
      player_timezone: e.playerTimezone,
      priority: e.priority,
      activity_session_id: e.activitySessionId ?? null,
      terminal_reason: e.terminalReason ?? null,
      duration_ms: e.durationMs ?? null,
      failure_code: e.failureCode ?? null,
      failure_message: e.failureMessage ?? null,
      details: JSON.stringify(details(e)),
    }));
    const stored: { id: string }[] = await trx('activity_events').insert(rows).onConflict().ignore().returning('id');
    return new Set(stored.map((r) => r.id));
  }

  /** When the screen's latest event before `sequence` happened. */
  async lastEventBefore(trx: Knex.Transaction, screenId: string, sequence: number): Promise<Date | undefined> {
    const row = await trx('activity_events')
      .where({ screen_id: screenId })
      .andWhere('sequence', '<', sequence)
      .orderBy('sequence', 'desc')
      .first('occurred_at');
    return row?.occurred_at;
  }

  /** The screen's open sessions and those named by `ids`. */
  async sessions(trx: Knex.Transaction, screenId: string, ids: string[]): Promise<Map<string, Session>> {
    const rows = await trx('playback_sessions')
      .where({ screen_id: screenId })
      .andWhere((q) => q.whereNull('ended_at').orWhereIn('activity_session_id', ids))
      .select('*');
    return new Map(rows.map((r) => [r.activity_session_id, fromRow(r)]));
  }

  /** Writes the changed sessions in one statement; returns when they started. */
  async saveSessions(trx: Knex.Transaction, screenId: string, sessions: Iterable<Session>): Promise<Date[]> {
    const rows = [...sessions].filter((s) => s.changed).map((s) => toRow(screenId, s));
    if (!rows.length) return [];
    await trx('playback_sessions').insert(rows).onConflict(['screen_id', 'activity_session_id']).merge();
    return rows.map((r) => r.started_at);
  }
}

// Everything the columns do not hold, kept for the timeline and the export.
function details(e: NormalizedEvent): Record<string, unknown> {
  const keys = [
    'parentActivitySessionId',
    'sessionType',
    'expectedDurationMs',
    'manifestVersion',
    'presentationType',
    'presentationId',
    'presentationRevision',
    'contentType',
    'contentId',
    'playlistItemId',
    'layoutPlacementId',
    'trigger',
    'scheduleId',
    'takeoverId',
    'sourceId',
    'selectedRecordId',
    'selectionDate',
    'sourceCachedAt',
    'sourceRevision',
    'snapshotHash',
    'metadata',
    'reportedOccurredAt',
    'clockOffsetSeconds',
  ] as const;
  return Object.fromEntries(keys.filter((k) => e[k] !== undefined && !(k === 'metadata' && !Object.keys(e.metadata ?? {}).length)).map((k) => [k, e[k]]));
}

const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
const num = (v: string | number | null) => (v === null ? undefined : Number(v));

function fromRow(r: Record<string, any>): Session {
  return {
    activitySessionId: r.activity_session_id,
    parentActivitySessionId: opt(r.parent_activity_session_id),
    sessionType: r.session_type,
    locationId: r.location_id,
    startedAt: r.started_at,
    endedAt: opt(r.ended_at),
    startElapsedMs: num(r.start_elapsed_ms),
    expectedDurationMs: num(r.expected_duration_ms),
    durationMs: num(r.duration_ms),
    result: r.result,
    terminalReason: opt(r.terminal_reason),
    failureCode: opt(r.failure_code),
    presentationType: opt(r.presentation_type),
    presentationId: opt(r.presentation_id),
    presentationRevision: opt(r.presentation_revision),
    contentType: opt(r.content_type),
    contentId: opt(r.content_id),
    playlistItemId: opt(r.playlist_item_id),
    layoutPlacementId: opt(r.layout_placement_id),
    scheduleId: opt(r.schedule_id),
    takeoverId: opt(r.takeover_id),
    trigger: opt(r.trigger),
    manifestVersion: num(r.manifest_version),
    synthesizedStart: r.synthesized_start,
  };
}

function toRow(screenId: string, s: Session) {
  return {
    screen_id: screenId,
    activity_session_id: s.activitySessionId,
    parent_activity_session_id: s.parentActivitySessionId ?? null,
    session_type: s.sessionType,
    location_id: s.locationId,
    started_at: s.startedAt,
    ended_at: s.endedAt ?? null,
    start_elapsed_ms: s.startElapsedMs ?? null,
    expected_duration_ms: s.expectedDurationMs ?? null,
    duration_ms: s.durationMs ?? null,
    result: s.result,
    terminal_reason: s.terminalReason ?? null,
    interrupted: isInterruption(s.terminalReason),
    failure_code: s.failureCode ?? null,
    presentation_type: s.presentationType ?? null,
    presentation_id: s.presentationId ?? null,
    presentation_revision: s.presentationRevision ?? null,
    content_type: s.contentType ?? null,
    content_id: s.contentId ?? null,
    playlist_item_id: s.playlistItemId ?? null,
    layout_placement_id: s.layoutPlacementId ?? null,
    schedule_id: s.scheduleId ?? null,
    takeover_id: s.takeoverId ?? null,
    trigger: s.trigger ?? null,
    manifest_version: s.manifestVersion ?? null,
    synthesized_start: s.synthesizedStart,
  };
}

import {
  endsSession,
  INTERRUPTIONS,
  replacementReason,
  sessionResultOf,
  sessionTypeOf,
  startsSession,
  synthesizesStart,
  terminalReasonOf,
  type SessionType,
  type TerminalReason,
} from './event-contract.js';
import type { NormalizedEvent } from './player-event.js';

/** A playback session as derivation sees it; `changed` ones are written back. */
export interface Session {
  activitySessionId: string;
  parentActivitySessionId?: string;
  sessionType: SessionType;
  locationId: string | null;
  startedAt: Date;
  endedAt?: Date;
  startElapsedMs?: number;
  expectedDurationMs?: number;
  durationMs?: number;
  result: string;
  terminalReason?: TerminalReason;
  failureCode?: string;
  presentationType?: string;
  presentationId?: string;
  presentationRevision?: string;
  contentType?: string;
  contentId?: string;
  playlistItemId?: string;
  layoutPlacementId?: string;
  scheduleId?: string;
  takeoverId?: string;
  trigger?: string;
  manifestVersion?: number;
  synthesizedStart: boolean;
  changed?: boolean;
}

export const isInterruption = (reason: TerminalReason | undefined) => !!reason && (INTERRUPTIONS as readonly string[]).includes(reason);

/** Longest a content (child) session can plausibly stay open; past it, it is closed as `bounded_timeout`. */
export const CHILD_BOUND_MS = 6 * 3_600_000;

interface Context {
  locationId: string | null;
  /** When the screen's last event before this batch happened (the last evidence of an earlier process). */
  lastEventAt?: Date;
}

/**
 * Turns one screen's new events (in sequence order) into session changes: a start opens a session,
 * the end repeating its id closes it; a new presentation replaces whatever was open, and one
 * started on a clock that went back (a player restart) closes the old sessions as interrupted at
 * the last evidence of them; a gap report closes everything open; a terminal event with no start
 * stands in for its session when it can. `sessions` holds the screen's open sessions and any the
 * batch names; it is updated in place.
 */
export function deriveSessions(sessions: Map<string, Session>, events: NormalizedEvent[], ctx: Context): void {
  const seen: { at: Date; elapsed?: number }[] = [];
  const open = () => [...sessions.values()].filter((s) => !s.endedAt);
  const close = (s: Session, at: Date, result: string, reason: TerminalReason, durationMs?: number, failureCode?: string) => {
    const endedAt = at < s.startedAt ? s.startedAt : at;
    Object.assign(s, {
      endedAt,
      result,
      terminalReason: reason,
      durationMs: durationMs ?? endedAt.getTime() - s.startedAt.getTime(),
      failureCode,
      changed: true,
    });
  };

  for (const e of events) {
    const sid = e.activitySessionId ?? e.id;
    if (e.type === 'heartbeat.gap_detected') {
      for (const s of open()) close(s, e.at, 'unknown', 'heartbeat_gap');
    } else if (startsSession(e.type)) {
      const sessionType = sessionTypeOf(e.type, e);
      if (sessionType === 'presentation') {
        for (const root of open().filter((s) => s.sessionType === 'presentation' && s.activitySessionId !== sid)) {
          const restarted = e.elapsedRealtimeMs !== undefined && root.startElapsedMs !== undefined && e.elapsedRealtimeMs < root.startElapsedMs;
          if (restarted) {
            // The old process's last sign of life: its latest event on the old clock, else the last before this batch.
            const lastOld = seen.filter((p) => p.elapsed === undefined || p.elapsed >= root.startElapsedMs!).at(-1)?.at ?? ctx.lastEventAt ?? root.startedAt;
            for (const s of open()) close(s, lastOld, 'partial', 'player_restart');
          } else {
            const reason = replacementReason(e);
            for (const s of open()) close(s, e.at, 'partial', reason);
          }
        }
      }
      const existing = sessions.get(sid);
      if (!existing) sessions.set(sid, opened(e, sid, sessionType, ctx.locationId, open()));
      else if (existing.synthesizedStart) {
        // The start arrived after its end (out of order): the session gets its real start.
        Object.assign(existing, {
          startedAt: e.at,
          startElapsedMs: e.elapsedRealtimeMs,
          expectedDurationMs: e.expectedDurationMs ?? existing.expectedDurationMs,
          synthesizedStart: false,
          changed: true,
        });
        if (existing.endedAt) existing.durationMs ??= existing.endedAt.getTime() - e.at.getTime();
      }
    } else if (endsSession(e.type) && e.activitySessionId) {
      const result = sessionResultOf(e.result);
      const reason = terminalReasonOf(e.type, e.terminalReason, e.failureCode);
      const existing = sessions.get(e.activitySessionId);
      if (existing && !existing.endedAt) close(existing, e.at, result, reason, e.durationMs, e.failureCode);
      else if (!existing && synthesizesStart(e.type, e.durationMs)) {
        const session = opened(e, e.activitySessionId, sessionTypeOf(e.type, e), ctx.locationId, open());
        session.startedAt = new Date(e.at.getTime() - (e.durationMs ?? 0));
        session.startElapsedMs = undefined;
        session.synthesizedStart = true;
        sessions.set(e.activitySessionId, session);
        close(session, e.at, result, reason, e.durationMs ?? 0, e.failureCode);
      }
    }
    seen.push({ at: e.at, elapsed: e.elapsedRealtimeMs });
  }

  // A child left open far longer than any item plays lost its end event.
  const last = events.at(-1)?.at;
  if (last) {
    for (const s of open().filter((c) => c.sessionType !== 'presentation' && last.getTime() - c.startedAt.getTime() > CHILD_BOUND_MS)) {
      close(s, new Date(s.startedAt.getTime() + CHILD_BOUND_MS), 'unknown', 'bounded_timeout');
    }
  }
}

function opened(e: NormalizedEvent, sid: string, sessionType: SessionType, locationId: string | null, open: Session[]): Session {
  // Version 1 players carried the parent in metadata.
  const fromMetadata = (e.metadata as Record<string, unknown> | undefined)?.parentActivitySessionId;
  const metadataParent = typeof fromMetadata === 'string' ? fromMetadata : undefined;
  // A child whose parent was never named belongs to the presentation on screen at the time.
  const parent =
    sessionType === 'presentation'
      ? undefined
      : (e.parentActivitySessionId ?? metadataParent ?? open.find((s) => s.sessionType === 'presentation')?.activitySessionId);
  return {
    activitySessionId: sid,
    parentActivitySessionId: parent,
    sessionType,
    locationId,
    startedAt: e.at,
    startElapsedMs: e.elapsedRealtimeMs,
    expectedDurationMs: e.expectedDurationMs,
    result: 'playing',
    presentationType: e.presentationType,
    presentationId: e.presentationId,
    presentationRevision: e.presentationRevision,
    contentType: e.contentType,
    contentId: e.contentId,
    playlistItemId: e.playlistItemId,
    layoutPlacementId: e.layoutPlacementId,
    scheduleId: e.scheduleId,
    takeoverId: e.takeoverId,
    trigger: e.trigger,
    manifestVersion: e.manifestVersion,
    synthesizedStart: false,
    changed: true,
  };
}

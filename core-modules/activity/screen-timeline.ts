import { CloneType, Type, type Static } from '@sinclair/typebox';
import type { ProofOfPlayDeps } from './proof-of-play-deps.js';
import { SessionSchema, sessionView } from './proof-of-play.service.js';
import { Nullable, Uuid, Stamp } from '../../kernel/http/wire.js';

const CATEGORIES = ['playback', 'connectivity', 'reliability', 'scheduling', 'commands', 'updates', 'takeovers', 'manifest', 'system'];

export const TimelineQuery = Type.Object({
  from: Type.Optional(CloneType(Stamp, { description: 'Default 24 hours before `to`.' })),
  to: Type.Optional(CloneType(Stamp, { description: 'Default now.' })),
  category: Type.Optional(
    Type.Union(
      CATEGORIES.map((c) => Type.Literal(c)),
      { description: 'Only events of this category (sessions are playback).' },
    ),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200, description: 'Most recent events and sessions, each.' })),
});

const EventSchema = Type.Object({
  id: Uuid,
  sequence: Type.Integer(),
  eventType: Type.String({ description: 'As the player reported it.' }),
  canonicalType: Type.String({ description: 'Its contract version 2 name.' }),
  category: Type.String(),
  severity: Type.String(),
  result: Type.String(),
  occurredAt: CloneType(Stamp, { description: 'On the server’s clock (see details.reportedOccurredAt).' }),
  receivedAt: Stamp,
  playerTimezone: Type.String(),
  activitySessionId: Nullable(Type.String()),
  terminalReason: Nullable(Type.String()),
  durationMs: Nullable(Type.Integer()),
  failureCode: Nullable(Type.String()),
  failureMessage: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description:
      'The event’s other fields as reported (presentation, content, schedule, metadata, …); and, when its time was moved onto the server’s ' +
      'clock, `reportedOccurredAt` (the player’s) and `clockOffsetSeconds` (what was added).',
  }),
});
export const TimelineSchema = Type.Object({
  screenId: Uuid,
  from: Stamp,
  to: Stamp,
  events: Type.Array(EventSchema),
  sessions: Type.Array(SessionSchema),
});

/** One screen's diagnostic timeline: what its player reported, and the sessions derived from it. */
export class ScreenTimeline {
  constructor(private readonly d: Pick<ProofOfPlayDeps, 'db' | 'screensService' | 'proofOfPlayService' | 'proofOfPlayRepository'>) {}

  async read(screenId: string, q: Static<typeof TimelineQuery>) {
    const screen = await this.d.screensService.get(screenId);
    const filter = await this.d.proofOfPlayService.filter({ from: q.from, to: q.to, screen: screenId });
    const limit = q.limit ?? 200;
    const events = this.d.db('activity_events').where({ screen_id: screenId }).where('occurred_at', '>=', filter.from).where('occurred_at', '<', filter.to);
    if (q.category) events.where({ category: q.category });
    const [rows, sessions] = await Promise.all([
      events
        .orderBy([
          { column: 'occurred_at', order: 'desc' },
          { column: 'sequence', order: 'desc' },
        ])
        .limit(limit),
      q.category && q.category !== 'playback' ? [] : this.d.proofOfPlayRepository.page(filter, limit),
    ]);
    return {
      screenId,
      from: filter.from.toISOString(),
      to: filter.to.toISOString(),
      events: rows.map((r) => ({
        id: r.id,
        sequence: Number(r.sequence),
        eventType: r.event_type,
        canonicalType: r.canonical_type,
        category: r.category,
        severity: r.severity,
        result: r.result,
        occurredAt: r.occurred_at.toISOString(),
        receivedAt: r.received_at.toISOString(),
        playerTimezone: r.player_timezone,
        activitySessionId: r.activity_session_id,
        terminalReason: r.terminal_reason,
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
        failureCode: r.failure_code,
        failureMessage: r.failure_message,
        details: r.details,
      })),
      sessions: sessions.map((s) => sessionView(s, screen.name)),
    };
  }
}

import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Stamp, Uuid, isoOrNull } from '../../kernel/http/wire.js';
import { SCREEN_STATES, TAKEOVER_STATUSES } from './takeover-states.js';
import type { ScreenStateRow, StateCounts, TakeoverRow } from './takeovers.repository.js';

const Counts = (description: string) => Type.Integer({ minimum: 0, description });
const CloneStamp = (description: string) => Type.String({ format: 'date-time', description });

/** A takeover as the reference's console lists it, with what raised it. */
export const TakeoverSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  playlistId: Uuid,
  playlistName: Type.String({ description: 'Empty when the playlist has been deleted since.' }),
  status: Type.Union(TAKEOVER_STATUSES.map((s) => Type.Literal(s))),
  activatedAt: Nullable(Stamp),
  expiresAt: Stamp,
  cancelledAt: Nullable(CloneStamp('When it was cancelled (by hand, by its raiser, or replaced); null otherwise.')),
  endedAt: Nullable(CloneStamp('When it was cancelled or expired; null while active.')),
  cancellationReason: Type.String(),
  origin: Type.Object({
    kind: Type.String({ description: '`console`, or what raised it (`weather_alert`).' }),
    ref: Nullable(Type.String({ description: 'The raiser’s own reference for it.' })),
  }),
  createdBy: Nullable(Uuid),
  affectedCount: Counts('Screens it took.'),
  activeCount: Counts('Screens whose player reports it playing.'),
  preparingCount: Counts('Screens on their way (pending, notified, preparing, ready).'),
  failedCount: Counts('Screens whose player reported a failure.'),
});
export type TakeoverView = Static<typeof TakeoverSchema>;

export const TakeoverScreenSchema = Type.Object({
  screenId: Uuid,
  screenName: Type.String(),
  manifestVersion: Type.Integer({ minimum: 0, description: 'The manifest version that carried the takeover to the screen (or an earlier one).' }),
  state: Type.Union(SCREEN_STATES.map((s) => Type.Literal(s))),
  preparationProgress: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  lastUpdatedAt: Stamp,
  failureCode: Nullable(Type.String()),
  failureMessage: Nullable(Type.String()),
  preparedAt: Nullable(Stamp),
  activatedAt: Nullable(Stamp),
  restoredAt: Nullable(Stamp),
});

export const TakeoverDetailSchema = Type.Composite([TakeoverSchema, Type.Object({ screens: Type.Array(TakeoverScreenSchema) })]);
export type TakeoverDetail = Static<typeof TakeoverDetailSchema>;

const NO_COUNTS: StateCounts = { affected: 0, active: 0, preparing: 0, failed: 0 };

export function takeoverView(row: TakeoverRow, playlistName: string, counts: StateCounts = NO_COUNTS): TakeoverView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    playlistId: row.playlist_id,
    playlistName,
    status: row.status,
    activatedAt: isoOrNull(row.activated_at),
    expiresAt: row.expires_at.toISOString(),
    cancelledAt: row.status === 'cancelled' ? isoOrNull(row.ended_at) : null,
    endedAt: isoOrNull(row.ended_at),
    cancellationReason: row.cancellation_reason,
    origin: { kind: row.origin_kind, ref: row.origin_ref },
    createdBy: row.created_by,
    affectedCount: counts.affected,
    activeCount: counts.active,
    preparingCount: counts.preparing,
    failedCount: counts.failed,
  };
}

export const screenStateView = (row: ScreenStateRow, screenName: string): Static<typeof TakeoverScreenSchema> => ({
  screenId: row.screen_id,
  screenName,
  manifestVersion: Number(row.manifest_version),
  state: row.state,
  preparationProgress: row.preparation_progress,
  lastUpdatedAt: row.last_updated_at.toISOString(),
  failureCode: row.failure_code,
  failureMessage: row.failure_message,
  preparedAt: isoOrNull(row.prepared_at),
  activatedAt: isoOrNull(row.activated_at),
  restoredAt: isoOrNull(row.restored_at),
});

import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import type { OverrideRow } from './presentation-overrides.repository.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

/** A quick present session as the reference's console reads it (optional fields left out, not null). */
export const OverrideSchema = Type.Object({
  id: Uuid,
  targetType: Type.Union([Type.Literal('screen'), Type.Literal('group')]),
  targetId: Uuid,
  targetName: Type.String(),
  contentType: Type.String({ description: '`playlist`, `layout` or `asset`.' }),
  contentId: Uuid,
  contentName: Type.String(),
  durationSeconds: Type.Integer({ minimum: 0, description: '0: until stopped.' }),
  startedAt: Stamp,
  expiresAt: Opt(Stamp),
  afterAction: Type.Literal('resume'),
  wakeDisplay: Type.Boolean(),
  stoppedAt: Opt(Stamp),
  stopReason: Opt(Type.String()),
});
export type OverrideView = Static<typeof OverrideSchema>;

export const overrideView = (row: OverrideRow, targetName: string, contentName: string): OverrideView => ({
  id: row.id,
  targetType: row.target_type,
  targetId: row.target_id,
  targetName,
  contentType: row.content_type,
  contentId: row.content_id,
  contentName,
  durationSeconds: row.duration_seconds,
  startedAt: row.started_at.toISOString(),
  ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
  afterAction: row.after_action,
  wakeDisplay: row.wake_display,
  ...(row.stopped_at ? { stoppedAt: row.stopped_at.toISOString(), stopReason: row.stop_reason } : {}),
});

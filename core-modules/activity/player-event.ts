import { CloneType, Type, type Static } from '@sinclair/typebox';
import type { AppError } from '../../kernel/errors.js';
import { HANDLER_CLEANS_TEXT, inputValidator } from '../../kernel/http/validation.js';
import { storableText } from '../../kernel/text.js';
import { canonicalType, defaultCategory, defaultResult, defaultSeverity, RESULTS, SESSION_TYPES, SEVERITIES } from './event-contract.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';
import { NO_CORRECTION, outsideWindow, type ClockCorrection } from './clock-correction.js';

const MAX_BATCH = 200;
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const count = () => Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }));
const oneOf = (values: readonly string[]) => Type.Optional(Type.Union(values.map((v) => Type.Literal(v))));

/**
 * One event as the players send it (contract version 2; version 1 names accepted). Unknown fields
 * are ignored, as is a `screenId`: the screen is the credential's. Empty strings and nulls, which
 * the Android player sends for unset fields, count as absent; long texts are cut to their limit.
 */
export const PlayerEventSchema = Type.Object(
  {
    id: Uuid,
    sequence: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Positive and monotonic per device.' }),
    eventType: Type.String({ pattern: '^[a-z][a-z0-9_.-]{2,95}$' }),
    category: text(48),
    severity: oneOf(SEVERITIES),
    result: oneOf(RESULTS),
    occurredAt: CloneType(Stamp, {
      description:
        'The player’s clock. Moved onto the server’s by the screen’s deviceClockOffsetSeconds when that is 5 s to 24 h; then within the ' +
        'last 370 days and at most 15 minutes ahead.',
    }),
    elapsedRealtimeMs: count(),
    playerTimezone: text(80),
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
    manifestVersion: count(),
    presentationType: text(48),
    presentationId: text(128),
    presentationRevision: text(128),
    contentType: text(48),
    contentId: text(128),
    playlistItemId: text(128),
    layoutPlacementId: text(128),
    activitySessionId: text(160),
    parentActivitySessionId: text(160),
    sessionType: oneOf(SESSION_TYPES),
    terminalReason: text(64),
    durationMs: count(),
    expectedDurationMs: count(),
    failureCode: text(96),
    failureMessage: text(240),
    trigger: text(96),
    scheduleId: text(128),
    takeoverId: text(128),
    sourceId: text(128),
    selectedRecordId: text(160),
    selectionDate: Type.Optional(Type.String({ format: 'date' })),
    sourceCachedAt: Type.Optional(Stamp),
    sourceRevision: text(128),
    snapshotHash: text(128),
    metadata: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: 'Up to 32 flat entries are kept (texts cut to 240 characters); nested values are dropped.' }),
    ),
  },
  { additionalProperties: true },
);
export type PlayerEvent = Static<typeof PlayerEventSchema>;

// Each event is checked on its own (checkEvent), its text cleaned: one bad event never refuses the batch.
export const ActivityBatchSchema = Type.Object(
  { events: Type.Array(Type.Object({}, { additionalProperties: true }), { minItems: 1, maxItems: MAX_BATCH }) },
  { [HANDLER_CLEANS_TEXT]: true },
);

// Text fields are cut rather than refused: the Linux player cuts failureMessage itself, the
// Android player does not cut everything, and a refused event would be lost for a few characters.
const LIMITS = Object.fromEntries(
  Object.entries(PlayerEventSchema.properties).flatMap(([k, s]) =>
    (s as { type?: string; maxLength?: number }).type === 'string' && (s as { maxLength?: number }).maxLength
      ? [[k, (s as { maxLength: number }).maxLength]]
      : [],
  ),
) as Record<string, number>;
const MAX_METADATA_KEYS = 32;

function flatMetadata(value: unknown): Record<string, string | number | boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_METADATA_KEYS * 2)) {
    if (Object.keys(kept).length >= MAX_METADATA_KEYS || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) continue;
    if (typeof v === 'string') kept[key] = storableText(v).slice(0, 240);
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') kept[key] = v;
  }
  return kept;
}

/** Drops what counts as absent, cuts texts and cleans them of what PostgreSQL cannot store. */
function cleaned(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === '' || key === 'screenId') continue;
    if (key === 'metadata') out[key] = flatMetadata(value);
    else if (typeof value === 'string') out[key] = storableText(LIMITS[key] ? value.slice(0, LIMITS[key]) : value).trim();
    else out[key] = value;
  }
  if (typeof out.eventType === 'string') out.eventType = out.eventType.toLowerCase();
  if (typeof out.sessionType === 'string') out.sessionType = out.sessionType.toLowerCase();
  if (typeof out.terminalReason === 'string') out.terminalReason = out.terminalReason.toLowerCase();
  return out;
}

const validate = inputValidator('body', PlayerEventSchema);
const PAST_MS = 370 * 86_400_000;
const AHEAD_MS = 15 * 60_000;

/** An event ready to store: the envelope's defaults filled in, the canonical type alongside the reported one. */
export interface NormalizedEvent extends PlayerEvent {
  type: string;
  at: Date;
  category: string;
  severity: string;
  result: string;
  playerTimezone: string;
  priority: number;
  /** Set when `at` was moved onto the server's clock: the time as reported, and by how much. */
  reportedOccurredAt?: string;
  clockOffsetSeconds?: number;
}

export type Checked = { ok: true; event: NormalizedEvent } | { ok: false; id: string | null; message: string };

/** Checks one event of a batch; a bad one is reported, never stops the others. */
export function checkEvent(raw: unknown, now: number, clock: ClockCorrection = NO_CORRECTION): Checked {
  const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id.slice(0, 64) : null;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, id, message: 'an event is an object' };
  const event = cleaned(raw as Record<string, unknown>);
  try {
    validate(event);
  } catch (err) {
    const issues = ((err as AppError).details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
    return { ok: false, id, message: issues.map((i) => `${i.field.replace(/^body\/?/, '')} ${i.message}`).join('; ') || 'is invalid' };
  }
  const e = event as PlayerEvent;
  const at = new Date(Date.parse(e.occurredAt) + clock.ms);
  if (!(at.getTime() >= now - PAST_MS && at.getTime() <= now + AHEAD_MS))
    return { ok: false, id, message: outsideWindow('occurredAt', 'the last 370 days, at most 15 minutes ahead', clock) };
  const type = canonicalType(e.eventType);
  return {
    ok: true,
    event: {
      ...e,
      type,
      at,
      category: e.category?.toLowerCase() ?? defaultCategory(type),
      severity: e.severity ?? defaultSeverity(type),
      result: e.result ?? defaultResult(type),
      playerTimezone: e.playerTimezone ?? 'UTC',
      priority: e.priority ?? 5,
      // Only ever this server's own note: a player's field of the same name is not kept.
      reportedOccurredAt: clock.ms ? e.occurredAt : undefined,
      clockOffsetSeconds: clock.ms ? clock.ms / 1000 : undefined,
    },
  };
}

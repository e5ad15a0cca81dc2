import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The heartbeat fields this server reads, typed. The reference player sends about 140 fields and
 * newer players add more; all are optional. Fields not declared here are accepted and kept in the
 * stored heartbeat (not type-checked, since nothing here reads them), so a player one release ahead
 * of this server keeps reporting instead of being refused wholesale. Only names shaped like protocol
 * fields (lowerCamelCase) are let through that way, which still refuses junk and typos in snake_case.
 *
 * `null` is accepted for every field and means "not reported", as the reference's decoder treats it.
 */
const opt = <T extends TSchema>(schema: T, description?: string) => Type.Optional(Type.Union([schema, Type.Null()], description ? { description } : {}));

const text = (maxLength: number) => Type.String({ maxLength });
const count = () => Type.Number({ minimum: 0 });

/** Playback identifiers: a malformed one is dropped and named in `ignoredFields`, not refused. */
export const PLAYBACK_ID_FIELDS = [
  'currentItemId',
  'currentAssetId',
  'currentPlaylistId',
  'currentScheduleId',
  'currentWebsiteAssetId',
  'currentWidgetId',
  'activeTakeoverId',
  'assignedPlaylistId',
] as const;

const NoiseBucket = Type.Object(
  {
    startedAt: text(64),
    averageLevel: Type.Number(),
    peakLevel: Type.Number(),
    monitoredMs: count(),
    warningMs: count(),
    loudMs: count(),
    triggerCount: count(),
  },
  { additionalProperties: true },
);

// Like the reference, an unknown status or an out-of-range level is kept as reported (whoever
// reads it clamps), not a reason to refuse the heartbeat that carries the player's liveness.
const NoiseMeter = Type.Object(
  {
    status: opt(text(40), 'active, normal, loud, unavailable or inactive.'),
    currentLevel: opt(Type.Number(), 'Relative level, 0–100.'),
    pendingHistory: opt(Type.Array(NoiseBucket, { maxItems: 120 })),
  },
  { additionalProperties: true },
);

export const HeartbeatSchema = Type.Object(
  {
    playerVersion: opt(text(120)),
    playerVersionCode: opt(Type.Integer({ minimum: 0 })),
    uptimeSeconds: opt(count()),
    availableStorageBytes: opt(count()),
    cacheUsedBytes: opt(count()),
    cacheLimitBytes: opt(count()),
    // Some Linux displays report 0x0; out-of-range sizes are ignored rather than refused.
    screenWidth: opt(Type.Integer()),
    screenHeight: opt(Type.Integer()),
    locale: opt(text(120)),
    timezone: opt(text(120)),
    playbackState: opt(text(60)),
    activeManifestVersion: opt(Type.Integer({ minimum: 0 })),
    pendingManifestVersion: opt(Type.Integer({ minimum: 0 })),
    ...Object.fromEntries(PLAYBACK_ID_FIELDS.map((f) => [f, opt(text(200), 'UUID. A malformed value is dropped and named in `ignoredFields`.')])),
    // They settle commands and updates, so a malformed one refuses the heartbeat rather than being dropped.
    lastCommandId: opt(Type.String({ format: 'uuid' })),
    currentUpdateDeploymentId: opt(Type.String({ format: 'uuid' })),
    noiseMeter: opt(NoiseMeter),
    deviceClockOffsetSeconds: opt(
      Type.Number(),
      'Seconds the server’s clock is ahead of the player’s (negative: the player’s runs fast), as the player measured it against a ' +
        'manifest’s serverTime (the Android player sends it). Becomes the screen’s deviceClockOffsetSeconds unless the server measured the ' +
        'clock itself over the socket in the last 10 minutes.',
    ),
  },
  {
    additionalProperties: true,
    propertyNames: { pattern: '^[a-z][A-Za-z0-9]{0,63}$' },
    maxProperties: 400,
  },
);

/** The answer's own fields; heartbeat extensions add theirs (HeartbeatExtensions.answerSchema). */
export const HeartbeatAckSchema = Type.Object({
  accepted: Type.Literal(true),
  ignoredFields: Type.Optional(Type.Array(Type.String(), { description: 'Playback identifiers that were malformed and dropped.' })),
});

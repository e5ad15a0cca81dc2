import { Type, type Static } from '@sinclair/typebox';
import { ManifestPluginEntrySchema } from './manifest-plugins.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

/** Schema 11 is the base the player protocol defines; later features raise it per player. */
export const MANIFEST_SCHEMA_VERSION = 11;

export const ManifestItemSchema = Type.Object({
  /** Tag-rule items, computed rather than stored, carry an id derived from playlist and asset. */
  id: Uuid,
  assetId: Uuid,
  variantId: Uuid,
  assetType: Type.String(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  fitMode: Type.String(),
  transition: Type.String(),
  audioEnabled: Type.Boolean(),
  /** 0 to 1: the players clamp (Linux) or refuse the manifest (Android) outside it. */
  volume: Type.Number({ minimum: 0, maximum: 1 }),
  deliveryPolicy: Type.String(),
  availableFrom: Opt(Stamp),
  expiresAt: Opt(Stamp),
});

export const ManifestPlaylistSchema = Type.Object({ id: Uuid, revision: Type.Integer(), name: Type.String(), items: Type.Array(ManifestItemSchema) });

export const ManifestAssetSchema = Type.Object({
  assetId: Uuid,
  variantId: Uuid,
  mimeType: Type.String(),
  sha256: Type.String(),
  fileSize: Type.Integer(),
  width: Opt(Type.Integer()),
  height: Opt(Type.Integer()),
  durationSeconds: Opt(Type.Number()),
  downloadPath: Type.String(),
  availableFrom: Opt(Stamp),
  expiresAt: Opt(Stamp),
});

/**
 * A schedule as players resolve it offline (weekly wall-clock windows in its zone, or one-time
 * instants). Optional fields are left out rather than null: the Android player reads `daysOfWeek`
 * as a list that must not be null.
 */
export const ManifestScheduleSchema = Type.Object({
  id: Uuid,
  playlistId: Opt(Uuid),
  /** A display-control schedule (Linux players only): what it does to the display while it holds. */
  displayAction: Opt(Type.Object({ type: Type.String(), input: Opt(Type.String()), volume: Opt(Type.Integer()), brightness: Opt(Type.Integer()) })),
  type: Type.Union([Type.Literal('weekly'), Type.Literal('one_time')]),
  timezone: Type.String(),
  priority: Type.Integer({ minimum: -999, maximum: 999 }),
  /** 1: the schedule targets the screen itself; 0: its group. */
  specificity: Type.Integer({ minimum: 0, maximum: 1 }),
  startDate: Opt(Type.String({ format: 'date' })),
  endDate: Opt(Type.String({ format: 'date' })),
  oneTimeStart: Opt(Stamp),
  oneTimeEnd: Opt(Stamp),
  dailyStart: Opt(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })),
  dailyEnd: Opt(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })),
  daysOfWeek: Opt(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }))),
});
export type ManifestSchedule = Static<typeof ManifestScheduleSchema>;

// Sections this server does not fill yet are still sent, empty: players iterate them unconditionally.
const Later = Type.Array(Type.Unknown());

/** The parts of a manifest that decide its version: everything but the version and the clocks. */
export const ManifestContentSchema = Type.Object({
  mode: Type.Literal('presentation'),
  /** What the screen plays when no schedule (or later, takeover) holds: its own playlist, else its group's. */
  playlist: Opt(ManifestPlaylistSchema),
  /** The same playlist under the name the players give the fallback after schedules. */
  directFallbackPlaylist: Opt(ManifestPlaylistSchema),
  /** Every playlist the screen may switch to offline: the fallback and each schedule's. */
  playlists: Type.Array(ManifestPlaylistSchema),
  schedules: Type.Array(ManifestScheduleSchema),
  assets: Type.Array(ManifestAssetSchema),
  websites: Later,
  widgets: Later,
  dataSources: Later,
  plugins: Type.Array(ManifestPluginEntrySchema),
  layouts: Later,
  /** The organization's logo, when set to a ready image: listed in `assets` so players show it offline. */
  branding: Opt(Type.Object({ logoAssetId: Uuid, logoVariantId: Uuid })),
  prefetchHorizonDays: Type.Integer({ minimum: 1 }),
  activationGraceSeconds: Type.Integer({ minimum: 1 }),
  /** The screen's group: members play in step from `playbackEpoch`. */
  syncGroup: Opt(Type.Object({ id: Uuid, playbackEpoch: Stamp })),
  /** A video wall's logical canvas, and this screen's panel of it (span groups only). */
  canvas: Opt(Type.Object({ width: Type.Integer({ minimum: 320, maximum: 16384 }), height: Type.Integer({ minimum: 320, maximum: 16384 }) })),
  viewport: Opt(
    Type.Object({
      x: Type.Integer({ minimum: 0 }),
      y: Type.Integer({ minimum: 0 }),
      width: Type.Integer({ minimum: 1 }),
      height: Type.Integer({ minimum: 1 }),
      rotation: Type.Integer(),
      order: Type.Integer({ minimum: 0, maximum: 63 }),
      bezelLeft: Type.Integer({ minimum: 0, maximum: 500 }),
      bezelTop: Type.Integer({ minimum: 0, maximum: 500 }),
      bezelRight: Type.Integer({ minimum: 0, maximum: 500 }),
      bezelBottom: Type.Integer({ minimum: 0, maximum: 500 }),
    }),
  ),
});
export type ManifestContent = Static<typeof ManifestContentSchema>;
export type ManifestAsset = Static<typeof ManifestAssetSchema>;
export type ManifestItem = Static<typeof ManifestItemSchema>;
export type ManifestPlaylist = Static<typeof ManifestPlaylistSchema>;

export const ManifestSchema = Type.Composite([
  Type.Object({
    schemaVersion: Type.Integer(),
    manifestVersion: Type.Integer(),
    screenId: Uuid,
    generatedAt: Stamp,
    serverTime: Stamp,
  }),
  ManifestContentSchema,
]);
export type Manifest = Static<typeof ManifestSchema>;

import { Type, type Static } from '@sinclair/typebox';
import { ManifestPluginEntrySchema } from './manifest-plugins.js';
import { Uuid } from '../../kernel/http/wire.js';

const Stamp = Type.String({ format: 'date-time' });
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

// Sections this server does not fill yet are still sent, empty: players iterate them unconditionally.
const Later = Type.Array(Type.Unknown());

/** The parts of a manifest that decide its version: everything but the version and the clocks. */
export const ManifestContentSchema = Type.Object({
  mode: Type.Literal('presentation'),
  playlist: Opt(ManifestPlaylistSchema),
  playlists: Type.Array(ManifestPlaylistSchema),
  schedules: Later,
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

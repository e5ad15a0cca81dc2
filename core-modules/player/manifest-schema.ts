import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ManifestLists, ManifestSection, ManifestSections, SectionName } from './manifest-sections.js';
import { ManifestPluginEntrySchema } from './manifest-plugins.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

export const ManifestItemSchema = Type.Object({
  /** Tag-rule items, computed rather than stored, carry an id derived from playlist and asset. */
  id: Uuid,
  /** A layout item's is its layout's id, as the reference sends it. */
  assetId: Uuid,
  /** Only for an item playing a layout (type `layout`), named in the manifest's `layouts[]`. */
  layoutId: Opt(Uuid),
  /** The file it plays; left out for an item that streams instead (a website, named in `websites[]`). */
  variantId: Opt(Uuid),
  assetType: Type.String(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  fitMode: Type.String(),
  transition: Type.String(),
  audioEnabled: Type.Boolean(),
  /** 0 to 1: the players clamp (Linux) or refuse the manifest (Android) outside it. */
  volume: Type.Number({ minimum: 0, maximum: 1 }),
  deliveryPolicy: Type.String(),
  /** A video's trim, in ms into the video: where it starts (0 or more) and stops (after the start); each sent only when set. */
  videoStartOffsetMs: Opt(Type.Integer({ minimum: 0 })),
  videoEndOffsetMs: Opt(Type.Integer({ minimum: 1 })),
  /** The screen's playback defaults (fit, transition, image duration, volume) stand in for the item's; sent only when true. */
  usePlayerDefaults: Opt(Type.Boolean()),
  availableFrom: Opt(Stamp),
  expiresAt: Opt(Stamp),
  /** Never sent: the lowest schema that plays it, by which `playableBy` leaves it out for older players. */
  sinceSchema: Opt(Type.Integer()),
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

/** What every manifest carries whatever its sections: the player's envelope. */
export const ManifestEnvelopeSchema = Type.Object({
  mode: Type.Literal('presentation'),
  /** The fallback again, under the name the players give it after schedules. */
  directFallbackPlaylist: Opt(ManifestPlaylistSchema),
  /** Every file the screen may need, each once: players download and verify these, and may fetch only them. */
  assets: Type.Array(ManifestAssetSchema),
  plugins: Type.Array(ManifestPluginEntrySchema),
  /** The organization's logo, when set to a ready image: listed in `assets` so players show it offline. */
  branding: Opt(Type.Object({ logoAssetId: Uuid, logoVariantId: Uuid })),
  prefetchHorizonDays: Type.Integer({ minimum: 1 }),
  activationGraceSeconds: Type.Integer({ minimum: 1 }),
});
export type ManifestEnvelope = Static<typeof ManifestEnvelopeSchema>;

/** The parts of a manifest that decide its version: the envelope and the sections the screen's sources give. */
export type ManifestContent = ManifestEnvelope & ManifestLists & Partial<ManifestSections>;
export type ManifestAsset = Static<typeof ManifestAssetSchema>;
export type ManifestItem = Static<typeof ManifestItemSchema>;
export type ManifestPlaylist = Static<typeof ManifestPlaylistSchema>;

const VersioningSchema = Type.Object({
  schemaVersion: Type.Integer({
    minimum: 11,
    description: 'The highest schema both the player (its reported presentationSchemaVersions) and the server know; 11 for a player that reported none.',
  }),
  manifestVersion: Type.Integer(),
  screenId: Uuid,
  generatedAt: Stamp,
  serverTime: Stamp,
});

export type Manifest = Static<typeof VersioningSchema> & ManifestContent;

/** The manifest as documented and served: the envelope and every registered section (lists always present). */
export function composeManifestSchema(sections: ManifestSection<SectionName>[]): TSchema {
  const properties = Object.fromEntries(
    sections.map((s) => {
      const since = s.since && s.since > 11 ? ` Sent from schema ${s.since}.` : '';
      const schema = { ...s.schema, ...(since ? { description: `${s.schema.description ?? ''}${since}`.trim() } : {}) };
      return [s.name, s.merge === 'list' && !since ? schema : Type.Optional(schema)];
    }),
  );
  return Type.Composite([VersioningSchema, ManifestEnvelopeSchema, Type.Object(properties)]);
}

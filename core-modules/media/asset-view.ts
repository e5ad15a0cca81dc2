import { Type, type Static } from '@sinclair/typebox';
import type { AssetRow, VariantRow } from './media.models.js';
import { ASSET_STATUSES, ASSET_TYPE_PATTERN, VARIANT_KINDS } from './media-types.js';
import { Nullable, Uuid, isoOrNull, Stamp, present } from '../../kernel/http/wire.js';

// Facts an asset may lack are left out rather than null, and a website's missing file facts are
// empty, as the reference answers them: its console's types have no null there.
const Maybe = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const VariantSchema = Type.Object({
  id: Uuid,
  kind: literals(VARIANT_KINDS),
  mimeType: Type.String(),
  fileSize: Type.Integer(),
  sha256: Type.String(),
  width: Maybe(Type.Number()),
  height: Maybe(Type.Number()),
  durationSeconds: Maybe(Type.Number()),
  frameRate: Maybe(Type.Number()),
  videoCodec: Maybe(Type.String()),
  audioCodec: Maybe(Type.String()),
  playerCompatible: Type.Boolean(),
  createdAt: Stamp,
});

export const TagRefSchema = Type.Object({ id: Uuid, name: Type.String(), color: Type.String() });

/** An asset as the API shows it. Storage keys and paths never appear. */
export const AssetSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  type: Type.String({ pattern: ASSET_TYPE_PATTERN, description: '`image`, `video`, `website`, or a type a module registers (`widget`).' }),
  originalFilename: Type.String({ description: 'Empty for an asset made without a file (a website).' }),
  declaredMimeType: Type.String({ description: 'Empty without a file.' }),
  detectedMimeType: Type.String({ description: 'Empty until the file is inspected, or without a file.' }),
  sha256: Type.String({ description: 'Empty without a file.' }),
  originalSize: Type.Integer({ minimum: 0, description: '0 without a file.' }),
  width: Maybe(Type.Number()),
  height: Maybe(Type.Number()),
  durationSeconds: Maybe(Type.Number()),
  frameRate: Maybe(Type.Number()),
  videoCodec: Maybe(Type.String()),
  audioCodec: Maybe(Type.String()),
  audioChannels: Maybe(Type.Number()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  processingStatus: literals(ASSET_STATUSES),
  processingProgress: Maybe(Type.Number()),
  errorCode: Maybe(Type.String()),
  errorMessage: Maybe(Type.String()),
  createdBy: Nullable(Type.String()),
  createdAt: Stamp,
  updatedAt: Stamp,
  availableFrom: Maybe(Stamp),
  expiresAt: Maybe(Stamp),
  archivedAt: Maybe(Stamp),
  folderId: Maybe(Uuid),
  tags: Type.Array(TagRefSchema),
  collectionIds: Type.Array(Uuid),
  variants: Type.Array(VariantSchema),
  thumbnailUrl: Maybe(Type.String()),
});
export type AssetView = Static<typeof AssetSchema>;

export interface AssetExtras {
  tags?: Static<typeof TagRefSchema>[];
  collectionIds?: string[];
}

export function variantView(v: VariantRow): Static<typeof VariantSchema> {
  return {
    id: v.id,
    kind: v.kind,
    mimeType: v.mime_type,
    fileSize: Number(v.file_size),
    sha256: v.sha256,
    ...present({
      width: v.width,
      height: v.height,
      durationSeconds: v.duration_seconds,
      frameRate: v.frame_rate,
      videoCodec: v.video_codec,
      audioCodec: v.audio_codec,
    }),
    playerCompatible: v.player_compatible,
    createdAt: v.created_at.toISOString(),
  };
}

export function assetView(a: AssetRow, variants: VariantRow[], extras: AssetExtras = {}): AssetView {
  const hasPreview = variants.some((v) => v.kind === 'thumbnail' || v.kind === 'poster');
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    type: a.type,
    originalFilename: a.original_filename ?? '',
    declaredMimeType: a.declared_mime_type ?? '',
    detectedMimeType: a.detected_mime_type ?? '',
    sha256: a.sha256 ?? '',
    originalSize: a.original_size === null ? 0 : Number(a.original_size),
    ...present({
      width: a.width,
      height: a.height,
      durationSeconds: a.duration_seconds,
      frameRate: a.frame_rate,
      videoCodec: a.video_codec,
      audioCodec: a.audio_codec,
      audioChannels: a.audio_channels,
      processingProgress: a.processing_progress,
      errorCode: a.error_code,
      errorMessage: a.error_message,
      availableFrom: isoOrNull(a.available_from),
      expiresAt: isoOrNull(a.expires_at),
      archivedAt: isoOrNull(a.archived_at),
      folderId: a.folder_id,
      thumbnailUrl: hasPreview ? `/api/v1/assets/${a.id}/thumbnail` : null,
    }),
    metadata: a.metadata,
    processingStatus: a.processing_status,
    createdBy: a.created_by,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
    tags: extras.tags ?? [],
    collectionIds: extras.collectionIds ?? [],
    variants: variants.map(variantView),
  };
}

import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { invalidInput } from '../../../kernel/errors.js';
import type { ItemWrite } from '../items/playlist-items.repository.js';
import type { ItemRow, TagRule } from '../playlists.models.js';

const L = Type.Literal;
// A pattern, not a format: Value.Check knows no formats unless registered.
const Id = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

// The reference's playlist snapshot (its `playlistSnapshot`), with our item fields.
const DocumentItemSchema = Type.Object({
  id: Id,
  assetId: Type.Optional(Id),
  layoutId: Type.Optional(Id),
  position: Type.Integer({ minimum: 0 }),
  durationMs: Type.Optional(Type.Integer({ minimum: 1 })),
  fitMode: Type.Union([L('contain'), L('cover'), L('stretch')]),
  transition: Type.Union([L('none'), L('fade'), L('crossfade')]),
  audioEnabled: Type.Boolean(),
  volume: Type.Number({ minimum: 0, maximum: 1 }),
  deliveryPolicy: Type.Union([L('download'), L('stream'), L('automatic')]),
  usePlayerDefaults: Type.Boolean(),
  // Optional: documents frozen before trims existed have none.
  videoStartOffsetMs: Type.Optional(Type.Integer({ minimum: 0 })),
  videoEndOffsetMs: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type DocumentItem = Static<typeof DocumentItemSchema>;

const PlaylistDocumentSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  sourceType: Type.Union([L('static'), L('tag')]),
  tagMatch: Type.Union([L('any'), L('all')]),
  tagImageDurationMs: Type.Integer({ minimum: 1000, maximum: 86_400_000 }),
  items: Type.Array(DocumentItemSchema),
  tagIds: Type.Array(Id),
});

/** A playlist's whole definition frozen as one document: what a submission keeps and a publication records. */
export type PlaylistDocument = Static<typeof PlaylistDocumentSchema>;

// What a playlist without a tag rule says of one (the console's defaults for a new tag playlist).
const NO_RULE = { match: 'any', imageDurationMs: 10_000 } as const;

const documentItem = (row: ItemRow, position: number): DocumentItem => ({
  id: row.id,
  ...(row.asset_id ? { assetId: row.asset_id } : {}),
  ...(row.layout_id ? { layoutId: row.layout_id } : {}),
  position,
  ...(row.duration_ms !== null ? { durationMs: row.duration_ms } : {}),
  fitMode: row.fit_mode,
  transition: row.transition,
  audioEnabled: row.audio_enabled,
  volume: row.volume,
  deliveryPolicy: row.delivery_policy,
  usePlayerDefaults: row.use_player_defaults,
  ...(row.video_start_offset_ms !== null ? { videoStartOffsetMs: row.video_start_offset_ms } : {}),
  ...(row.video_end_offset_ms !== null ? { videoEndOffsetMs: row.video_end_offset_ms } : {}),
});

/** The document of a draft (or of published rows): its fields, its tag rule and its items in play order. */
export function documentOf(playlist: { name: string; description: string; tag_rule: TagRule | null }, items: ItemRow[]): PlaylistDocument {
  const rule = playlist.tag_rule;
  return {
    name: playlist.name,
    description: playlist.description,
    sourceType: rule?.enabled ? 'tag' : 'static',
    tagMatch: rule?.match ?? NO_RULE.match,
    tagImageDurationMs: rule?.imageDurationMs ?? NO_RULE.imageDurationMs,
    items: items.map(documentItem),
    // Sorted: the order of a rule's tags means nothing, so two equal rules freeze alike.
    tagIds: [...(rule?.tagIds ?? [])].sort(),
  };
}

/** The document checked: 422 `playlist_validation_failed` when it is not a playlist's. */
export function checkedDocument(document: Record<string, unknown>): PlaylistDocument {
  if (!Value.Check(PlaylistDocumentSchema, document)) throw invalidInput('playlist_validation_failed', 'This is not a playlist document.', 'document');
  const ids = document.items.map((i) => i.id);
  if (new Set(ids).size !== ids.length || document.items.some((i) => (i.assetId === undefined) === (i.layoutId === undefined))) {
    throw invalidInput('playlist_validation_failed', 'Each item names exactly one asset or layout, under an id of its own.', 'document/items');
  }
  return document;
}

/** The tag rule a document describes; none when it is static and says nothing of one. */
export function tagRuleOf(document: PlaylistDocument): TagRule | null {
  const { sourceType, tagMatch: match, tagImageDurationMs: imageDurationMs, tagIds } = document;
  if (sourceType === 'static' && !tagIds.length && match === NO_RULE.match && imageDurationMs === NO_RULE.imageDurationMs) return null;
  return { enabled: sourceType === 'tag', match, imageDurationMs, tagIds };
}

/** A document's items as rows are written, in its order and with their ids. */
export const itemWrites = (items: DocumentItem[]): ItemWrite[] =>
  [...items]
    .sort((a, b) => a.position - b.position)
    .map((i) => ({
      id: i.id,
      asset_id: i.assetId ?? null,
      layout_id: i.layoutId ?? null,
      duration_ms: i.durationMs ?? null,
      fit_mode: i.fitMode,
      transition: i.transition,
      audio_enabled: i.audioEnabled,
      volume: i.volume,
      delivery_policy: i.deliveryPolicy,
      use_player_defaults: i.usePlayerDefaults,
      video_start_offset_ms: i.videoStartOffsetMs ?? null,
      video_end_offset_ms: i.videoEndOffsetMs ?? null,
    }));

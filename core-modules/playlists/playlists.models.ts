import { TableModel } from '../../kernel/db/table-model.js';

/** A playlist's tag rule: it plays the ready assets with any (or all) of these tags, after its manual items. */
export interface TagRule {
  enabled: boolean;
  match: 'any' | 'all';
  imageDurationMs: number;
  tagIds: string[];
}

export interface PlaylistRow {
  id: string;
  name: string;
  description: string;
  revision: number;
  tag_rule: TagRule | null;
  /** The module that made it for itself and keeps it (hidden from the list, not changed by people); null for people's own. */
  managed_by: string | null;
  created_at: Date;
  updated_at: Date;
  item_count: number;
}

/** A playlist's row as stored (without its item count). */
export type StoredPlaylist = Omit<PlaylistRow, 'item_count'>;

export type PlaylistValues = Partial<Pick<PlaylistRow, 'name' | 'description'>>;

export interface ItemRow {
  id: string;
  playlist_id: string;
  position: number;
  /** Exactly one of asset_id and layout_id. */
  asset_id: string | null;
  layout_id: string | null;
  duration_ms: number | null;
  fit_mode: 'contain' | 'cover' | 'stretch';
  transition: 'none' | 'fade' | 'crossfade';
  audio_enabled: boolean;
  volume: number;
  delivery_policy: 'download' | 'stream' | 'automatic';
  use_player_defaults: boolean;
  /** Videos only: where playback starts and stops, ms into the file; null from the beginning, to the end. */
  video_start_offset_ms: number | null;
  video_end_offset_ms: number | null;
}

type Defaulted = 'use_player_defaults' | 'layout_id' | 'video_start_offset_ms' | 'video_end_offset_ms';
// These columns have defaults (false, null), so writers that predate them need not name them.
export type ItemValues = Omit<ItemRow, 'id' | 'playlist_id' | 'position' | Defaulted> & Partial<Pick<ItemRow, Defaulted>>;

/** A playlist's working draft (`playlist_drafts`), what people edit until it is published. */
export interface DraftRow {
  playlist_id: string;
  name: string;
  description: string;
  tag_rule: TagRule | null;
  revision: number;
  /** The draft revision the published rows were made from. */
  published_draft_revision: number;
  updated_by: string | null;
  updated_at: Date;
}

/** A draft read with its playlist: the published revision, creation time, keeper and manual item count. */
export interface DraftPlaylistRow extends PlaylistRow {
  draft_revision: number;
  published_draft_revision: number;
}

/** A published revision's frozen document (`playlist_revisions`). */
export interface RevisionRow {
  id: string;
  playlist_id: string;
  revision: number;
  document: Record<string, unknown>;
  published_by: string | null;
  created_at: Date;
}

export interface AssignmentRow {
  screen_id: string;
  content_type: string;
  content_id: string;
  assigned_at: Date;
}

/** A row of `playlists`. Its tag rule is a json document. */
export class PlaylistModel extends TableModel {
  static override tableName = 'playlists';
  static override jsonAttributes = ['tag_rule'];
}
export interface PlaylistModel extends StoredPlaylist {}

/** A row of `playlist_items`: one asset at one position of a playlist. */
export class PlaylistItemModel extends TableModel {
  static override tableName = 'playlist_items';
}
export interface PlaylistItemModel extends ItemRow {}

/** A row of `playlist_draft_items`: one item of a playlist's working draft (its id kept when published). */
export class PlaylistDraftItemModel extends TableModel {
  static override tableName = 'playlist_draft_items';
}
export interface PlaylistDraftItemModel extends ItemRow {}

/** A row of `playlist_drafts`. Its tag rule is a json document. */
export class PlaylistDraftModel extends TableModel {
  static override tableName = 'playlist_drafts';
  static override idColumn = 'playlist_id';
  static override jsonAttributes = ['tag_rule'];
}
export interface PlaylistDraftModel extends DraftRow {}

/** A row of `playlist_revisions`. */
export class PlaylistRevisionModel extends TableModel {
  static override tableName = 'playlist_revisions';
  static override jsonAttributes = ['document'];
}
export interface PlaylistRevisionModel extends RevisionRow {}

/** A row of `screen_playlist_assignments`: the playlist a screen plays (one per screen). */
export class AssignmentModel extends TableModel {
  static override tableName = 'screen_playlist_assignments';
  static override idColumn = 'screen_id';
}
export interface AssignmentModel extends AssignmentRow {}

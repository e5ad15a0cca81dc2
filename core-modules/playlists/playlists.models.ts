import { TableModel } from '../../kernel/db/table-model.js';
import type { AssignmentRow } from './assignments.repository.js';
import type { ItemRow } from './playlist-items.repository.js';
import type { PlaylistRow } from './playlists.repository.js';

/** A row of `playlists`. Its tag rule is a json document. */
export class PlaylistModel extends TableModel {
  static override tableName = 'playlists';
  static override jsonAttributes = ['tag_rule'];
}
export interface PlaylistModel extends Omit<PlaylistRow, 'item_count'> {}

/** A row of `playlist_items`: one asset at one position of a playlist. */
export class PlaylistItemModel extends TableModel {
  static override tableName = 'playlist_items';
}
export interface PlaylistItemModel extends ItemRow {}

/** A row of `screen_playlist_assignments`: the playlist a screen plays (one per screen). */
export class AssignmentModel extends TableModel {
  static override tableName = 'screen_playlist_assignments';
  static override idColumn = 'screen_id';
}
export interface AssignmentModel extends AssignmentRow {}

import { atLeast, type Role } from '../auth/roles';

/** What a role may do with playlists, as the API's routes allow it. */
export interface PlaylistRights {
  /** Create, duplicate and change playlists, their items and tag rule: contributors and above. */
  edit: boolean;
  /** Delete a playlist: editors and above. */
  delete: boolean;
  /** Publish the draft (or roll back to an earlier publication): editors and above; contributors submit it for review. */
  publish: boolean;
}

export const playlistRights = (role: Role | undefined): PlaylistRights => ({
  edit: atLeast(role, 'contributor'),
  delete: atLeast(role, 'editor'),
  publish: atLeast(role, 'editor'),
});

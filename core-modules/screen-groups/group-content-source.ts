import type { ContentSource } from '../player/player.api.js';
import type { PlaylistLibrary } from '../playlists/playlists.api.js';
import type { GroupsRepository } from './groups.repository.js';

/**
 * The group's playlist, for members with none of their own: it ranks just below the screen's own
 * assignment (100), so the precedence stays in the player's one rule.
 */
export function groupContentSource(d: { groupsRepository: GroupsRepository; playlistLibrary: PlaylistLibrary }): ContentSource {
  return {
    name: 'screen-groups.assignment',
    rank: 90,
    plugin: 'screen-groups',
    keysFor: (screenIds) => d.groupsRepository.groupPlaylistsOf(screenIds),
    content: (playlistId) => d.playlistLibrary.content(playlistId),
  };
}

import type { ContentSource } from '../../player/player.api.js';
import { parseRefKey } from '../../player/player.api.js';
import type { PlaylistsBaseDeps } from '../playlists-base-deps.js';

type Deps = Pick<PlaylistsBaseDeps, 'assignmentsRepository' | 'contentKinds'>;

/** The content assigned to the screen itself (a playlist or another kind): the first content source, keyed by `<type>:<id>`. */
export function assignmentContentSource(d: Deps): ContentSource {
  return {
    name: 'playlists.assignment',
    rank: 100,
    plugin: 'playlists',
    keysFor: (screenIds) => d.assignmentsRepository.contentOf(screenIds),
    content: (key, memo) => d.contentKinds.content(parseRefKey(key), memo),
  };
}

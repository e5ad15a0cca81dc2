import type { ServedFile } from '../media/media.api.js';
import type { ContentKinds, ContentSource, ManifestItem, SourceContent } from '../player/player.api.js';
import { parseRefKey } from '../player/player.api.js';
import type { AssignmentsRepository } from './assignments.repository.js';
import type { ItemView, PlaylistView } from './playlist-schemas.js';

interface Deps {
  assignmentsRepository: AssignmentsRepository;
  contentKinds: ContentKinds;
}

const manifestItem = (item: ItemView, file: ServedFile): ManifestItem => ({
  id: item.id,
  assetId: item.assetId,
  variantId: file.variantId,
  assetType: file.assetType,
  durationMs: item.durationMs,
  fitMode: item.fitMode,
  transition: item.transition,
  audioEnabled: item.audioEnabled,
  volume: item.volume,
  deliveryPolicy: item.deliveryPolicy,
  availableFrom: file.availableFrom,
  expiresAt: file.expiresAt,
});

/**
 * A playlist as a screen plays it, given the files served for its assets: items whose asset is not served (not ready, archived, no file
 * a player can use) are left out rather than sent for the player to fail on.
 */
export function playlistContent(playlist: PlaylistView, served: Map<string, ServedFile>): SourceContent {
  const items = playlist.items.flatMap((item) => {
    const file = served.get(item.assetId);
    return file ? [manifestItem(item, file)] : [];
  });
  const files = [...new Set(items.map((i) => i.assetId))].map((id) => served.get(id)!);
  return { playlist: { id: playlist.id, revision: playlist.revision, name: playlist.name, items }, files };
}

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

import type { ManifestAsset, ManifestContent, ManifestPlaylist } from '../../player/player.api.js';

/**
 * A wall member's manifest with each video replaced as `panels` says (by asset id): by the file of
 * the screen's panel, or by nothing while the wall's panels of it are not all ready (withheld, so
 * no panel shows the whole picture, and every member's playlist stays the same length for the
 * sync group). Items follow their file; assets not named are left as they are. Pure.
 */
export function withPanelFiles(content: ManifestContent, panels: Map<string, ManifestAsset | null>): ManifestContent {
  if (!panels.size) return content;
  const swapPlaylist = (playlist: ManifestPlaylist): ManifestPlaylist => ({
    ...playlist,
    items: playlist.items.flatMap((item) => {
      if (!panels.has(item.assetId)) return [item];
      const panel = panels.get(item.assetId);
      return panel ? [{ ...item, variantId: panel.variantId }] : [];
    }),
  });
  return {
    ...content,
    ...(content.playlist ? { playlist: swapPlaylist(content.playlist) } : {}),
    ...(content.directFallbackPlaylist ? { directFallbackPlaylist: swapPlaylist(content.directFallbackPlaylist) } : {}),
    playlists: content.playlists.map(swapPlaylist),
    assets: content.assets.flatMap((asset) => {
      if (!panels.has(asset.assetId)) return [asset];
      const panel = panels.get(asset.assetId);
      return panel ? [panel] : [];
    }),
  };
}

/** The videos among a manifest's files: what a wall cuts into panels (players crop images themselves). */
export const videosOf = (content: ManifestContent) => content.assets.filter((a) => a.mimeType.startsWith('video/'));

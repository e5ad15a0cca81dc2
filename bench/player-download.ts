import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedPlaylist } from './content.js';
import { createStoredAsset } from './file-download.js';
import { enrollFleet } from './fleet.js';
import type { BenchKernel } from './support.js';

/**
 * A stored video of `bytes` random bytes on the playlist of an enrolled screen (the player route
 * serves only what the screen's manifest lists): the URL a player downloads it from, its
 * credential, and the stored file's local path (for a baseline, when media is on the local disk).
 */
export async function playerDownload(server: BenchKernel, bytes: number): Promise<{ url: string; device: Record<string, string>; path: string }> {
  const media = server.kernel.containerOf('media').cradle as MediaDeps;
  const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
  const player = server.kernel.containerOf('player').cradle as PlayerDeps;
  const asset = await createStoredAsset(media, bytes);
  const playlistId = await seedPlaylist(playlists, 'Bench downloads', [asset.id], 1);
  const [screen] = await enrollFleet(server, 1);
  await playlists.assignmentsRepository.assign(screen!.screenId, { contentType: 'playlist', contentId: playlistId });
  const listed = (await player.manifestService.content(screen!.screenId)).assets.find((a) => a.assetId === asset.id);
  if (!listed) throw new Error('the asset is not in the screen’s manifest');
  return { url: `${server.url}${listed.downloadPath}`, device: { authorization: `Bearer ${screen!.credential}` }, path: asset.path };
}

import { randomUUID } from 'node:crypto';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { sha256 } from '../kernel/secrets.js';

/** Ready library assets as processing leaves them (rows only: the manifest never opens the files). */
export async function seedAssets(media: MediaDeps, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const digest = sha256(id);
    await media.assetsRepository.insertWithId(id, {
      name: `bench asset ${i}`,
      type: 'image',
      original_filename: `bench-${i}.png`,
      declared_mime_type: 'image/png',
      detected_mime_type: 'image/png',
      sha256: digest,
      original_size: 1024,
      processing_status: 'ready',
      folder_id: null,
    });
    await media.assetsRepository.upsertVariant(id, {
      kind: 'original',
      storage_key: `bench/${id}.png`,
      mime_type: 'image/png',
      file_size: 1024,
      sha256: digest,
      player_compatible: true,
    });
    ids.push(id);
  }
  return ids;
}

/** A playlist of `items` items, cycling through `assetIds`. */
export async function seedPlaylist(playlists: PlaylistsDeps, name: string, assetIds: string[], items: number): Promise<string> {
  const playlistId = await playlists.playlistsRepository.insert({ name, description: '', tag_rule: null });
  await playlists.db.transaction(async (trx) => {
    for (let i = 0; i < items; i++) {
      await playlists.playlistItemsRepository.append(
        playlistId,
        {
          asset_id: assetIds[i % assetIds.length]!,
          duration_ms: 10_000,
          fit_mode: 'contain',
          transition: 'none',
          audio_enabled: false,
          volume: 1,
          delivery_policy: 'download',
        },
        trx,
      );
    }
  });
  return playlistId;
}

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

/** A published playlist of `items` items, cycling through `assetIds` (its draft the same, as a module-kept playlist is written). */
export async function seedPlaylist(playlists: PlaylistsDeps, name: string, assetIds: string[], items: number): Promise<string> {
  return playlists.db.transaction(async (trx) => {
    const fields = { name, description: '', tag_rule: null };
    const playlistId = await playlists.playlistsRepository.insert(fields, trx);
    await playlists.draftsRepository.insert(playlistId, fields, { revision: 1, published: 1 }, null, trx);
    const rows = Array.from({ length: items }, (_, i) => ({
      id: randomUUID(),
      asset_id: assetIds[i % assetIds.length]!,
      layout_id: null,
      duration_ms: 10_000,
      fit_mode: 'contain' as const,
      transition: 'none' as const,
      audio_enabled: false,
      volume: 1,
      delivery_policy: 'download' as const,
    }));
    await playlists.playlistItemsRepository.replaceAll(playlistId, rows, trx);
    await playlists.draftItemsRepository.replaceAll(playlistId, rows, trx);
    return playlistId;
  });
}

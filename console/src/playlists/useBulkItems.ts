import { useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../api/client';
import { notifyFailed } from '../common/notify';
import { itemInputOf, optimistic } from './bulk-items';
import type { Playlist, PlaylistItem } from './types';
import { useShowPlaylist } from './usePlaylist';

/**
 * Replaces a playlist's manual items at once (PUT …/items/bulk). The editor shows the result
 * before the server answers; a refusal puts back what was there and says why.
 */
export function useBulkItems(playlist: Playlist) {
  const client = useQueryClient();
  const show = useShowPlaylist();
  const key = $api.queryOptions('get', '/api/v1/playlists/{id}', { params: { path: { id: playlist.id } } }).queryKey;
  return async (manual: PlaylistItem[]): Promise<boolean> => {
    await client.cancelQueries({ queryKey: key });
    const before = client.getQueryData(key);
    client.setQueryData(key, { data: optimistic(playlist, manual) });
    const { data, error } = await api.PUT('/api/v1/playlists/{id}/items/bulk', {
      params: { path: { id: playlist.id } },
      body: { items: manual.map(itemInputOf) },
    });
    if (data) {
      await show(data.data);
      return true;
    }
    client.setQueryData(key, before);
    notifyFailed(error);
    return false;
  };
}

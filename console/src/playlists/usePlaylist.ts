import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../api/client';
import { showAnswer } from '../api/showAnswer';
import type { Playlist } from './types';

const init = (id: string) => ({ params: { path: { id } } });

/** The playlist the editor shows, from GET /api/v1/playlists/{id}. */
export const usePlaylist = (id: string) => $api.useQuery('get', '/api/v1/playlists/{id}', init(id));

/**
 * Every change to a playlist answers with the whole playlist: it replaces the editor's copy at once,
 * and the list (counts, updated) is asked again.
 */
export function useShowPlaylist() {
  const client = useQueryClient();
  return async (playlist: Playlist) => {
    await showAnswer(client, $api.queryOptions('get', '/api/v1/playlists/{id}', init(playlist.id)).queryKey, { data: playlist });
    void client.invalidateQueries({ queryKey: ['get', '/api/v1/playlists'] });
  };
}

/** Reads the playlist again from the server (after a refused change, to show what is true now). */
export function useReloadPlaylist() {
  const client = useQueryClient();
  return (id: string) => client.invalidateQueries({ queryKey: $api.queryOptions('get', '/api/v1/playlists/{id}', init(id)).queryKey });
}

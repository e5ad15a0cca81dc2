import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';
import { PlaylistUsage } from './PlaylistUsage';

/**
 * Asks before deleting a playlist, showing where it plays; the server refuses (409) while something
 * plays it, and the console says so.
 */
export function useConfirmDeletePlaylist(onDeleted?: () => void) {
  const { t } = useTranslation('playlists');
  const client = useQueryClient();

  const remove = async (playlist: { id: string; name: string }) => {
    const { error } = await api.DELETE('/api/v1/playlists/{id}', { params: { path: { id: playlist.id } } });
    if (error) {
      const inUse = errorCode(error) === 'playlist_conflict';
      notifyFailed(error, inUse ? t('delete.refused', { reason: errorMessage(error, '') }) : undefined);
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/playlists/{id}'] });
      return;
    }
    notifyDone(t('delete.deleted', { name: playlist.name }));
    client.removeQueries({ queryKey: ['get', '/api/v1/playlists/{id}', { params: { path: { id: playlist.id } } }] });
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/playlists'] });
    onDeleted?.();
  };

  return (playlist: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: playlist.name }),
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('delete.body')}</Text>
          <PlaylistUsage id={playlist.id} warn />
        </Stack>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(playlist),
    });
}

import { Alert, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { QueryError } from '../common/QueryError';
import { LastContact } from './LastContact';

const ASSIGNMENT = ['get', '/api/v1/screens/{id}/playlist-assignment'] as const;

/** The playlist the screen plays: chosen here, and whether the player has caught up with it. */
export function PlaylistAssignment({ screenId, canEdit }: { screenId: string; canEdit: boolean }) {
  const { t } = useTranslation(['screens', 'common']);
  const client = useQueryClient();
  const init = { params: { path: { id: screenId } } };
  const assignment = $api.useQuery(...ASSIGNMENT, init, { refetchInterval: 10_000 });
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const assign = $api.useMutation('put', '/api/v1/screens/{id}/playlist-assignment');
  const remove = $api.useMutation('delete', '/api/v1/screens/{id}/playlist-assignment');
  const current = assignment.data?.data;
  const [choice, setChoice] = useState<string | null>(null);
  useEffect(() => setChoice(current?.playlistId ?? null), [current?.playlistId]);

  if (assignment.error) return <QueryError error={assignment.error} />;
  const refresh = () => client.invalidateQueries({ queryKey: [ASSIGNMENT[0], ASSIGNMENT[1]] });
  const options = (playlists.data?.data.items ?? []).map((p) => ({ value: p.id, label: p.name }));

  const save = async () => {
    if (!choice) return;
    try {
      const saved = await assign.mutateAsync({ ...init, body: { playlistId: choice } });
      await refresh();
      notifications.show({ color: 'green', message: t('assignment.assigned', { name: saved.data.playlistName ?? '' }) });
    } catch {
      // said below
    }
  };
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('assignment.removeTitle'),
      children: <Text size="sm">{t('assignment.removeBody')}</Text>,
      labels: { confirm: t('assignment.remove'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(init);
          notifications.show({ message: t('assignment.removed') });
        } catch (error) {
          notifications.show({ color: 'red', message: errorMessage(error, t('common:errors.network')) });
        }
        await refresh();
      },
    });

  const error = assign.error ?? playlists.error;
  return (
    <Stack maw={640}>
      <Title order={2} size="h4">
        {t('assignment.title')}
      </Title>
      <Text>{current?.playlistName ? t('assignment.current', { name: current.playlistName }) : t('assignment.none')}</Text>
      {current && (
        <Group gap="xs">
          <Text size="sm">{t('assignment.sync')}:</Text>
          <Badge variant="light" color={current.synchronizationStatus === 'current' ? 'green' : 'gray'} radius="sm">
            {t(`assignment.syncStatus.${current.synchronizationStatus}`)}
          </Badge>
          {current.assignedAt && (
            <Text size="sm">
              {t('assignment.assignedAt')}: <LastContact at={current.assignedAt} />
            </Text>
          )}
        </Group>
      )}
      {canEdit ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('assignment.playlist')}
            placeholder={t('assignment.choose')}
            data={options}
            value={choice}
            onChange={setChoice}
            searchable
            style={{ flex: '1 1 240px' }}
          />
          <Button onClick={save} loading={assign.isPending} disabled={!choice || choice === current?.playlistId}>
            {t('assignment.assign')}
          </Button>
          {current?.playlistId && (
            <Button variant="default" color="red" onClick={confirmRemove}>
              {t('assignment.remove')}
            </Button>
          )}
        </Group>
      ) : (
        <Alert color="gray">{t('detail.readOnly')}</Alert>
      )}
      {error && <QueryError error={error} />}
    </Stack>
  );
}

import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { exactTime } from '../screens/dates';
import type { ScreenGroup } from './types';

const AUTOMATIC = 'automatic';

/** What the members play when they have nothing of their own, and how they keep in step: the shared start and the preferred gateway. */
export function GroupContent({ group, canEdit }: { group: ScreenGroup; canEdit: boolean }) {
  const { t } = useTranslation(['groups', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/screen-groups') });
  const path = { params: { path: { id: group.id } } };
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const assign = $api.useMutation('put', '/api/v1/screen-groups/{id}/playlist-assignment', { onSettled: refresh });
  const unassign = $api.useMutation('delete', '/api/v1/screen-groups/{id}/playlist-assignment', { onSettled: refresh });
  const update = $api.useMutation('patch', '/api/v1/screen-groups/{id}', { onSettled: refresh });
  const [choice, setChoice] = useState<string | null>(group.playlistId ?? null);
  useEffect(() => setChoice(group.playlistId ?? null), [group.playlistId]);
  const options = (playlists.data?.data.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  const gateway = group.presentationGatewayScreenId ?? AUTOMATIC;

  const save = async () => {
    if (!choice) return;
    try {
      const saved = await assign.mutateAsync({ ...path, body: { playlistId: choice } });
      notifyDone(t('content.assigned', { name: saved.data.playlistName ?? '' }));
    } catch (error) {
      notifyFailed(error);
    }
  };
  const clear = async () => {
    try {
      await unassign.mutateAsync(path);
      notifyDone(t('content.cleared'));
    } catch (error) {
      notifyFailed(error);
    }
  };
  const setGateway = async (value: string | null) => {
    if (!value || value === gateway) return;
    try {
      await update.mutateAsync({ ...path, body: value === AUTOMATIC ? { clearPresentationGateway: true } : { presentationGatewayScreenId: value } });
      notifyDone(t('sync.gatewaySaved'));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Stack maw={640} gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('content.title')}
        </Title>
        <Text size="sm">{t('content.intro')}</Text>
        <Text>{group.playlistName ? t('content.current', { name: group.playlistName, kind: group.presentationType ?? 'playlist' }) : t('content.none')}</Text>
        {canEdit && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('content.playlist')}
              placeholder={t('content.choose')}
              data={options}
              value={choice}
              onChange={setChoice}
              searchable
              style={{ flex: '1 1 240px' }}
            />
            <Button onClick={() => void save()} loading={assign.isPending} disabled={!choice || choice === group.playlistId}>
              {t('content.assign')}
            </Button>
            {group.presentationType && (
              <Button variant="default" color="red" loading={unassign.isPending} onClick={() => void clear()}>
                {t('content.clear')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sync.title')}
        </Title>
        <Text size="sm">{t('sync.intro')}</Text>
        <Text>{t('sync.epoch', { at: exactTime(group.playbackEpoch) })}</Text>
        <Select
          label={t('sync.gateway')}
          description={t('sync.gatewayHint')}
          data={[{ value: AUTOMATIC, label: t('sync.automatic') }, ...group.screens.map((s) => ({ value: s.id, label: s.name }))]}
          value={gateway}
          allowDeselect={false}
          disabled={!canEdit || update.isPending}
          onChange={(v) => void setGateway(v)}
        />
        {!canEdit && <Alert color="gray">{t('readOnly')}</Alert>}
      </Stack>
    </Stack>
  );
}

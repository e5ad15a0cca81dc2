import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { isUnavailable } from './NetworksUnavailable';
import { ReadinessBadge } from './ReadinessBadge';

const READINESS = ['get', '/api/v1/screens/{id}/presentation-network'] as const;

/**
 * A screen's presentation network on its page: the readiness, and for administrators of a Linux
 * screen the network to use. Nothing is shown when the server has no networks key.
 */
export function ScreenNetworkSection({ screenId, canEdit }: { screenId: string; canEdit: boolean }) {
  const { t } = useTranslation('networks');
  const client = useQueryClient();
  const init = { params: { path: { id: screenId } } };
  const readiness = $api.useQuery(...READINESS, init, { retry: false });
  const r = readiness.data?.data;
  const networks = $api.useQuery('get', '/api/v1/presentation-networks', {}, { enabled: canEdit && r?.applicable === true, retry: false });
  const refresh = () => client.invalidateQueries({ queryKey: [READINESS[0], READINESS[1]] });
  const assign = $api.useMutation('put', '/api/v1/screens/{id}/presentation-network', { onSettled: refresh });
  const remove = $api.useMutation('delete', '/api/v1/screens/{id}/presentation-network', { onSettled: refresh });
  const [choice, setChoice] = useState<string | null>(null);

  if (isUnavailable(readiness.error)) return null;
  if (readiness.error) return <QueryError error={readiness.error} />;
  if (!r) return null;
  const use = async () => {
    if (!choice) return;
    try {
      const saved = await assign.mutateAsync({ ...init, body: { presentationNetworkId: choice } });
      notifyDone(t('screenSection.assigned', { name: saved.data.presentationNetworkName ?? '' }));
    } catch {
      // said below
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(init);
      notifyDone(t('screenSection.removed'));
    } catch {
      // said below
    }
  };
  return (
    <Stack component="section" aria-labelledby="screen-network" gap="xs" maw={640}>
      <Title order={2} size="h4" id="screen-network">
        {t('screenSection.title')}
      </Title>
      <Text size="sm">{r.presentationNetworkName ?? t('screenSection.none')}</Text>
      <ReadinessBadge readiness={r} />
      {!r.applicable ? (
        <Text size="sm">{t('screenSection.linuxOnly')}</Text>
      ) : (
        canEdit &&
        networks.data && (
          <Group align="flex-end">
            <Select
              label={t('screenSection.choose')}
              data={networks.data.data.items.map((n) => ({ value: n.id, label: n.name }))}
              value={choice ?? r.presentationNetworkId ?? null}
              onChange={setChoice}
              style={{ flex: '0 1 280px' }}
            />
            <Button onClick={() => void use()} loading={assign.isPending} disabled={!choice || choice === r.presentationNetworkId}>
              {t('screenSection.assign')}
            </Button>
            {r.presentationNetworkId && (
              <Button variant="default" onClick={() => void drop()} loading={remove.isPending}>
                {t('screenSection.remove')}
              </Button>
            )}
          </Group>
        )
      )}
      {(assign.error ?? remove.error) && <QueryError error={assign.error ?? remove.error} />}
    </Stack>
  );
}

import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';
import { ReadinessBadge } from './ReadinessBadge';
import { NETWORKS_PATH } from './types';

type Assignment = DataOf<'/api/v1/presentation-networks/{id}', 'get'>['assignments'][number];

/** The Linux screens that use the network, each with its readiness and a test. */
export function NetworkScreens({ networkId, assignments }: { networkId: string; assignments: Assignment[] }) {
  const { t } = useTranslation(['networks', 'common']);
  const client = useQueryClient();
  const refresh = () =>
    client.invalidateQueries({
      predicate: (q) => String(q.queryKey[1]).startsWith(NETWORKS_PATH) || q.queryKey[1] === '/api/v1/screens/{id}/presentation-network',
    });
  const replace = $api.useMutation('put', '/api/v1/presentation-networks/{id}/screens', { onSettled: refresh });
  const test = $api.useMutation('post', '/api/v1/presentation-networks/{id}/test');
  const [chosen, setChosen] = useState(assignments.map((a) => a.screenId));
  const readiness = useQueries({
    queries: assignments.map((a) => $api.queryOptions('get', '/api/v1/screens/{id}/presentation-network', { params: { path: { id: a.screenId } } })),
  });

  const save = async () => {
    try {
      await replace.mutateAsync({ params: { path: { id: networkId } }, body: { screenIds: chosen } });
      notifyDone(t('detail.screensSaved'));
    } catch {
      // said below the field
    }
  };
  const sendTest = async (a: Assignment) => {
    try {
      await test.mutateAsync({ params: { path: { id: networkId } }, body: { screenId: a.screenId } });
      notifyDone(t('detail.testSent', { name: a.screenName }));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Stack component="section" aria-labelledby="network-screens" gap="sm">
      <Title order={2} size="h4" id="network-screens">
        {t('detail.screens')}
      </Title>
      <Group align="flex-end">
        <ScreenMultiSelect
          label={t('detail.screens')}
          description={t('detail.screensHint')}
          maxValues={500}
          offers={(screen) => screen.platform === 'linux'}
          knownNames={Object.fromEntries(assignments.map((a) => [a.screenId, a.screenName]))}
          value={chosen}
          onChange={setChosen}
          style={{ flex: '1 1 320px' }}
        />
        <Button onClick={() => void save()} loading={replace.isPending}>
          {t('detail.saveScreens')}
        </Button>
      </Group>
      {replace.error && <QueryError error={replace.error} />}
      {assignments.length === 0 ? (
        <Text c="dimmed">{t('detail.noScreens')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.screen')}</Table.Th>
                <Table.Th>{t('detail.readiness')}</Table.Th>
                <Table.Th>{t('detail.test')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assignments.map((a, i) => {
                const r = readiness[i]?.data?.data;
                return (
                  <Table.Tr key={a.screenId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/screens/${a.screenId}`}>
                        {a.screenName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r ? <ReadinessBadge readiness={r} /> : t('common:loading')}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => void sendTest(a)} aria-label={t('detail.testLabel', { name: a.screenName })}>
                        {t('detail.test')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

import { Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { QueryError } from '../common/QueryError';
import { LastContact } from '../screens/LastContact';
import { DeploymentStatusBadge } from './deployment-badges';
import { NewDeploymentForm } from './NewDeploymentForm';

export type Deployment = DataOf<'/api/v1/update-deployments', 'get'>['items'][number];

/** How far a deployment got: screens updated of all, and those failed or waiting for someone. */
export function DeploymentCounts({ d }: { d: Deployment }) {
  const { t } = useTranslation('playerUpdates');
  return (
    <>
      {t('deployments.counts', { succeeded: String(d.succeededCount), total: String(d.targetCount) })}
      {d.failedCount > 0 && ` · ${t('deployments.failedCount', { count: d.failedCount })}`}
      {d.waitingForUserCount > 0 && ` · ${t('deployments.waitingCount', { count: d.waitingForUserCount })}`}
    </>
  );
}

/** The last 100 deployments, newest first; `update_deployment.changed` events keep them current. */
export function DeploymentsPanel({ canDeploy }: { canDeploy: boolean }) {
  const { t } = useTranslation('playerUpdates');
  const [creating, setCreating] = useState(false);
  const list = $api.useQuery('get', '/api/v1/update-deployments');
  const items = list.data?.data.items ?? [];
  return (
    <Stack component="section" aria-labelledby="update-deployments">
      <Group justify="space-between">
        <Title order={2} size="h4" id="update-deployments">
          {t('deployments.title')}
        </Title>
        {canDeploy && <Button onClick={() => setCreating(true)}>{t('deployments.new')}</Button>}
      </Group>
      {list.error && <QueryError error={list.error} />}
      {list.data && items.length === 0 ? (
        <Text c="dimmed">{t('deployments.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={t('deployments.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deployments.name')}</Table.Th>
                <Table.Th>{t('deployments.release')}</Table.Th>
                <Table.Th>{t('deployments.status')}</Table.Th>
                <Table.Th>{t('deployments.phase')}</Table.Th>
                <Table.Th>{t('deployments.screens')}</Table.Th>
                <Table.Th>{t('deployments.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/player-updates/deployments/${d.id}`}>
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {d.versionName} ({t(`releases.platforms.${d.platform}`)})
                  </Table.Td>
                  <Table.Td>
                    <DeploymentStatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>{t(`deployments.phases.${d.rolloutPhase}`)}</Table.Td>
                  <Table.Td>
                    <DeploymentCounts d={d} />
                  </Table.Td>
                  <Table.Td>
                    <LastContact at={d.createdAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('form.title')} size="lg">
        <NewDeploymentForm onDone={() => setCreating(false)} />
      </Modal>
    </Stack>
  );
}

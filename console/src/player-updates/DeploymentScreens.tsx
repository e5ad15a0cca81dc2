import { Anchor, Badge, Button, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { formatBytes } from '../media/upload-queue';
import { LastContact } from '../screens/LastContact';
import { TargetStateBadge } from './deployment-badges';

type Detail = DataOf<'/api/v1/update-deployments/{id}', 'get'>;
type Target = Detail['screens'][number];

function DownloadCell({ target, total, name }: { target: Target; total: number; name: string }) {
  const { t } = useTranslation('playerUpdates');
  if (target.downloadedBytes === 0) return null;
  const percent = total > 0 ? Math.min(100, Math.round((target.downloadedBytes / total) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t('detail.progressLabel', { screen: name })} />
      <Text size="xs">
        {formatBytes(target.downloadedBytes)} / {formatBytes(total)}
      </Text>
    </Stack>
  );
}

/** Each screen the deployment reaches: canary or not, its state, download and problem; failed ones can be retried. */
export function DeploymentScreens({ deployment, canAct }: { deployment: Detail; canAct: boolean }) {
  const { t } = useTranslation('playerUpdates');
  const client = useQueryClient();
  const retry = $api.useMutation('post', '/api/v1/update-deployments/{id}/screens/{screenId}/retry', {
    onSettled: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/update-deployments') }),
  });
  const retryable = canAct && deployment.status !== 'cancelled';
  const send = async (target: Target, name: string) => {
    try {
      const answer = await retry.mutateAsync({ params: { path: { id: deployment.id, screenId: target.screenId } } });
      notifyDone(answer.data.state === 'offline' ? t('detail.retriedOffline', { screen: name }) : t('detail.retried', { screen: name }));
    } catch (error) {
      notifyFailed(error);
    }
  };
  if (deployment.screens.length === 0) return <Text c="dimmed">{t('detail.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label={t('detail.screens')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.screen')}</Table.Th>
            <Table.Th>{t('detail.state')}</Table.Th>
            <Table.Th>{t('detail.progress')}</Table.Th>
            <Table.Th>{t('detail.error')}</Table.Th>
            <Table.Th>{t('detail.updated')}</Table.Th>
            {retryable && <Table.Th>{t('detail.retry')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deployment.screens.map((s) => {
            const name = s.screenName || t('detail.deleted');
            return (
              <Table.Tr key={s.screenId}>
                <Table.Td>
                  {s.screenName ? (
                    <Anchor component={Link} to={`/screens/${s.screenId}`}>
                      {s.screenName}
                    </Anchor>
                  ) : (
                    name
                  )}{' '}
                  {s.isCanary && (
                    <Badge variant="outline" color="gray" radius="sm">
                      {t('detail.canaryBadge')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <TargetStateBadge state={s.state} />
                </Table.Td>
                <Table.Td>
                  <DownloadCell target={s} total={deployment.artifactSizeBytes} name={name} />
                </Table.Td>
                <Table.Td>{s.safeError ?? ''}</Table.Td>
                <Table.Td>
                  <LastContact at={s.updatedAt} />
                </Table.Td>
                {retryable && (
                  <Table.Td>
                    {s.state === 'failed' && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={retry.isPending && retry.variables?.params.path.screenId === s.screenId}
                        aria-label={t('detail.retryLabel', { screen: name })}
                        onClick={() => void send(s, name)}
                      >
                        {t('detail.retry')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

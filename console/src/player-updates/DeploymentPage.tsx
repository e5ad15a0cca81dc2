import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { BackLink } from '../common/BackLink';
import { exactTime } from '../screens/dates';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { LastContact } from '../screens/LastContact';
import { DeploymentStatusBadge } from './deployment-badges';
import { DeploymentCounts } from './DeploymentsPanel';
import { DeploymentScreens } from './DeploymentScreens';

const RUNNING = ['pending', 'active', 'paused'];

/**
 * One deployment and each screen it reaches. `update_deployment.changed` events make this read stale
 * (events/messages.ts), so progress follows what players report. There is no manual pause or
 * promotion: a failed canary pauses it, and the rest follow once every canary runs the new build.
 */
export function DeploymentPage() {
  const { t } = useTranslation(['playerUpdates', 'common']);
  const { id = '' } = useParams();
  const { role } = useAuthStatus();
  const client = useQueryClient();
  const detail = $api.useQuery('get', '/api/v1/update-deployments/{id}', { params: { path: { id } } });
  const cancel = $api.useMutation('post', '/api/v1/update-deployments/{id}/cancel', {
    onSettled: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/update-deployments') }),
  });
  const back = <BackLink to="/player-updates">{t('detail.back')}</BackLink>;
  if (detail.error) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        <QueryError error={detail.error} />
      </>
    );
  }
  const d = detail.data?.data;
  if (!d) return <PageLoader />;
  const admin = atLeast(role, 'administrator');
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t('detail.cancelTitle', { name: d.name }),
      children: <Text size="sm">{t('detail.cancelBody')}</Text>,
      labels: { confirm: t('detail.cancel'), cancel: t('detail.keep') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { path: { id } } });
          notifyDone(t('detail.cancelled', { name: d.name }));
        } catch (error) {
          notifyFailed(error);
        }
      },
    });
  return (
    <>
      {back}
      <PageHeader title={t('detail.title', { name: d.name })}>
        <DeploymentStatusBadge status={d.status} />
        {admin && RUNNING.includes(d.status) && (
          <Button color="red" variant="light" onClick={confirmCancel}>
            {t('detail.cancel')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        {d.status === 'paused' && (
          <Alert color="orange" title={t('detail.pausedTitle')}>
            {d.pauseReason && <Text size="sm">{d.pauseReason}</Text>}
            {d.lastFailure && <Text size="sm">{d.lastFailure}</Text>}
            <Text size="sm">{t('detail.pausedBody')}</Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Text size="sm">
            {t('detail.version')}: {d.versionName} ({d.versionCode}, {t(`releases.platforms.${d.platform}`)})
          </Text>
          <Text size="sm">
            {t('detail.mode')}: {t(`deployments.modes.${d.mode}`)}
            {d.maintenanceWindowStart && ` · ${t('detail.window')} ${exactTime(d.maintenanceWindowStart)}`}
          </Text>
          <Text size="sm">
            {t('detail.phase')}: {t(`deployments.phases.${d.rolloutPhase}`)}
          </Text>
          <Text size="sm">
            {t('detail.canary')}: {d.rolloutMode === 'canary' ? t('detail.canarySize', { count: d.canarySize }) : t('detail.fullRollout')}
          </Text>
          <Text size="sm">
            {t('detail.started')}: <LastContact at={d.createdAt} />
          </Text>
          <Text size="sm">
            <DeploymentCounts d={d} />
          </Text>
        </SimpleGrid>
        {d.rolloutPhase === 'canary' && <Text size="sm">{t('detail.automatic')}</Text>}
        <Title order={2} size="h4">
          {t('detail.screens')}
        </Title>
        <DeploymentScreens deployment={d} canAct={admin} />
      </Stack>
    </>
  );
}

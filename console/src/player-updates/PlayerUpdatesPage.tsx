import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { DeploymentsPanel } from './DeploymentsPanel';
import { ReleasesPanel } from './ReleasesPanel';

/** Player builds (owners manage the catalog) and their rollouts (administrators start them). */
export function PlayerUpdatesPage() {
  const { t } = useTranslation('playerUpdates');
  const { role } = useAuthStatus();
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="xl">
        <Text>{t('intro')}</Text>
        <DeploymentsPanel canDeploy={atLeast(role, 'administrator')} />
        <ReleasesPanel owner={atLeast(role, 'owner')} />
      </Stack>
    </>
  );
}

import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { BackupsPanel } from './BackupsPanel';
import { MaintenancePanel } from './MaintenancePanel';
import { SettingsTransferPanel } from './SettingsTransferPanel';
import { SystemStatusPanel } from './SystemStatusPanel';

/** For administrators: the server's health and maintenance jobs; owners also move settings between servers and keep backups. */
export function SystemPage() {
  const { t } = useTranslation('system');
  const { role } = useAuthStatus();
  const owner = atLeast(role, 'owner');
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="xl">
        <Text>{t('intro')}</Text>
        <SystemStatusPanel />
        <MaintenancePanel />
        {owner && <SettingsTransferPanel />}
        {owner && <BackupsPanel />}
      </Stack>
    </>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { errorCode } from '../api/errors';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { ActiveAlerts } from './ActiveAlerts';
import { MonitorSection } from './MonitorSection';
import { RulesSection } from './RulesSection';

/** The weather alerts plugin: its monitor and health, the alerts it shows now, and its rules. */
export function WeatherAlertsPage() {
  const { t } = useTranslation('weather');
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const overview = $api.useQuery('get', '/api/v1/alerts/weather', {}, { refetchInterval: 30_000, retry: false });
  const data = overview.data?.data;
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack>
        <Text>{t('intro')}</Text>
        {errorCode(overview.error) === 'plugin_not_installed' ? (
          <Alert color="gray" title={t('notInstalled')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{admin ? t('notInstalledAdmin') : t('notInstalledOther')}</Text>
              {admin && (
                <Button component={Link} to="/plugins" variant="default" size="xs">
                  {t('openPlugins')}
                </Button>
              )}
            </Stack>
          </Alert>
        ) : overview.error ? (
          <QueryError error={overview.error} />
        ) : (
          data && (
            <>
              {!admin && <Alert color="gray">{t('readOnly')}</Alert>}
              <MonitorSection key={data.monitor.updatedAt} monitor={data.monitor} canEdit={admin} />
              <ActiveAlerts items={data.activeAlerts} />
              <RulesSection rules={data.rules} canEdit={admin} />
            </>
          )
        )}
      </Stack>
    </>
  );
}

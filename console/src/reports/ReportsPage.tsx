import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { useAddressParams } from '../common/useAddressParams';
import { PageHeader } from '../common/PageHeader';
import { FleetUptime } from './FleetUptime';
import { ProofOfPlayReport } from './ProofOfPlayReport';
import { type ReportParams, readParams, type View, writeParams } from './report-params';
import { RetentionSetting } from './RetentionSetting';
import { TimelineReport } from './TimelineReport';

/**
 * Proof of play, fleet uptime and a screen's timeline over a range. The range and filters live in the
 * address, so a report can be shared as a link.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const [search, setSearch] = useAddressParams();
  const params = readParams(search);
  const change = (next: Partial<ReportParams>) => setSearch((now) => writeParams({ ...readParams(now), ...next }), { replace: true });
  // A screen's timeline is for administrators only (the server's rule).
  const views: View[] = admin ? ['plays', 'uptime', 'timeline'] : ['plays', 'uptime'];
  const view = views.includes(params.view) ? params.view : 'plays';

  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="xl">
        <Tabs value={view} onChange={(v) => change({ view: v as View })} keepMounted={false}>
          <Tabs.List aria-label={t('views.label')} mb="md">
            {views.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`views.${v}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="plays">
            <ProofOfPlayReport params={params} onChange={change} />
          </Tabs.Panel>
          <Tabs.Panel value="uptime">
            <FleetUptime window={params.window} onWindow={(window) => change({ window })} />
          </Tabs.Panel>
          {admin && (
            <Tabs.Panel value="timeline">
              <TimelineReport params={params} onChange={change} />
            </Tabs.Panel>
          )}
        </Tabs>
        {admin && <RetentionSetting />}
      </Stack>
    </>
  );
}

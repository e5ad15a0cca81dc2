import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { LastContact } from './LastContact';
import { LivePreview } from './LivePreview';
import { LiveView } from './LiveView';
import { ScreenNetworkSection } from '../networks/ScreenNetworkSection';
import { PolicyLevels } from '../policies/PolicyLevels';
import { QuickPresent } from '../takeovers/QuickPresent';
import { PlaylistAssignment } from './PlaylistAssignment';
import { ProofOfPlay } from './ProofOfPlay';
import { ScreenCommands } from './ScreenCommands';
import { ScreenOverview } from './ScreenOverview';
import { ScreenStatusBadge } from './ScreenStatusBadge';
import { ScreenTimeline } from './ScreenTimeline';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

const TABS = ['overview', 'content', 'present', 'preview', 'commands', 'timeline', 'proof', 'policy'] as const;
type Tab = (typeof TABS)[number];

/** One screen: its state, settings, content, live picture, commands and history, a tab each. */
export function ScreenPage() {
  const { t } = useTranslation(['screens', 'common']);
  const { id = '' } = useParams();
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'overview';
  // Status changes arrive as `screen.status` events, which make this read stale (events/messages.ts).
  const screen = $api.useQuery('get', '/api/v1/screens/{id}', { params: { path: { id } } });

  const back = <BackLink to="/screens">{t('back')}</BackLink>;
  if (screen.error) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        <QueryError error={screen.error} />
      </>
    );
  }
  const s = screen.data?.data;
  if (!s) {
    return <PageLoader />;
  }
  return (
    <>
      {back}
      <PageHeader title={t('detailTitle', { name: s.name })}>
        <ScreenStatusBadge status={s.status} />
        <Text size="sm">
          {t('detail.lastContact')}: <LastContact at={s.lastContactAt ?? s.lastHeartbeatAt} />
        </Text>
      </PageHeader>
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'overview' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={t('detail.tabs.label')} mb="md">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`detail.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="xl">
            <ScreenOverview screen={s} canEdit={admin} />
            <ScreenNetworkSection screenId={s.id} canEdit={admin} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="content">
          <PlaylistAssignment screenId={s.id} canEdit={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="present">
          <QuickPresent targetType="screen" targetId={s.id} canPresent={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
            <LivePreview screen={s} />
            <LiveView screen={s} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="commands">
          <ScreenCommands screenId={s.id} canSend={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="timeline">
          <ScreenTimeline screenId={s.id} />
        </Tabs.Panel>
        <Tabs.Panel value="proof">
          <ProofOfPlay screenId={s.id} />
        </Tabs.Panel>
        <Tabs.Panel value="policy">
          <PolicyLevels target={{ scope: 'screen', id: s.id }} canEdit={admin} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

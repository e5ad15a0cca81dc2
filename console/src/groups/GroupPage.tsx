import { Badge, Button, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { PolicyLevels } from '../policies/PolicyLevels';
import { QuickPresent } from '../takeovers/QuickPresent';
import { GroupContent } from './GroupContent';
import { GroupDisplayControl } from './GroupDisplayControl';
import { GroupMembers } from './GroupMembers';
import { GroupNameModal } from './GroupNameModal';
import { useDeleteGroup } from './useDeleteGroup';
import { WallEditor } from './wall/WallEditor';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

const TABS = ['members', 'content', 'wall', 'display', 'policy', 'present'] as const;
type Tab = (typeof TABS)[number];

/** One screen group: its members, what they play and in step, its video wall, display control, policy and quick present, a tab each. */
export function GroupPage() {
  const { t } = useTranslation(['groups', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'members';
  const [renaming, setRenaming] = useState(false);
  const confirmDelete = useDeleteGroup(() => navigate('/groups'));
  // Other people's changes arrive as `resource.changed`, which makes this read stale (events/messages.ts).
  const detail = $api.useQuery('get', '/api/v1/screen-groups/{id}', { params: { path: { id } } }, { retry: false });

  const back = <BackLink to="/groups">{t('back')}</BackLink>;
  if (detail.error) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        <QueryError error={detail.error} />
      </>
    );
  }
  const g = detail.data?.data;
  if (!g) {
    return <PageLoader />;
  }
  return (
    <>
      {back}
      <PageHeader title={t('detail.title', { name: g.name })}>
        <Badge variant="light" radius="sm" color={g.displayMode === 'span' ? 'grape' : 'blue'}>
          {t(`mode.${g.displayMode}`)}
        </Badge>
        {admin && (
          <>
            <Button variant="default" onClick={() => setRenaming(true)}>
              {t('detail.rename')}
            </Button>
            <Button color="red" variant="light" onClick={() => confirmDelete(g)}>
              {t('detail.delete')}
            </Button>
          </>
        )}
      </PageHeader>
      {g.description && <Text mb="md">{g.description}</Text>}
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'members' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={t('detail.tabs.label')} mb="md">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`detail.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="members">
          <GroupMembers group={g} canEdit={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="content">
          <GroupContent group={g} canEdit={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="wall">
          <WallEditor group={g} canEdit={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="display">
          <GroupDisplayControl groupId={g.id} canApply={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="policy">
          <PolicyLevels target={{ scope: 'group', id: g.id }} canEdit={admin} />
        </Tabs.Panel>
        <Tabs.Panel value="present">
          <QuickPresent targetType="group" targetId={g.id} canPresent={admin} />
        </Tabs.Panel>
      </Tabs>
      {renaming && <GroupNameModal opened onClose={() => setRenaming(false)} group={g} />}
    </>
  );
}

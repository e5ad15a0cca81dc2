import '@mantine/dates/styles.css';
import { Alert, Badge, Button, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { $api } from '../api/client';
import { useAuthStatus } from '../auth/useAuthStatus';
import { BackLink } from '../common/BackLink';
import { PageHeader } from '../common/PageHeader';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pickerInstant, pickerValue } from '../schedules/schedule-form';
import { knownZones } from '../schedules/zone-time';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';
import { BlocksPanel } from './BlocksPanel';
import { CampaignActions } from './CampaignActions';
import { campaignRights } from './campaign-rules';
import { PreflightPanel } from './PreflightPanel';
import { ReleasesPanel } from './ReleasesPanel';
import { StatusBadge } from './StatusBadge';
import { type Campaign, useCampaignDraft } from './useCampaignDraft';

/** One campaign: the builder of its draft, its preflight, Publish, its releases and Archive. */
export function CampaignPage() {
  const { t } = useTranslation('campaigns');
  const id = useParams().id ?? '';
  const query = $api.useQuery('get', '/api/v1/campaigns/{id}', { params: { path: { id } } });
  const campaign = query.data?.data;
  const back = <BackLink to="/campaigns">{t('builder.back')}</BackLink>;
  if (!campaign) {
    return (
      <Stack>
        {back}
        {query.isError ? <QueryError error={query.error} /> : <PageLoader />}
      </Stack>
    );
  }
  return (
    <Stack>
      {back}
      <CampaignBuilder key={campaign.id} campaign={campaign} />
    </Stack>
  );
}

function CampaignBuilder({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const rights = campaignRights(useAuthStatus().role);
  const editor = useCampaignDraft(campaign);
  const { draft, change } = editor;
  const zones = useMemo(knownZones, []);
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  useDocumentTitle(campaign.name);
  const editable = rights.edit;
  const ids = (type: 'screen' | 'group') => draft.destinations.filter((d) => d.type === type).map((d) => d.id);
  const setIds = (type: 'screen' | 'group', chosen: string[]) =>
    change({ destinations: [...draft.destinations.filter((d) => d.type !== type), ...chosen.map((id) => ({ type, id }))] });
  const stamp = (value: string | undefined) => (value ? pickerValue(Date.parse(value), draft.timezone) : null);
  const instant = (value: string | null) => (value ? new Date(pickerInstant(value, draft.timezone)).toISOString() : undefined);

  return (
    <>
      <PageHeader title={campaign.name}>
        <StatusBadge status={campaign.status} />
        {campaign.hasUnpublishedChanges && (
          <Badge variant="light" color="yellow">
            {t('builder.unpublished', { number: String(campaign.publishedRevision) })}
          </Badge>
        )}
        {editor.dirty && <Text>{t('builder.unsaved')}</Text>}
        {editable && (
          <>
            <Button variant="default" onClick={editor.discard} disabled={!editor.dirty}>
              {t('builder.discard')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => void editor.save()}
              loading={editor.saving}
              disabled={!editor.dirty}
            >
              {t('builder.save')}
            </Button>
          </>
        )}
        <CampaignActions campaign={campaign} rights={rights} dirty={editor.dirty} />
      </PageHeader>
      <Stack>
        {editor.conflict && (
          <Alert color="orange" role="alert">
            {t('builder.conflict')}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              {t('builder.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('builder.name')}
                required
                maxLength={180}
                readOnly={!editable}
                value={draft.name}
                onChange={(e) => change({ name: e.currentTarget.value })}
              />
              <Select
                label={t('builder.timezone')}
                searchable
                allowDeselect={false}
                readOnly={!editable}
                data={zones}
                value={draft.timezone}
                onChange={(timezone) => timezone && change({ timezone })}
              />
              <DateTimePicker
                label={t('builder.start')}
                description={t('builder.startEndHint')}
                clearable
                readOnly={!editable}
                valueFormat="YYYY-MM-DD HH:mm"
                value={stamp(draft.campaignStart)}
                onChange={(value) => change({ campaignStart: instant(value) })}
              />
              <DateTimePicker
                label={t('builder.end')}
                description={t('builder.startEndHint')}
                clearable
                readOnly={!editable}
                valueFormat="YYYY-MM-DD HH:mm"
                value={stamp(draft.campaignEnd)}
                onChange={(value) => change({ campaignEnd: instant(value) })}
              />
            </SimpleGrid>
            <Textarea
              label={t('builder.description')}
              maxLength={2000}
              autosize
              minRows={2}
              readOnly={!editable}
              value={draft.description}
              onChange={(e) => change({ description: e.currentTarget.value })}
            />
          </Stack>
        </Paper>
        <BlocksPanel blocks={draft.blocks} defaultZone={draft.timezone || 'UTC'} editable={editable} onChange={(blocks) => change({ blocks })} />
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              {t('destinations.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('destinations.hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ScreenMultiSelect label={t('destinations.screens')} readOnly={!editable} value={ids('screen')} onChange={(chosen) => setIds('screen', chosen)} />
              <MultiSelect
                label={t('destinations.groups')}
                searchable
                readOnly={!editable}
                data={(groups.data?.data.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
                value={ids('group')}
                onChange={(chosen) => setIds('group', chosen)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <PreflightPanel id={campaign.id} dirty={editor.dirty} />
        <ReleasesPanel id={campaign.id} editable={editable} />
      </Stack>
    </>
  );
}

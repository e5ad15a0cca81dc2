import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { $api, api } from '../api/client';
import { errorCode } from '../api/errors';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { useContentDefinitions } from '../widgets/useContentDefinitions';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { MappingTab } from './MappingTab';
import { OutputPanel } from './OutputPanel';
import { SettingsEditor } from './SettingsEditor';
import { StatusBadge } from './StatusBadge';
import { TableEditor } from './TableEditor';
import { INSPECTABLE } from './types';
import { useInvalidateSources } from './useInvalidateSources';
import { useProviderLabel } from './useProviderLabel';
import { BackLink } from '../common/BackLink';

/** One data source: what screens get, how its reads go, its fields, its table and its settings. */
export function DataSourcePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['dataSources', 'common']);
  const navigate = useNavigate();
  const { role } = useAuthStatus();
  const author = atLeast(role, 'contributor');
  const manager = atLeast(role, 'editor');
  const providerLabel = useProviderLabel();
  const invalidate = useInvalidateSources();
  const definitions = useContentDefinitions();
  const query = $api.useQuery('get', '/api/v1/data-sources/{id}', { params: { path: { id } } }, { retry: false });
  const source = query.data?.data;
  const refresh = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.POST('/api/v1/data-sources/{id}/outputs/rebuild', { params: { path: { id } } });
      if (error || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    onSuccess: async (outputs) => {
      await invalidate();
      if (outputs.errorCode) notifyFailed(undefined, t('detail.refreshFailed'));
      else notifyDone(t('detail.refreshed'));
    },
    onError: (error) => notifyFailed(error),
  });
  const remove = () =>
    modals.openConfirmModal({
      title: t('detail.deleteTitle', { name: source?.name ?? '' }),
      children: <Text size="sm">{t('detail.deleteBody')}</Text>,
      labels: { confirm: t('detail.delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const { error } = await api.DELETE('/api/v1/data-sources/{id}', { params: { path: { id } } });
        if (error) return notifyFailed(error);
        notifyDone(t('detail.deleted'));
        await invalidate();
        navigate('/data-sources');
      },
    });

  if (query.error) {
    return (
      <>
        <PageHeader title={t('title')} />
        {errorCode(query.error) === 'not_found' ? <Text>{t('detail.notFound')}</Text> : <QueryError error={query.error} />}
      </>
    );
  }
  if (!source) return null;
  const definition = definitions.data?.dataSources.find((d) => d.id === source.provider);
  const form = source.provider === 'form';
  const manual = source.provider === 'manual';
  return (
    <>
      <BackLink to="/data-sources">{t('detail.back')}</BackLink>
      <PageHeader title={source.name}>
        {author && !manual && !form && (
          <Button variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending}>
            {t('detail.refresh')}
          </Button>
        )}
        {manager && !form && (
          <Button variant="default" color="red" onClick={remove}>
            {t('detail.delete')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        <Group>
          <StatusBadge status={source.status} />
          <Text size="sm">{providerLabel(source.provider)}</Text>
          {source.description && <Text size="sm">{source.description}</Text>}
        </Group>
        {form && <Text c="dimmed">{t('formsElsewhere')}</Text>}
        <Tabs defaultValue={manual ? 'table' : 'output'} keepMounted={false}>
          <Tabs.List>
            {manual && <Tabs.Tab value="table">{t('detail.tabs.table')}</Tabs.Tab>}
            <Tabs.Tab value="output">{t('detail.tabs.output')}</Tabs.Tab>
            <Tabs.Tab value="diagnostics">{t('detail.tabs.diagnostics')}</Tabs.Tab>
            {author && INSPECTABLE.includes(source.provider) && <Tabs.Tab value="mapping">{t('detail.tabs.mapping')}</Tabs.Tab>}
            {definition && !form && <Tabs.Tab value="settings">{t('detail.tabs.settings')}</Tabs.Tab>}
          </Tabs.List>
          {manual && (
            <Tabs.Panel value="table" pt="md">
              <TableEditor key={source.id} source={source} canEdit={author} onSaved={invalidate} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="output" pt="md">
            <OutputPanel id={source.id} name={source.name} />
          </Tabs.Panel>
          <Tabs.Panel value="diagnostics" pt="md">
            <DiagnosticsPanel id={source.id} />
          </Tabs.Panel>
          <Tabs.Panel value="mapping" pt="md">
            <MappingTab key={source.configVersion} source={source} canEdit={author} onSaved={invalidate} />
          </Tabs.Panel>
          {definition && (
            <Tabs.Panel value="settings" pt="md">
              <SettingsEditor key={source.configVersion} source={source} definition={definition} canEdit={author} onSaved={invalidate} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </>
  );
}

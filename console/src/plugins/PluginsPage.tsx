import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import type { DataOf } from '../api/types';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { type InstanceCollection, instanceCollections } from './instance-forms';
import { InstancesSection } from './InstancesSection';
import { useConfirmedChange } from './plugin-actions';

type Entry = DataOf<'/api/v1/plugins', 'get'>['items'][number];

function PluginCard({ entry, collection, canChange }: { entry: Entry; collection?: InstanceCollection; canChange: boolean }) {
  const { t } = useTranslation(['plugins', 'common']);
  const client = useQueryClient();
  const confirmed = useConfirmedChange();
  const refresh = () => client.invalidateQueries({ queryKey: ['get', '/api/v1/plugins'] });
  const params = { params: { path: { pluginId: entry.id } } };
  const status = entry.installed ? 'installed' : entry.available ? 'notInstalled' : 'unavailable';

  const install = () =>
    confirmed({
      title: t('confirmInstallTitle', { name: entry.name }),
      body: t('confirmInstall'),
      confirm: t('install'),
      run: () => api.POST('/api/v1/plugins/{pluginId}/install', params),
      done: t('installed', { name: entry.name }),
      after: refresh,
    });
  const uninstall = () =>
    confirmed({
      title: t('confirmUninstallTitle', { name: entry.name }),
      body: t('confirmUninstall'),
      confirm: t('uninstall'),
      danger: true,
      run: () => api.DELETE('/api/v1/plugins/{pluginId}/installation', params),
      done: t('uninstalled', { name: entry.name }),
      after: refresh,
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`plugin-${entry.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4" id={`plugin-${entry.id}`}>
              {entry.name}
            </Title>
            <Badge variant="dot" color={entry.installed ? 'green' : 'gray'}>
              {t(`status.${status}`)}
            </Badge>
            {entry.installed && <Text size="sm">{t('instanceCount', { count: entry.instanceCount })}</Text>}
          </Group>
          {canChange && entry.installed && (
            <Button variant="default" size="xs" onClick={uninstall} aria-label={t('uninstallLabel', { name: entry.name })}>
              {t('uninstall')}
            </Button>
          )}
          {canChange && !entry.installed && entry.available && (
            <Button size="xs" onClick={install} aria-label={t('installLabel', { name: entry.name })}>
              {t('install')}
            </Button>
          )}
        </Group>
        <Text size="sm">{entry.description}</Text>
        {!entry.installed && entry.dependsOn.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('needs', { plugins: entry.dependsOn.join(', ') })}
          </Text>
        )}
        {entry.attention && (
          <Alert color="yellow" p="xs">
            {entry.attention}
          </Alert>
        )}
        {entry.installed && collection && <InstancesSection collection={collection} pluginName={entry.name} canChange={canChange} />}
      </Stack>
    </Paper>
  );
}

/** The plugin catalog, and the instances of each installed plugin. */
export function PluginsPage() {
  const { t } = useTranslation(['plugins', 'common']);
  const { role } = useAuthStatus();
  const catalog = $api.useQuery('get', '/api/v1/plugins');
  // Which plugins have instances, and their configuration schema, come from the server's own document.
  const document = $api.useQuery('get', '/api/v1/openapi.json', {}, { staleTime: Number.POSITIVE_INFINITY });
  const collections = useMemo(() => (document.data ? instanceCollections(document.data) : new Map<string, InstanceCollection>()), [document.data]);
  const canChange = atLeast(role, 'administrator');
  const items = catalog.data?.data.items;
  return (
    <>
      <PageHeader title={t('title')} />
      {catalog.error && <QueryError error={catalog.error} />}
      {document.error && <QueryError error={document.error} />}
      {items && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
          {!canChange && (
            <Alert color="yellow" title={t('common:errors.forbiddenTitle')}>
              {t('adminOnly')}
            </Alert>
          )}
          {items.map((entry) => (
            <PluginCard key={entry.id} entry={entry} collection={collections.get(entry.id)} canChange={canChange} />
          ))}
        </Stack>
      )}
    </>
  );
}

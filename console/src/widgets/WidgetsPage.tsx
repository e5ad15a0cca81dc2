import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { contentRights } from './rights';
import type { WidgetAsset } from './types';
import { useContentDefinitions } from './useContentDefinitions';
import { WidgetGallery } from './WidgetGallery';
import { WidgetList } from './WidgetList';

/** Widgets: the library's widgets, and the gallery of types a new one starts from. */
export function WidgetsPage() {
  const { t } = useTranslation('widgets');
  const rights = contentRights(useAuthStatus().role);
  const catalog = useContentDefinitions();
  const list = $api.useQuery('get', '/api/v1/assets', { params: { query: { type: 'widget', pageSize: 100, sort: 'name' } } });
  // The list answers each asset's `widget` field too; the generated type knows only media's own fields.
  const widgets = (list.data?.data.items ?? []) as WidgetAsset[];
  const definitions = catalog.data?.widgets ?? [];
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="xl">
        {!rights.edit && <Alert color="gray">{t('list.readOnly')}</Alert>}
        <Stack component="section" aria-labelledby="your-widgets">
          <Title order={2} size="h3" id="your-widgets">
            {t('list.title')}
          </Title>
          {list.isError && <QueryError error={list.error} />}
          {list.isPending && (
            <Center py="md">
              <Loader aria-label={t('loading', { ns: 'common' })} />
            </Center>
          )}
          {list.data && widgets.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
          {widgets.length > 0 && <WidgetList widgets={widgets} definitions={definitions} rights={rights} />}
        </Stack>
        {catalog.isError && <QueryError error={catalog.error} />}
        {catalog.data && <WidgetGallery definitions={definitions} canCreate={rights.edit} />}
      </Stack>
    </>
  );
}

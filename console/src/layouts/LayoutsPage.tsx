import { Alert, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { useAuthStatus } from '../auth/useAuthStatus';
import { LibraryListControls } from '../common/LibraryListControls';
import { ListPager } from '../common/ListPager';
import { ListResults } from '../common/ListResults';
import { listQueryOf } from '../common/list-params';
import { PageHeader } from '../common/PageHeader';
import { useListParams } from '../common/useListParams';
import { contentRights } from '../widgets/rights';
import { CreateLayoutModal } from './CreateLayoutModal';
import { LayoutTable } from './LayoutTable';

const PAGE_SIZE = 30;

/** Layouts: search, sort, create, duplicate and delete; each opens in the editor. */
export function LayoutsPage() {
  const { t } = useTranslation('layouts');
  const rights = contentRights(useAuthStatus().role);
  const [params, update] = useListParams('updated');
  const [creating, create] = useDisclosure(false);
  const list = $api.useQuery('get', '/api/v1/layouts', { params: { query: listQueryOf(params, PAGE_SIZE) } }, { placeholderData: (previous) => previous });
  return (
    <>
      <PageHeader title={t('title')}>
        {rights.edit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
            {t('list.create')}
          </Button>
        )}
      </PageHeader>
      <Stack gap="md">
        {!rights.edit && <Alert color="gray">{t('list.readOnly')}</Alert>}
        <LibraryListControls list={params} onChange={update} searchLabel={t('list.search')} />
        <ListResults query={list} searching={!!params.search.trim()} empty={t('list.empty')} noMatch={t('list.noMatch')}>
          {(items) => <LayoutTable layouts={items} rights={rights} />}
        </ListResults>
        <ListPager total={list.data?.data.total} pageSize={PAGE_SIZE} page={params.page} onChange={(page) => update({ page })} label={t('list.pages')} />
      </Stack>
      <CreateLayoutModal opened={creating} onClose={create.close} />
    </>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
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
import { CreateNamedModal } from '../common/CreateNamedModal';
import { PlaylistTable } from './PlaylistTable';
import { playlistRights } from './rights';

const PAGE_SIZE = 50;

/** Playlists: search, sort, create, duplicate and delete; each opens on its own page. */
export function PlaylistsPage() {
  const { t } = useTranslation('playlists');
  const rights = playlistRights(useAuthStatus().role);
  const [params, update] = useListParams('name');
  const [creating, create] = useDisclosure(false);
  const list = $api.useQuery('get', '/api/v1/playlists', { params: { query: listQueryOf(params, PAGE_SIZE) } }, { placeholderData: (previous) => previous });
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
        <LibraryListControls list={params} onChange={update} searchLabel={t('list.search')} searchPlaceholder={t('list.searchPlaceholder')} />
        <ListResults query={list} searching={!!params.search.trim()} empty={t('list.empty')} noMatch={t('list.noMatch')}>
          {(items) => <PlaylistTable playlists={items} rights={rights} />}
        </ListResults>
        {rights.edit && !rights.delete && (
          <Text size="sm" c="dimmed">
            {t('delete.noDeleteRight')}
          </Text>
        )}
        <ListPager total={list.data?.data.total} pageSize={PAGE_SIZE} page={params.page} onChange={(page) => update({ page })} label={t('list.pages')} />
      </Stack>
      <CreateNamedModal library="playlists" opened={creating} onClose={create.close} />
    </>
  );
}

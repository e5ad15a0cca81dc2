import { Alert, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import '../common/dates';
import { PageHeader } from '../common/PageHeader';
import { LibraryListControls } from '../common/LibraryListControls';
import { ListPager } from '../common/ListPager';
import { ListResults } from '../common/ListResults';
import { listQueryOf } from '../common/list-params';
import { useListParams } from '../common/useListParams';
import { StatusBadge } from './StatusBadge';
import { useProviderLabel } from './useProviderLabel';

const PAGE_SIZE = 50;

/** Every data source the person may see, searched, sorted and paged in the address, with how its refreshes go. */
export function DataSourcesPage() {
  const { t } = useTranslation('dataSources');
  const { role } = useAuthStatus();
  const author = atLeast(role, 'contributor');
  const providerLabel = useProviderLabel();
  const [params, update] = useListParams('name');
  const list = $api.useQuery('get', '/api/v1/data-sources', { params: { query: listQueryOf(params, PAGE_SIZE) } }, { placeholderData: (previous) => previous });
  return (
    <>
      <PageHeader title={t('title')}>
        {author && (
          <Button component={Link} to="/data-sources/new">
            {t('add')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        <Text>{t('intro')}</Text>
        {!author && role && <Alert color="gray">{t('readOnly')}</Alert>}
        <LibraryListControls list={params} onChange={update} searchLabel={t('search')} />
        <ListResults query={list} searching={!!params.search.trim()} empty={t('none')} noMatch={t('noMatch')}>
          {(items) => (
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.name')}</Table.Th>
                    <Table.Th>{t('list.provider')}</Table.Th>
                    <Table.Th>{t('list.status')}</Table.Th>
                    <Table.Th>{t('list.records')}</Table.Th>
                    <Table.Th>{t('list.refreshed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/data-sources/${s.id}`}>
                          {s.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{providerLabel(s.provider)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={s.status} />
                      </Table.Td>
                      <Table.Td>{s.cachedRecordCount}</Table.Td>
                      <Table.Td>
                        {s.refreshedAt ? <span title={dayjs(s.refreshedAt).format('LLL')}>{dayjs(s.refreshedAt).fromNow()}</span> : t('list.never')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListResults>
        <ListPager total={list.data?.data.total} pageSize={PAGE_SIZE} page={params.page} onChange={(page) => update({ page })} label={t('pages')} />
      </Stack>
    </>
  );
}

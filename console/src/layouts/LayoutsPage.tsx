import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { contentRights } from '../widgets/rights';
import { CreateLayoutModal } from './CreateLayoutModal';
import { LayoutTable } from './LayoutTable';

const PAGE_SIZE = 30;

/** Layouts: search, create, duplicate and delete; each opens in the editor. */
export function LayoutsPage() {
  const { t } = useTranslation('layouts');
  const rights = contentRights(useAuthStatus().role);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, create] = useDisclosure(false);
  const query = { page, pageSize: PAGE_SIZE, ...(debounced ? { search: debounced } : {}) };
  const list = $api.useQuery('get', '/api/v1/layouts', { params: { query } }, { placeholderData: (previous) => previous });
  const data = list.data?.data;
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;
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
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={420}
          type="search"
        />
        {list.isError && <QueryError error={list.error} />}
        {list.isPending && (
          <Center py="xl">
            <Loader aria-label={t('loading', { ns: 'common' })} />
          </Center>
        )}
        {data && data.items.length === 0 && <Text c="dimmed">{debounced ? t('list.noMatch') : t('list.empty')}</Text>}
        {data && data.items.length > 0 && <LayoutTable layouts={data.items} rights={rights} />}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
              aria-label={t('list.pages')}
            />
          </Group>
        )}
      </Stack>
      <CreateLayoutModal opened={creating} onClose={create.close} />
    </>
  );
}

import { Alert, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { useAuthStatus } from '../auth/useAuthStatus';
import { LibraryListControls } from '../common/LibraryListControls';
import { listQueryOf } from '../common/list-params';
import { ListPager } from '../common/ListPager';
import { ListResults } from '../common/ListResults';
import { PageHeader } from '../common/PageHeader';
import { useListParams } from '../common/useListParams';
import { campaignRights } from './campaign-rules';
import { CreateNamedModal } from '../common/CreateNamedModal';
import { StatusBadge } from './StatusBadge';

const PAGE_SIZE = 50;
type CampaignSummary = DataOf<'/api/v1/campaigns', 'get'>['items'][number];

/**
 * Campaigns, most recently changed first unless sorted otherwise: search, sort and page live in the address.
 * Each opens in the builder.
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const rights = campaignRights(useAuthStatus().role);
  const [params, update] = useListParams('updated');
  const [creating, create] = useDisclosure(false);
  const list = $api.useQuery('get', '/api/v1/campaigns', { params: { query: listQueryOf(params, PAGE_SIZE) } }, { placeholderData: (previous) => previous });
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
          {(items) => <CampaignTable campaigns={items} />}
        </ListResults>
        <ListPager total={list.data?.data.total} pageSize={PAGE_SIZE} page={params.page} onChange={(page) => update({ page })} label={t('list.pages')} />
      </Stack>
      <CreateNamedModal library="campaigns" opened={creating} onClose={create.close} />
    </>
  );
}

function CampaignTable({ campaigns }: { campaigns: CampaignSummary[] }) {
  const { t } = useTranslation('campaigns');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label={t('list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.name')}</Table.Th>
            <Table.Th scope="col">{t('list.status')}</Table.Th>
            <Table.Th scope="col">{t('list.blocks')}</Table.Th>
            <Table.Th scope="col">{t('list.destinations')}</Table.Th>
            <Table.Th scope="col">{t('list.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={`/campaigns/${c.id}`} fw={500}>
                  {c.name}
                </Anchor>
                {c.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {c.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{c.draft.blocks.length}</Table.Td>
              <Table.Td>{c.draft.destinations.length}</Table.Td>
              <Table.Td>{dayjs(c.updatedAt).format('YYYY-MM-DD HH:mm')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

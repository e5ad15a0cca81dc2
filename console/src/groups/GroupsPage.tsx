import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { LibraryListControls } from '../common/LibraryListControls';
import { ListPager } from '../common/ListPager';
import { ListResults } from '../common/ListResults';
import { listQueryOf } from '../common/list-params';
import { useListParams } from '../common/useListParams';
import { GroupNameModal } from './GroupNameModal';
import { useDeleteGroup } from './useDeleteGroup';

type Renaming = { id: string; name: string; description: string };

const PAGE_SIZE = 50;

/** The screen groups by name (or as sorted, in the address), with their content, mode and members; administrators create, rename and delete them. */
export function GroupsPage() {
  const { t } = useTranslation(['groups', 'common']);
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const navigate = useNavigate();
  const [creating, { open, close }] = useDisclosure();
  const [renaming, setRenaming] = useState<Renaming>();
  const [params, update] = useListParams('name');
  const list = $api.useQuery(
    'get',
    '/api/v1/screen-groups',
    { params: { query: listQueryOf(params, PAGE_SIZE) } },
    { placeholderData: (previous) => previous },
  );
  const confirmDelete = useDeleteGroup();
  return (
    <>
      <PageHeader title={t('title')}>{admin && <Button onClick={open}>{t('add')}</Button>}</PageHeader>
      <Stack>
        <Text>{t('intro')}</Text>
        <LibraryListControls list={params} onChange={update} searchLabel={t('search')} />
        <ListResults query={list} searching={!!params.search.trim()} empty={t('none')} noMatch={t('noMatch')}>
          {(items) => (
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.name')}</Table.Th>
                    <Table.Th>{t('list.mode')}</Table.Th>
                    <Table.Th>{t('list.content')}</Table.Th>
                    <Table.Th>{t('list.members')}</Table.Th>
                    {admin && <Table.Th>{t('list.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((g) => (
                    <Table.Tr key={g.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/groups/${g.id}`}>
                          {g.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" radius="sm" color={g.displayMode === 'span' ? 'grape' : 'blue'}>
                          {t(`mode.${g.displayMode}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{g.playlistName ?? t('list.noContent')}</Table.Td>
                      <Table.Td>{g.membershipCount}</Table.Td>
                      {admin && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon variant="subtle" aria-label={t('list.rename', { name: g.name })} onClick={() => setRenaming(g)}>
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon variant="subtle" color="red" aria-label={t('list.delete', { name: g.name })} onClick={() => confirmDelete(g)}>
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListResults>
        <ListPager total={list.data?.data.total} pageSize={PAGE_SIZE} page={params.page} onChange={(page) => update({ page })} label={t('pages')} />
      </Stack>
      <GroupNameModal opened={creating} onClose={close} onCreated={(id) => navigate(`/groups/${id}`)} />
      {renaming && <GroupNameModal key={renaming.id} opened onClose={() => setRenaming(undefined)} group={renaming} />}
    </>
  );
}

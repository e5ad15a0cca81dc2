import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { useConfirmDeletePlaylist } from './useConfirmDeletePlaylist';
import type { PlaylistRights } from './rights';
import type { PlaylistSummary } from './types';

/** The playlists of one page: name (to the editor), size, what fills it, when it changed, and actions. */
export function PlaylistTable({ playlists, rights }: { playlists: PlaylistSummary[]; rights: PlaylistRights }) {
  const { t } = useTranslation('playlists');
  const client = useQueryClient();
  const duplicate = $api.useMutation('post', '/api/v1/playlists/{id}/duplicate');
  const confirmDelete = useConfirmDeletePlaylist();

  const copy = async (playlist: PlaylistSummary) => {
    try {
      const copied = await duplicate.mutateAsync({ params: { path: { id: playlist.id } } });
      notifyDone(t('list.duplicated', { name: copied.data.name }));
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/playlists'] });
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label={t('list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.name')}</Table.Th>
            <Table.Th scope="col">{t('list.items')}</Table.Th>
            <Table.Th scope="col">{t('list.source')}</Table.Th>
            <Table.Th scope="col">{t('list.updated')}</Table.Th>
            {rights.edit && <Table.Th scope="col">{t('list.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {playlists.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={`/playlists/${p.id}`} fw={500}>
                  {p.name}
                </Anchor>
                {p.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {p.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t('list.itemCount', { count: p.itemCount })}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.tagRuleEnabled ? 'grape' : 'gray'}>
                  {p.tagRuleEnabled ? t('list.tagRuleOn') : t('list.manual')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Tooltip label={new Date(p.updatedAt).toLocaleString()}>
                  <Text size="sm" component="span">
                    {dayjs(p.updatedAt).fromNow()}
                  </Text>
                </Tooltip>
              </Table.Td>
              {rights.edit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('list.duplicate', { name: p.name })} onClick={() => copy(p)} loading={duplicate.isPending}>
                      <IconCopy size={18} aria-hidden />
                    </ActionIcon>
                    {rights.delete && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('list.delete', { name: p.name })} onClick={() => confirmDelete(p)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

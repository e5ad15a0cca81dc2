import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api, api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import type { ContentRights } from '../widgets/rights';
import { LayoutStatus } from './LayoutStatus';
import type { LayoutSummary } from './types';

/** The layouts of one page: name (to the editor), canvas, status, when changed, and actions. */
export function LayoutTable({ layouts, rights }: { layouts: LayoutSummary[]; rights: ContentRights }) {
  const { t } = useTranslation('layouts');
  const client = useQueryClient();
  const duplicate = $api.useMutation('post', '/api/v1/layouts/{id}/duplicate');
  const refresh = () => client.invalidateQueries({ queryKey: ['get', '/api/v1/layouts'] });
  const copy = async (layout: LayoutSummary) => {
    try {
      const copied = await duplicate.mutateAsync({ params: { path: { id: layout.id } } });
      notifyDone(t('list.duplicated', { name: copied.data.name }));
      await refresh();
    } catch (error) {
      notifyFailed(error);
    }
  };
  const remove = async (layout: LayoutSummary) => {
    const { error } = await api.DELETE('/api/v1/layouts/{id}', { params: { path: { id: layout.id } } });
    // A layout in use: the server's sentence names what shows it.
    if (error !== undefined) return notifyFailed(error);
    notifyDone(t('delete.deleted', { name: layout.name }));
    await refresh();
  };
  const confirmDelete = (layout: LayoutSummary) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: layout.name }),
      children: <Text size="sm">{t('delete.body')}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(layout),
    });
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped aria-label={t('list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.name')}</Table.Th>
            <Table.Th scope="col">{t('list.canvas')}</Table.Th>
            <Table.Th scope="col">{t('list.status')}</Table.Th>
            <Table.Th scope="col">{t('list.updated')}</Table.Th>
            {rights.edit && <Table.Th scope="col">{t('list.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {layouts.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <Anchor component={Link} to={`/layouts/${l.id}`} fw={500}>
                  {l.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t('list.size', { width: String(l.canvasWidth), height: String(l.canvasHeight) })}</Table.Td>
              <Table.Td>
                <LayoutStatus publishedRevision={l.publishedRevision} changed={l.hasUnpublishedChanges} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" component="span" title={new Date(l.updatedAt).toLocaleString()}>
                  {dayjs(l.updatedAt).fromNow()}
                </Text>
              </Table.Td>
              {rights.edit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('list.duplicate', { name: l.name })} onClick={() => copy(l)}>
                      <IconCopy size={18} aria-hidden />
                    </ActionIcon>
                    {rights.manage && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('list.delete', { name: l.name })} onClick={() => confirmDelete(l)}>
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

import { Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { ActionsCell, ChangedCell, NameCell } from '../widgets/ContentRowCells';
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
              <NameCell to={`/layouts/${l.id}`} name={l.name} />
              <Table.Td>{t('list.size', { width: String(l.canvasWidth), height: String(l.canvasHeight) })}</Table.Td>
              <Table.Td>
                <LayoutStatus publishedRevision={l.publishedRevision} changed={l.hasUnpublishedChanges} />
              </Table.Td>
              <ChangedCell at={l.updatedAt} />
              {rights.edit && (
                <ActionsCell
                  duplicateLabel={t('list.duplicate', { name: l.name })}
                  deleteLabel={t('list.delete', { name: l.name })}
                  onDuplicate={() => copy(l)}
                  onDelete={rights.manage ? () => confirmDelete(l) : undefined}
                />
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

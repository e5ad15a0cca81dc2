import { Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { ActionsCell, ChangedCell, NameCell } from './ContentRowCells';
import type { ContentRights } from './rights';
import type { WidgetAsset, WidgetDefinition } from './types';
import { useDeleteWidget } from './useDeleteWidget';

/** The library's widgets: name (to the editor), type, when changed, and actions. */
export function WidgetList({ widgets, definitions, rights }: { widgets: WidgetAsset[]; definitions: WidgetDefinition[]; rights: ContentRights }) {
  const { t } = useTranslation('widgets');
  const client = useQueryClient();
  const duplicate = $api.useMutation('post', '/api/v1/widgets/{id}/duplicate');
  const confirmDelete = useDeleteWidget();
  const typeName = (provider: string | undefined) => definitions.find((d) => d.id === provider)?.name ?? provider ?? '';
  const copy = async (widget: WidgetAsset) => {
    try {
      const copied = await duplicate.mutateAsync({ params: { path: { id: widget.id } } });
      notifyDone(t('list.duplicated', { name: copied.data.name }));
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
    } catch (error) {
      notifyFailed(error);
    }
  };
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t('list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.name')}</Table.Th>
            <Table.Th scope="col">{t('list.type')}</Table.Th>
            <Table.Th scope="col">{t('list.updated')}</Table.Th>
            {rights.edit && <Table.Th scope="col">{t('list.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {widgets.map((w) => (
            <Table.Tr key={w.id}>
              <NameCell to={`/widgets/${w.id}`} name={w.name} />
              <Table.Td>{typeName(w.widget?.provider)}</Table.Td>
              <ChangedCell at={w.updatedAt} />
              {rights.edit && (
                <ActionsCell
                  duplicateLabel={t('list.duplicate', { name: w.name })}
                  deleteLabel={t('list.delete', { name: w.name })}
                  onDuplicate={() => copy(w)}
                  onDelete={rights.manage ? () => confirmDelete(w) : undefined}
                />
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
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
              <Table.Td>
                <Anchor component={Link} to={`/widgets/${w.id}`} fw={500}>
                  {w.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{typeName(w.widget?.provider)}</Table.Td>
              <Table.Td>
                <Text size="sm" component="span" title={new Date(w.updatedAt).toLocaleString()}>
                  {dayjs(w.updatedAt).fromNow()}
                </Text>
              </Table.Td>
              {rights.edit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('list.duplicate', { name: w.name })} onClick={() => copy(w)}>
                      <IconCopy size={18} aria-hidden />
                    </ActionIcon>
                    {rights.manage && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('list.delete', { name: w.name })} onClick={() => confirmDelete(w)}>
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

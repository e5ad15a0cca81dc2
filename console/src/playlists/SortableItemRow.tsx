import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconAdjustments, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { ItemCells } from './ItemCells';
import type { PlaylistItem } from './types';
import { notifyDone, notifyFailed } from '../common/notify';
import { useShowPlaylist } from './usePlaylist';

interface Props {
  playlistId: string;
  item: PlaylistItem;
  position: number;
  editable: boolean;
  onEdit: (item: PlaylistItem) => void;
  chosen: boolean;
  onChoose: (id: string) => void;
}

/** One manual item: its choice box, its drag handle (pointer or keyboard), how it plays, and its settings and remove buttons. */
export function SortableItemRow({ playlistId, item, position, editable, onEdit, chosen, onChoose }: Props) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const remove = $api.useMutation('delete', '/api/v1/playlists/{id}/items/{itemId}');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !editable });

  const removeItem = async () => {
    try {
      await show((await remove.mutateAsync({ params: { path: { id: playlistId, itemId: item.id } } })).data);
      notifyDone(t('items.removed', { name: item.assetName }));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Table.Tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      bg={isDragging ? 'var(--mantine-color-body)' : undefined}
    >
      {editable && (
        <Table.Td>
          <Checkbox aria-label={t('bulk.choose', { name: item.assetName })} checked={chosen} onChange={() => onChoose(item.id)} />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {editable && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              {...attributes}
              {...listeners}
              aria-label={t('items.move', { name: item.assetName })}
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
          )}
          <Text size="sm">{position}</Text>
        </Group>
      </Table.Td>
      <ItemCells item={item} />
      {editable && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t('items.edit', { name: item.assetName })} onClick={() => onEdit(item)}>
              <IconAdjustments size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('items.remove', { name: item.assetName })} onClick={removeItem} loading={remove.isPending}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

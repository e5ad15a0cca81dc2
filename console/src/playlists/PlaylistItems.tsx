import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Table } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { ItemSelectionBar } from './ItemSelectionBar';
import { ItemSettingsModal } from './ItemSettingsModal';
import { ItemsHead } from './ItemsHead';
import { SortableItemRow } from './SortableItemRow';
import type { Playlist, PlaylistItem } from './types';
import { notifyFailed } from '../common/notify';
import { useReloadPlaylist, useShowPlaylist } from './usePlaylist';

/**
 * The manual items in play order. Rows are dragged by their handle with a pointer, or with the
 * keyboard (Space, arrows, Space); each move is saved at once as the whole new order.
 */
export function PlaylistItems({ playlist, items, editable }: { playlist: Playlist; items: PlaylistItem[]; editable: boolean }) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const reload = useReloadPlaylist();
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<PlaylistItem | null>(null);
  const [chosenIds, setChosenIds] = useState<ReadonlySet<string>>(new Set());
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const byId = new Map(items.map((i) => [i.id, i]));
  const ordered = pendingOrder ? pendingOrder.flatMap((id) => byId.get(id) ?? []) : items;
  const ids = ordered.map((i) => i.id);
  const total = ids.length;
  const nameOf = (id: UniqueIdentifier) => byId.get(String(id))?.assetName ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  // Only items still there count (another person may have removed one meanwhile).
  const chosen = new Set(ids.filter((id) => chosenIds.has(id)));
  const choose = (id: string) =>
    setChosenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const choice = {
    all: chosen.size > 0 && chosen.size === ids.length,
    some: chosen.size > 0,
    toggleAll: () => setChosenIds(chosen.size === ids.length ? new Set() : new Set(ids)),
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('dnd.start', { name: nameOf(active.id), position: String(positionOf(active.id)), total: String(total) });
    },
    // Said only when the place changes: at pick-up the item is over its own place, which "picked up" said already.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('dnd.over', { name: nameOf(active.id), position: String(positionOf(over.id)), total: String(total) });
    },
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(active.id), position: String(positionOf(over.id)), total: String(total) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id), position: String(positionOf(active.id)) }),
  };

  const saveOrder = async (itemIds: string[]) => {
    setPendingOrder(itemIds);
    const { data, error } = await api.PUT('/api/v1/playlists/{id}/items/order', { params: { path: { id: playlist.id } }, body: { itemIds } });
    if (data) await show(data.data);
    else {
      notifyFailed(error);
      await reload(playlist.id);
    }
    setPendingOrder(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void saveOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <>
      {editable && chosen.size > 0 && <ItemSelectionBar playlist={playlist} items={ordered} chosen={chosen} onDone={() => setChosenIds(new Set())} />}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        {/* Scrolled sideways on a phone: the region takes focus, so keyboards can scroll it too. */}
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('items.caption')}>
          <Table aria-label={t('items.caption')} verticalSpacing="xs">
            <ItemsHead editable={editable} choice={editable ? choice : undefined} />
            <Table.Tbody>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {ordered.map((item, index) => (
                  <SortableItemRow
                    key={item.id}
                    playlistId={playlist.id}
                    item={item}
                    position={index + 1}
                    editable={editable}
                    onEdit={setEditing}
                    chosen={chosen.has(item.id)}
                    onChoose={choose}
                  />
                ))}
              </SortableContext>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DndContext>
      {editing && <ItemSettingsModal playlistId={playlist.id} item={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

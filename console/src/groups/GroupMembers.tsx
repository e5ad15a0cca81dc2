import { DndContext, type DragEndEvent, type KeyboardCoordinateGetter, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { errorMessage } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';
import { DraggableScreen } from './DraggableScreen';
import { DROP_ZONE, MemberDropZone } from './MemberDropZone';
import type { ScreenGroup } from './types';

const ARROWS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']);
// By keyboard there is one place to carry a screen to: any arrow key takes it over the group's list.
const toGroup: KeyboardCoordinateGetter = (event, { context }) => {
  const zone = context.droppableRects.get(DROP_ZONE);
  if (!ARROWS.has(event.code) || !zone) return undefined;
  event.preventDefault();
  return { x: zone.left + 16, y: zone.top + 16 };
};

/** Members: screens found by a search are dragged into the group, or ticked and added together; members are removed from the list. */
export function GroupMembers({ group, canEdit }: { group: ScreenGroup; canEdit: boolean }) {
  const { t } = useTranslation(['groups', 'common']);
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const screens = $api.useQuery('get', '/api/v1/screens', { params: { query: { page: 1, pageSize: 100, ...(debounced ? { search: debounced } : {}) } } });
  // Which group each screen is in, to say so before a refused add (a screen is in one group at most).
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const groupOf = new Map((groups.data?.data.items ?? []).flatMap((g) => g.screens.map((s) => [s.id, g.name] as const)));
  const members = new Set(group.screens.map((s) => s.id));
  const candidates = (screens.data?.data.items ?? []).filter((s) => !members.has(s.id));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: toGroup }));
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/screen') });

  const add = async (toAdd: { id: string; name: string }[]) => {
    setBusy(true);
    setFailures([]);
    const failed: string[] = [];
    for (const screen of toAdd) {
      const { error } = await api.POST('/api/v1/screen-groups/{id}/screens', { params: { path: { id: group.id } }, body: { screenId: screen.id } });
      if (error) failed.push(`${screen.name}: ${errorMessage(error, t('common:errors.network'))}`);
    }
    setBusy(false);
    setChosen((c) => c.filter((id) => !toAdd.some((s) => s.id === id)));
    setFailures(failed);
    if (failed.length < toAdd.length) notifyDone(t('members.added', { count: toAdd.length - failed.length }));
    await refresh();
  };
  const remove = async (screen: { id: string; name: string }) => {
    const { error } = await api.DELETE('/api/v1/screen-groups/{id}/screens/{screenId}', { params: { path: { id: group.id, screenId: screen.id } } });
    if (error) notifyFailed(error);
    else notifyDone(t('members.removed', { name: screen.name }));
    await refresh();
  };
  const dropped = (e: DragEndEvent) => {
    const screen = (e.active.data.current as { screen: { id: string; name: string } } | undefined)?.screen;
    if (e.over?.id === DROP_ZONE && screen) void add([screen]);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={dropped}
      accessibility={{
        screenReaderInstructions: { draggable: t('members.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('members.announce.picked', { name: String(active.data.current?.screen?.name ?? '') }),
          onDragOver: ({ over }) => (over ? t('members.announce.over') : t('members.announce.away')),
          onDragEnd: ({ active, over }) =>
            over ? t('members.announce.dropped', { name: String(active.data.current?.screen?.name ?? '') }) : t('members.announce.cancelled'),
          onDragCancel: () => t('members.announce.cancelled'),
        },
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {canEdit ? (
          <Paper component="section" aria-labelledby="group-candidates-title" withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4" id="group-candidates-title">
                {t('members.screens')}
              </Title>
              <TextInput label={t('members.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
              {candidates.length === 0 ? (
                <Text c="dimmed">{t('members.noCandidates')}</Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('members.choose')}</Table.Th>
                      <Table.Th>{t('members.screen')}</Table.Th>
                      <Table.Th>{t('members.inGroup')}</Table.Th>
                      <Table.Th>{t('members.move')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {candidates.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('members.select', { name: s.name })}
                            checked={chosen.includes(s.id)}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              setChosen((c) => (on ? [...c, s.id] : c.filter((id) => id !== s.id)));
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          {s.name}
                          {s.location && (
                            <Text size="xs" c="dimmed">
                              {s.location}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{groupOf.get(s.id) ?? '—'}</Table.Td>
                        <Table.Td>
                          <DraggableScreen screen={s} disabled={busy} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Group>
                <Button disabled={!chosen.length} loading={busy} onClick={() => void add(candidates.filter((s) => chosen.includes(s.id)))}>
                  {t('members.addChosen', { count: chosen.length })}
                </Button>
              </Group>
              {failures.length > 0 && (
                <Alert color="red" role="alert" title={t('members.notAdded')}>
                  <Stack gap={2}>
                    {failures.map((f) => (
                      <Text key={f} size="sm">
                        {f}
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              )}
            </Stack>
          </Paper>
        ) : (
          <Alert color="gray">{t('readOnly')}</Alert>
        )}
        <MemberDropZone group={group} canEdit={canEdit} onRemove={(s) => void remove(s)} />
      </SimpleGrid>
    </DndContext>
  );
}

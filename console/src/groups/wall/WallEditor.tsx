import { Alert, Badge, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../api/client';
import { notifyDone, notifyFailed } from '../../common/notify';
import { QueryError } from '../../common/QueryError';
import type { ScreenGroup } from '../types';
import { PanelFields } from './PanelFields';
import { SpanPreview } from './SpanPreview';
import { WallCanvas } from './WallCanvas';
import { faultyPanels, fromSpan, MAX_CANVAS, MIN_CANVAS, type Panel, spanBody, type Wall, wallFor } from './wall-geometry';

/**
 * The group as a video wall: each member's panel placed on the canvas (dragged, or in numbers),
 * saved as the group's span; what each panel shows, and how its video files are coming along.
 */
export function WallEditor({ group, canEdit }: { group: ScreenGroup; canEdit: boolean }) {
  const { t } = useTranslation(['groups', 'common']);
  const client = useQueryClient();
  const path = { params: { path: { id: group.id } } };
  const span = $api.useQuery('get', '/api/v1/screen-groups/{id}/span', path);
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/screen-groups') });
  const put = $api.useMutation('put', '/api/v1/screen-groups/{id}/span', { onSettled: refresh });
  // Unsaved changes; until the first, the wall shown is the saved one (with a panel for each new member).
  const [draft, setDraft] = useState<Wall>();
  const [selectedId, setSelectedId] = useState<string>();

  if (span.error) return <QueryError error={span.error} />;
  const saved = span.data?.data;
  if (!saved) return null;
  if (group.screens.length === 0) return <Alert color="gray">{t('wall.noMembers')}</Alert>;
  const wall = draft ?? wallFor(group.screens, saved.geometry ? fromSpan(saved.geometry) : undefined);
  const selected = wall.panels.find((p) => p.screenId === selectedId) ?? wall.panels[0]!;
  const faulty = faultyPanels(wall);
  const setPanel = (panel: Panel) => setDraft({ ...wall, panels: wall.panels.map((p) => (p.screenId === panel.screenId ? panel : p)) });
  const setCanvas = (side: 'width' | 'height', value: string | number) =>
    setDraft({ ...wall, canvas: { ...wall.canvas, [side]: typeof value === 'number' ? Math.round(value) : Number.parseInt(value, 10) || 0 } });

  const save = async (body: Parameters<typeof put.mutateAsync>[0]['body'], done: string) => {
    try {
      await put.mutateAsync({ ...path, body });
      setDraft(undefined);
      notifyDone(done);
    } catch (error) {
      notifyFailed(error);
    }
  };
  const preparations = saved.preparations;
  // A member that joined since the wall was saved has no panel yet: the wall needs saving again.
  const unsaved = draft !== undefined || saved.displayMode !== 'span' || wall.panels.length !== saved.geometry?.panels.length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('wall.title')}
          </Title>
          <Text size="sm">{saved.displayMode === 'span' ? t('wall.isWall') : t('wall.isMirror')}</Text>
        </Stack>
        {canEdit && (
          <Group>
            {saved.displayMode === 'span' && (
              <Button variant="default" loading={put.isPending} onClick={() => void save({ displayMode: 'mirror' }, t('wall.mirrored'))}>
                {t('wall.mirror')}
              </Button>
            )}
            <Button loading={put.isPending} disabled={faulty.size > 0 || !unsaved} onClick={() => void save(spanBody(wall), t('wall.saved'))}>
              {t('wall.save')}
            </Button>
          </Group>
        )}
      </Group>
      {faulty.size > 0 && (
        <Alert color="red" role="alert">
          {t('wall.faulty', {
            names: wall.panels
              .filter((p) => faulty.has(p.screenId))
              .map((p) => p.screenName)
              .join(', '),
          })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <Stack style={{ gridColumn: 'span 2' }}>
          <WallCanvas wall={wall} selectedId={selected.screenId} editable={canEdit} onSelect={setSelectedId} onPanel={setPanel} />
          <Text size="sm" c="dimmed">
            {t('wall.instructions')}
          </Text>
        </Stack>
        <Stack>
          <Group grow>
            {(['width', 'height'] as const).map((side) => (
              <NumberInput
                key={side}
                label={t(`wall.canvas.${side}`)}
                value={wall.canvas[side]}
                min={MIN_CANVAS}
                max={MAX_CANVAS}
                allowDecimal={false}
                disabled={!canEdit}
                onChange={(v) => setCanvas(side, v)}
              />
            ))}
          </Group>
          <Select
            label={t('wall.choosePanel')}
            data={wall.panels.map((p) => ({ value: p.screenId, label: p.screenName }))}
            value={selected.screenId}
            allowDeselect={false}
            onChange={(v) => v && setSelectedId(v)}
          />
          <PanelFields panel={selected} canvas={wall.canvas} editable={canEdit} onPanel={setPanel} />
        </Stack>
      </SimpleGrid>
      <SpanPreview wall={wall} />
      {preparations.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('wall.files')}
          </Title>
          <Group gap="xs">
            {(['ready', 'processing', 'queued', 'failed'] as const).map((status) => {
              const count = preparations.filter((p) => p.status === status).length;
              return count ? (
                <Badge key={status} variant="light" radius="sm" color={status === 'failed' ? 'red' : status === 'ready' ? 'green' : 'gray'}>
                  {t(`wall.fileStatus.${status}`, { count })}
                </Badge>
              ) : null;
            })}
          </Group>
        </Stack>
      )}
      {!canEdit && <Alert color="gray">{t('readOnly')}</Alert>}
    </Stack>
  );
}

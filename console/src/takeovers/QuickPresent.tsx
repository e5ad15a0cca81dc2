import { Alert, Button, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';
import { exactTime } from '../screens/dates';

const KINDS = ['playlist', 'layout', 'asset'] as const;
type Kind = (typeof KINDS)[number];
const DURATIONS = [5, 15, 30, 60, 0] as const;
type Duration = (typeof DURATIONS)[number];
const OVERRIDES = ['get', '/api/v1/presentation-overrides'] as const;

/** The items of one content kind that can be presented: every playlist, published layouts, ready assets. */
function useItems(kind: Kind) {
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } }, { enabled: kind === 'playlist' });
  const layouts = $api.useQuery('get', '/api/v1/layouts', { params: { query: { pageSize: 100 } } }, { enabled: kind === 'layout' });
  const assets = $api.useQuery('get', '/api/v1/assets', { params: { query: { pageSize: 100, status: 'ready' } } }, { enabled: kind === 'asset' });
  if (kind === 'playlist') return (playlists.data?.data.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (kind === 'layout') return (layouts.data?.data.items ?? []).filter((l) => l.publishedRevision !== undefined).map((l) => ({ value: l.id, label: l.name }));
  return (assets.data?.data.items ?? []).map((a) => ({ value: a.id, label: a.name }));
}

/** Quick present on one screen or group: the session running there with its stop, or the form to start one. */
export function QuickPresent({ targetType, targetId, canPresent }: { targetType: 'screen' | 'group'; targetId: string; canPresent: boolean }) {
  const { t } = useTranslation(['takeovers', 'common']);
  const client = useQueryClient();
  const sessions = $api.useQuery(...OVERRIDES);
  const refresh = () => client.invalidateQueries({ queryKey: [OVERRIDES[0], OVERRIDES[1]] });
  const start = $api.useMutation('post', '/api/v1/presentation-overrides', { onSettled: refresh });
  const stop = $api.useMutation('post', '/api/v1/presentation-overrides/{id}/stop', { onSettled: refresh });
  const [kind, setKind] = useState<Kind>('playlist');
  const [contentId, setContentId] = useState<string | null>(null);
  const [duration, setDuration] = useState<Duration>(15);
  const [wake, setWake] = useState(true);
  const [failure, setFailure] = useState<unknown>();
  const items = useItems(kind);
  const running = sessions.data?.data.items.find((s) => s.targetType === targetType && s.targetId === targetId && !s.stoppedAt);

  const present = async () => {
    if (!contentId) return;
    setFailure(undefined);
    try {
      const made = await start.mutateAsync({ body: { targetType, targetId, contentType: kind, contentId, durationMinutes: duration, wakeDisplay: wake } });
      notifyDone(t('quick.started', { name: made.data.contentName }));
    } catch (error) {
      setFailure(error);
    }
  };
  const end = async (id: string) => {
    try {
      await stop.mutateAsync({ params: { path: { id } }, body: {} });
      notifyDone(t('quick.stopped'));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={2} size="h4">
        {t('quick.title')}
      </Title>
      <Text size="sm">{t('quick.intro')}</Text>
      {running ? (
        <Alert
          color="blue"
          title={t('quick.active', { name: running.contentName, kind: t(`quick.kinds.${running.contentType as Kind}`), since: exactTime(running.startedAt) })}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{running.expiresAt ? t('quick.until', { at: exactTime(running.expiresAt) }) : t('quick.untilStopped')}</Text>
            {canPresent && (
              <Button color="red" variant="light" loading={stop.isPending} onClick={() => void end(running.id)}>
                {t('quick.stop')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : canPresent ? (
        <>
          <Group grow align="flex-start">
            <Select
              label={t('quick.kind')}
              data={KINDS.map((k) => ({ value: k, label: t(`quick.kinds.${k}`) }))}
              value={kind}
              allowDeselect={false}
              onChange={(v) => {
                setKind((v as Kind | null) ?? 'playlist');
                setContentId(null);
              }}
            />
            <Select label={t('quick.item')} searchable data={items} value={contentId} onChange={setContentId} />
          </Group>
          <Select
            label={t('quick.duration')}
            data={DURATIONS.map((d) => ({ value: String(d), label: t(`quick.durations.${d}`) }))}
            value={String(duration)}
            allowDeselect={false}
            onChange={(v) => setDuration(Number(v ?? 15) as Duration)}
          />
          <Checkbox label={t('quick.wake')} checked={wake} onChange={(e) => setWake(e.currentTarget.checked)} />
          {failure !== undefined && (
            <Alert color="red" role="alert">
              {errorCode(failure) === 'presentation_conflict' ? t('quick.conflict') : errorMessage(failure, t('common:errors.network'))}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void present()} disabled={!contentId} loading={start.isPending}>
              {t('quick.start')}
            </Button>
          </Group>
        </>
      ) : (
        <Alert color="gray">{t('quick.readOnly')}</Alert>
      )}
    </Stack>
  );
}

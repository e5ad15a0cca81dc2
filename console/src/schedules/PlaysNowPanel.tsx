import '@mantine/dates/styles.css';
import { Alert, Card, List, Stack, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { QueryError } from '../common/QueryError';
import { pickerInstant, pickerValue } from './schedule-form';
import { clockOf, dateOf, wallClock } from './zone-time';

type Preview = DataOf<'/api/v1/schedules/preview', 'post'>;
type Holding = Preview['holding'][number];

const KNOWN_SOURCES = ['takeovers.takeover', 'presentation-overrides.override', 'schedules.schedule', 'playlists.assignment', 'screen-groups.assignment'];

/**
 * "What plays on this screen at this moment, and why": the server's own answer
 * (POST /api/v1/schedules/preview, decided as the manifest is), put in words. The moment is
 * picked in the screen's zone, like the calendar.
 */
export function PlaysNowPanel({ screenId, zone }: { screenId: string; zone: string }) {
  const { t } = useTranslation('schedules');
  const [moment, setMoment] = useState<string | null>(() => pickerValue(Date.now(), zone));
  const at = pickerInstant(moment, zone);
  const timestamp = Number.isFinite(at) ? new Date(at).toISOString() : undefined;
  const preview = $api.useQuery('post', '/api/v1/schedules/preview', { body: { screenId, ...(timestamp ? { timestamp } : {}) } });
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const names = new Map((playlists.data?.data.items ?? []).map((p) => [p.id, p.name]));
  const answer = preview.data?.data;
  const scheduleOf = (h: Holding) => answer?.applicableSchedules.find((s) => s.id === h.id);

  const what = (h: Holding) =>
    h.playlistId ? t('now.playlist', { name: names.get(h.playlistId) ?? scheduleOf(h)?.playlistName ?? t('now.unknownPlaylist') }) : t('now.layout');
  const why = (h: Holding) => {
    const s = scheduleOf(h);
    if (h.source === 'schedules.schedule') return t('now.sources.schedules.schedule', { name: s?.name ?? '', priority: s?.priority ?? 0 });
    return KNOWN_SOURCES.includes(h.source)
      ? t(`now.sources.${h.source}` as 'now.sources.other', { source: h.source })
      : t('now.sources.other', { source: h.source });
  };
  const stamp = (iso: string) => {
    const wall = wallClock(zone, Date.parse(iso));
    return `${dateOf(wall)} ${clockOf(wall)}`;
  };
  const [winner, ...outranked] = answer?.holding ?? [];

  return (
    <Card withBorder component="section" aria-labelledby="plays-now-title">
      <Stack>
        <Title order={2} size="h4" id="plays-now-title">
          {t('now.title')}
        </Title>
        <DateTimePicker
          label={t('now.moment', { zone })}
          description={t('now.momentHint')}
          valueFormat="YYYY-MM-DD HH:mm"
          value={moment}
          onChange={setMoment}
        />
        {preview.error && <QueryError error={preview.error} />}
        {answer && (
          <div aria-live="polite">
            {winner ? (
              <Stack gap="xs">
                <Text fw={600}>{t('now.wins', { what: what(winner) })}</Text>
                <Text>{t('now.because', { why: why(winner) })}</Text>
                {outranked.length ? (
                  <>
                    <Text>{t('now.outranked')}</Text>
                    <List>
                      {outranked.map((h) => (
                        <List.Item key={`${h.source}:${h.id}`}>
                          {what(h)} — {why(h)}
                        </List.Item>
                      ))}
                    </List>
                  </>
                ) : (
                  <Text c="dimmed">{t('now.nothingOutranked')}</Text>
                )}
              </Stack>
            ) : (
              <Text>{t('now.nothing')}</Text>
            )}
            {answer.conflicts.map((c) => (
              <Alert key={c} color="orange" mt="sm">
                {t('now.tie', { text: c })}
              </Alert>
            ))}
            {answer.nextTransition && (
              <Text size="sm" mt="sm">
                {t('now.next', { at: stamp(answer.nextTransition) })}
              </Text>
            )}
          </div>
        )}
      </Stack>
    </Card>
  );
}

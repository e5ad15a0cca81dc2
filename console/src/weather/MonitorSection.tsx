import { Alert, Button, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { notifyDone } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { LastContact } from '../screens/LastContact';
import { problemInWords } from './monitor-health';
import { type Monitor, WEATHER_PATH } from './types';

const upper = (values: string[]) => [...new Set(values.map((v) => v.trim().toUpperCase()).filter(Boolean))];

/** The monitor: where and how often to look, its health in words, and a check now. Keyed by `updatedAt`, so a saved change refills it. */
export function MonitorSection({ monitor, canEdit }: { monitor: Monitor; canEdit: boolean }) {
  const { t } = useTranslation(['weather', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith(WEATHER_PATH) });
  const save = $api.useMutation('put', '/api/v1/alerts/weather/monitor', { onSuccess: refresh });
  const poll = $api.useMutation('post', '/api/v1/alerts/weather/poll', { onSettled: refresh });
  const [enabled, setEnabled] = useState(monitor.enabled);
  const [areas, setAreas] = useState(monitor.areas);
  const [zones, setZones] = useState(monitor.zones);
  const [interval, setInterval] = useState<number | string>(monitor.pollIntervalSeconds);
  const [lookupArea, setLookupArea] = useState('');
  const [asked, setAsked] = useState('');
  const lookup = $api.useQuery('get', '/api/v1/alerts/weather/zones', { params: { query: { area: asked } } }, { enabled: asked !== '', retry: false });

  const found = lookup.data?.data.items ?? [];
  const zoneOptions = [
    ...found.map((z) => ({ value: z.id, label: `${z.id} ${z.name} (${t(`monitor.zoneType.${z.type === 'county' ? 'county' : 'forecast'}`)})` })),
    ...zones.filter((z) => !found.some((f) => f.id === z)).map((z) => ({ value: z, label: z })),
  ];
  const submit = async () => {
    try {
      await save.mutateAsync({ body: { enabled, areas: upper(areas), zones: upper(zones), pollIntervalSeconds: Number(interval) } });
      notifyDone(t('monitor.saved'));
    } catch {
      // said below the form
    }
  };
  const checkNow = async () => {
    try {
      const result = await poll.mutateAsync({});
      notifyDone(t('monitor.polled', { count: result.data.activeAlerts.length }));
    } catch {
      // said below the health
    }
  };

  return (
    <Stack component="section" aria-labelledby="weather-monitor" gap="sm">
      <Title order={2} size="h4" id="weather-monitor">
        {t('monitor.title')}
      </Title>
      <Switch label={t('monitor.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} disabled={!canEdit} />
      <TagsInput label={t('monitor.areas')} description={t('monitor.areasHint')} value={areas} onChange={(v) => setAreas(upper(v))} disabled={!canEdit} />
      {canEdit && (
        <Group align="flex-end" gap="sm">
          <TextInput label={t('monitor.lookupArea')} value={lookupArea} onChange={(e) => setLookupArea(e.currentTarget.value)} maxLength={10} w={140} />
          <Button variant="default" onClick={() => setAsked(lookupArea.trim().toUpperCase())} disabled={!lookupArea.trim()} loading={lookup.isFetching}>
            {t('monitor.lookup')}
          </Button>
          {lookup.isSuccess && <Text size="sm">{t('monitor.lookupFound', { count: found.length })}</Text>}
        </Group>
      )}
      {lookup.error && <QueryError error={lookup.error} />}
      <MultiSelect
        label={t('monitor.zones')}
        description={t('monitor.zonesHint')}
        data={zoneOptions}
        value={zones}
        onChange={setZones}
        searchable
        disabled={!canEdit}
      />
      <NumberInput label={t('monitor.interval')} min={60} max={3600} allowDecimal={false} value={interval} onChange={setInterval} disabled={!canEdit} w={220} />
      {save.error && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t('common:errors.network'))}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('monitor.save')}
          </Button>
          <Button variant="default" onClick={() => void checkNow()} loading={poll.isPending}>
            {t('monitor.poll')}
          </Button>
        </Group>
      )}
      <Title order={3} size="h5">
        {t('monitor.health')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          {t('monitor.lastPolled')}: {monitor.lastPolledAt ? <LastContact at={monitor.lastPolledAt} /> : t('monitor.never')}
        </Text>
        <Text size="sm">
          {t('monitor.lastSuccess')}: {monitor.lastSuccessAt ? <LastContact at={monitor.lastSuccessAt} /> : t('monitor.never')}
        </Text>
        <Text size="sm">
          {t('monitor.lastError')}: {monitor.lastErrorCode ? problemInWords(monitor.lastErrorCode) : t('monitor.noError')}
        </Text>
        <Text size="sm">
          {t('monitor.matched')}: {monitor.lastMatchedCount}
        </Text>
      </SimpleGrid>
      {poll.error && <QueryError error={poll.error} />}
    </Stack>
  );
}

import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';

/** How long activity is kept, for administrators: one number of days for every kind of activity record. */
export function RetentionSetting() {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const current = $api.useQuery('get', '/api/v1/activity/retention');
  const save = $api.useMutation('patch', '/api/v1/activity/retention');
  const kept = current.data?.data;
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (kept) setDays(kept.playbackSessionDays);
  }, [kept]);

  const submit = async () => {
    if (!kept || typeof days !== 'number') return;
    try {
      // The server keeps every activity class for the same time; the audit log's is the deployment's and is sent back unchanged.
      await save.mutateAsync({
        body: {
          rawEventDays: days,
          playbackSessionDays: days,
          screenStateDays: days,
          diagnosticMetadataDays: days,
          telemetryRollupDays: days,
          auditLogDays: kept.auditLogDays,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/v1/activity/retention'] });
      notifyDone(t('retention.saved', { count: days }));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Stack component="section" aria-labelledby="retention-title" gap="xs">
      <Title order={2} size="h4" id="retention-title">
        {t('retention.title')}
      </Title>
      {current.error ? <QueryError error={current.error} /> : null}
      <Group align="end">
        <NumberInput label={t('retention.days')} value={days} onChange={setDays} min={1} max={3650} allowDecimal={false} w={200} disabled={!kept} />
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!kept || days === kept.playbackSessionDays}>
          {t('retention.save')}
        </Button>
      </Group>
      {kept && <Text size="sm">{t('retention.audit', { count: kept.auditLogDays })}</Text>}
    </Stack>
  );
}

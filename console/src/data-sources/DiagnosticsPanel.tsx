import { Alert, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import '../common/dates';
import { QueryError } from '../common/QueryError';
import { failureWords } from './diagnostic-words';

const COLOR = { pending: 'gray', ready: 'green', stale: 'yellow', error: 'red' } as const;

/** How the source's reads go, in words: the last good one and the last attempt, what went wrong, what comes next. */
export function DiagnosticsPanel({ id }: { id: string }) {
  const { t } = useTranslation('dataSources');
  const diagnostics = $api.useQuery('get', '/api/v1/data-sources/{id}/diagnostics', { params: { path: { id } } });
  if (diagnostics.error) return <QueryError error={diagnostics.error} />;
  const d = diagnostics.data?.data;
  if (!d) return null;
  const when = (at: string | null | undefined) => (at ? `${dayjs(at).format('LLL')} (${dayjs(at).fromNow()})` : t('diagnostics.never'));
  const words = d.error ? failureWords(d.error.code) : undefined;
  const facts: [string, string][] = [
    [t('diagnostics.lastSuccess'), when(d.lastSuccessfulRefresh)],
    [t('diagnostics.lastAttempt'), when(d.lastAttemptedRefresh)],
    [t('diagnostics.failures'), String(d.consecutiveFailures)],
    [t('diagnostics.items'), String(d.availableItemCount + d.availableEventCount)],
    [
      t('diagnostics.interval'),
      d.refreshIntervalSeconds ? t('diagnostics.intervalValue', { minutes: String(Math.round(d.refreshIntervalSeconds / 60)) }) : t('diagnostics.onEdit'),
    ],
    ...(d.refreshIntervalSeconds ? ([[t('diagnostics.next'), when(d.nextRefreshAt)]] as [string, string][]) : []),
    ...(d.durationMs !== null ? ([[t('diagnostics.duration'), t('diagnostics.durationValue', { ms: String(d.durationMs) })]] as [string, string][]) : []),
  ];
  return (
    <Stack>
      <Alert color={COLOR[d.status]} title={t(`diagnostics.summary.${d.status}`)} role={d.error ? 'alert' : undefined}>
        {words && d.error && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('diagnostics.whatHappened')}
            </Text>
            <Text size="sm">{t(`diagnostics.codes.${words.key}` as 'diagnostics.codes.unknown', words.values as { code: string })}</Text>
            {d.error.message && (
              <Text size="xs" c="dimmed">
                {t('diagnostics.serverSaid', { message: d.error.message })}
              </Text>
            )}
          </Stack>
        )}
      </Alert>
      <Table variant="vertical" withTableBorder maw={640}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={240}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

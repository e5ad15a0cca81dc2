import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Box, Card, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { formatDuration, formatPercent } from './report-format';
import { UPTIME_WINDOWS, type UptimeWindow } from './report-params';

/**
 * The fleet's uptime from what players reported, overall and per screen, over the last day or week
 * (the windows the server measures). Worst screens first.
 */
export function FleetUptime({ window, onWindow }: { window: UptimeWindow; onWindow: (window: UptimeWindow) => void }) {
  const { t } = useTranslation('reports');
  const uptime = $api.useQuery('get', '/api/v1/activity/uptime', { params: { query: { window } } }, { refetchInterval: 60_000 });
  const report = uptime.data?.data;
  const hourly = window === '24h';
  const buckets = (report?.buckets ?? []).map((b) => ({
    at: dayjs(b.start).format(hourly ? 'HH:mm' : 'D MMM HH:mm'),
    up: b.upPercent,
    impaired: b.impairedPercent,
    down: b.downPercent,
    unknown: b.unknownPercent,
  }));
  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label={t('uptime.window')}
        value={window}
        onChange={(w) => onWindow(w as UptimeWindow)}
        data={UPTIME_WINDOWS.map((w) => ({ value: w, label: t(`uptime.windows.${w}`) }))}
        w="fit-content"
      />
      {uptime.error ? <QueryError error={uptime.error} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {(
          [
            ['overall', report && formatPercent(report.uptimePercent)],
            ['previous', report && formatPercent(report.previousUptimePercent)],
            ['withDowntime', report?.screensWithDowntime],
            ['unmeasured', report?.screensUnmeasured],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} withBorder padding="sm">
            <Text size="sm">{t(`uptime.cards.${key}`)}</Text>
            <Text fw={700} size="xl">
              {value ?? '…'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Box component="figure" m={0} aria-label={t('uptime.chart')}>
        <Text component="figcaption" fw={600} size="sm" mb="xs">
          {t('uptime.chart')}
        </Text>
        <BarChart
          h={200}
          data={buckets}
          dataKey="at"
          type="stacked"
          unit=" %"
          series={[
            { name: 'up', label: t('uptime.states.up'), color: 'teal.6' },
            { name: 'impaired', label: t('uptime.states.impaired'), color: 'yellow.6' },
            { name: 'down', label: t('uptime.states.down'), color: 'red.6' },
            { name: 'unknown', label: t('uptime.states.unknown'), color: 'gray.4' },
          ]}
        />
      </Box>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('uptime.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.screen')}</Table.Th>
              <Table.Th>{t('uptime.columns.uptime')}</Table.Th>
              <Table.Th>{t('uptime.columns.down')}</Table.Th>
              <Table.Th>{t('uptime.columns.impaired')}</Table.Th>
              <Table.Th>{t('uptime.columns.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report?.screens ?? []).map((s) => (
              <Table.Tr key={s.screenId}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/screens/${s.screenId}`}>
                    {s.screenName}
                  </Anchor>
                </Table.Th>
                <Table.Td>{formatPercent(s.uptimePercent)}</Table.Td>
                <Table.Td>{formatDuration(s.downSeconds * 1000)}</Table.Td>
                <Table.Td>{formatDuration(s.impairedSeconds * 1000)}</Table.Td>
                <Table.Td>
                  {s.uptimePercent === null ? (
                    <Badge color="gray" variant="light">
                      {t('uptime.states.unmeasured')}
                    </Badge>
                  ) : s.downSeconds > 0 ? (
                    <Badge color="red" variant="light">
                      {t('uptime.states.wasDown')}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('uptime.states.alwaysUp')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

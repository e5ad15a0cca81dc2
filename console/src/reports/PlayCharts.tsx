import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, SimpleGrid, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { utcDays } from './report-params';

interface DayRow {
  key: string | null;
  sessions: number;
  durationMs: number;
  completionRate: number | null;
}

/** Plays, playing time and completion per UTC day over the range; days without plays are zero. */
export function PlayCharts({ rows, range }: { rows: DayRow[]; range: { from: string; to: string } }) {
  const { t } = useTranslation('reports');
  const byDay = new Map(rows.map((r) => [r.key, r]));
  const data = utcDays(range).map((day) => {
    const r = byDay.get(day);
    return {
      day: dayjs(day).format('D MMM'),
      plays: r?.sessions ?? 0,
      minutes: Math.round((r?.durationMs ?? 0) / 60_000),
      completion: r?.completionRate === null || r === undefined ? null : Math.round(r.completionRate * 100),
    };
  });
  const chart = (title: string, body: React.ReactNode) => (
    <Box component="figure" m={0} aria-label={title}>
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {body}
    </Box>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {chart(t('charts.plays'), <BarChart h={200} data={data} dataKey="day" series={[{ name: 'plays', label: t('columns.plays'), color: 'blue.6' }]} />)}
      {chart(
        t('charts.duration'),
        <BarChart h={200} data={data} dataKey="day" unit=" min" series={[{ name: 'minutes', label: t('columns.duration'), color: 'grape.6' }]} />,
      )}
      {chart(
        t('charts.completion'),
        <LineChart
          h={200}
          data={data}
          dataKey="day"
          unit=" %"
          yAxisProps={{ domain: [0, 100] }}
          connectNulls={false}
          series={[{ name: 'completion', label: t('columns.completion'), color: 'teal.6' }]}
        />,
      )}
    </SimpleGrid>
  );
}

import { Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../common/QueryError';
import { PlayCharts } from './PlayCharts';
import { PlayTable } from './PlayTable';
import { RangeFilter } from './RangeFilter';
import { DIMENSIONS, type Dimension, type ReportParams, writeParams } from './report-params';
import { formatDuration, formatPercent } from './report-format';
import { ReportPicker } from './ReportPicker';
import { exportHref, usePlayReport } from './usePlayReport';

/** Proof of play over the range: totals, charts per day, a table per screen, item or playlist, and the CSV. */
export function ProofOfPlayReport({ params, onChange }: { params: ReportParams; onChange: (change: Partial<ReportParams>) => void }) {
  const { t } = useTranslation('reports');
  const { daily, grouped, playlistNames, range, error } = usePlayReport(params);
  const totals = daily.data?.data.totals.content;
  const rows = grouped.data?.data.rows ?? [];
  const labelOf = (key: string | null, label: string | null) =>
    key === null ? t('table.unknown') : (label ?? (params.by === 'presentation' ? playlistNames.get(key) : undefined) ?? key);

  return (
    <Stack gap="lg">
      <RangeFilter params={params} onChange={onChange} />
      <Group align="end" gap="md" wrap="wrap">
        {(['screen', 'asset', 'playlist'] as const).map((kind) => (
          <ReportPicker
            key={kind}
            kind={kind}
            label={t(`filters.${kind}`)}
            placeholder={t(`filters.${kind}All`)}
            nothingFound={t('filters.nothingFound')}
            value={params[kind]}
            onChange={(id) => onChange({ [kind]: id })}
          />
        ))}
        <Button component="a" href={exportHref(params)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('export')}
        </Button>
      </Group>
      {error ? <QueryError error={error} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(
          [
            ['plays', totals?.sessions],
            ['duration', totals && formatDuration(totals.durationMs)],
            ['completion', totals && formatPercent(totals.completionRate === null ? null : totals.completionRate * 100)],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} withBorder padding="sm">
            <Text size="sm">{t(`totals.${key}`)}</Text>
            <Text fw={700} size="xl">
              {value ?? '…'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <PlayCharts rows={daily.data?.data.rows ?? []} range={range} />
      <SegmentedControl
        w="fit-content"
        aria-label={t('table.by')}
        value={params.by}
        onChange={(by) => onChange({ by: by as Dimension })}
        data={DIMENSIONS.map((d) => ({ value: d, label: t(`table.${d}`) }))}
      />
      {grouped.isSuccess && rows.length === 0 ? (
        <Text c="dimmed">{t('table.empty')}</Text>
      ) : (
        // A new report starts on its first page.
        <PlayTable key={writeParams(params).toString()} rows={rows} params={params} labelOf={labelOf} />
      )}
    </Stack>
  );
}

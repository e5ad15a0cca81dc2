import { Anchor, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../common/QueryError';
import { PlayCharts } from './PlayCharts';
import { RangeFilter } from './RangeFilter';
import { DIMENSIONS, type Dimension, type ReportParams, writeParams } from './report-params';
import { formatDuration, formatPercent } from './report-format';
import { ReportPicker } from './ReportPicker';
import { exportHref, usePlayReport } from './usePlayReport';

/** The filter a table row narrows the report to. */
const FILTER_OF: Record<Dimension, 'screen' | 'asset' | 'playlist'> = { screen: 'screen', content: 'asset', presentation: 'playlist' };

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
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('table.caption', { by: t(`table.${params.by}`) })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`table.${params.by}`)}</Table.Th>
                <Table.Th>{t('columns.plays')}</Table.Th>
                <Table.Th>{t('columns.completed')}</Table.Th>
                <Table.Th>{t('columns.completion')}</Table.Th>
                <Table.Th>{t('columns.duration')}</Table.Th>
                <Table.Th>{t('columns.interrupted')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key ?? ''}>
                  <Table.Th scope="row" fw={500}>
                    {r.key === null || params[FILTER_OF[params.by]] === r.key ? (
                      labelOf(r.key, r.label)
                    ) : (
                      <Anchor component={Link} to={`?${writeParams({ ...params, [FILTER_OF[params.by]]: r.key })}`} replace>
                        {labelOf(r.key, r.label)}
                      </Anchor>
                    )}
                  </Table.Th>
                  <Table.Td>{r.sessions}</Table.Td>
                  <Table.Td>{r.completed}</Table.Td>
                  <Table.Td>{formatPercent(r.completionRate === null ? null : r.completionRate * 100)}</Table.Td>
                  <Table.Td>{formatDuration(r.durationMs)}</Table.Td>
                  <Table.Td>{r.interrupted}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

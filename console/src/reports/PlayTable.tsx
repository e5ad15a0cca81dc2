import { Anchor, Box, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Dimension, type ReportParams, writeParams } from './report-params';
import { formatDuration, formatPercent } from './report-format';

/** Rows a page shows: a year of a large fleet stays quick to show and scroll; the CSV has every row. */
export const PAGE_ROWS = 50;

/** The filter a row narrows the report to. */
const FILTER_OF: Record<Dimension, 'screen' | 'asset' | 'playlist'> = { screen: 'screen', content: 'asset', presentation: 'playlist' };

interface Row {
  key: string | null;
  label: string | null;
  sessions: number;
  completed: number;
  completionRate: number | null;
  durationMs: number;
  interrupted: number;
}

/** The report's totals per screen, item or playlist, most played first, a page at a time; a name narrows the report to it. */
export function PlayTable({ rows, params, labelOf }: { rows: Row[]; params: ReportParams; labelOf: (key: string | null, label: string | null) => string }) {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const pages = Math.ceil(rows.length / PAGE_ROWS);
  const filter = FILTER_OF[params.by];
  return (
    <Stack gap="sm">
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
            {rows.slice((page - 1) * PAGE_ROWS, page * PAGE_ROWS).map((r) => (
              <Table.Tr key={r.key ?? ''}>
                <Table.Th scope="row" fw={500}>
                  {r.key === null || params[filter] === r.key ? (
                    labelOf(r.key, r.label)
                  ) : (
                    <Anchor component={Link} to={`?${writeParams({ ...params, [filter]: r.key })}`} replace>
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
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm">{t('table.count', { count: rows.length })}</Text>
          <Box component="nav" aria-label={t('table.pages')}>
            <Pagination total={pages} value={page} onChange={setPage} />
          </Box>
        </Group>
      )}
    </Stack>
  );
}

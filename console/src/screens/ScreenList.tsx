import { Box, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../common/QueryError';
import { SCREEN_STATUSES, type ScreenFilters, type ScreenStatus } from './screen-filters';
import { screenListQuery } from './screen-list-query';
import { type RowLabels, ScreenListItem, ScreenTableRow } from './ScreenRow';

const ROW_HEIGHT = 49;
const PHONE_ROW_HEIGHT = 64;

/**
 * The screens, a page at a time as the reader scrolls, with only the rows in view in the page: a
 * table on a wide window, a compact list (name, status, last contact) on a phone.
 */
export function ScreenList({ filters }: { filters: ScreenFilters }) {
  const { t } = useTranslation(['screens', 'common']);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const scrollRef = useRef<HTMLDivElement>(null);
  const labels = useMemo<RowLabels>(
    () => ({
      status: Object.fromEntries(SCREEN_STATUSES.map((s) => [s, t(`status.${s}`)])) as Record<ScreenStatus, string>,
      never: t('never'),
      noLocation: t('noLocation'),
    }),
    [t],
  );
  const query = useInfiniteQuery(screenListQuery(filters));
  const pages = query.data?.pages;
  // Flattened once per arriving page, not on every scroll.
  const rows = useMemo(() => pages?.flatMap((p) => p.data.items) ?? [], [pages]);
  const total = pages?.at(-1)?.data.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const virtualizer = useVirtualizer({
    count: hasNextPage ? rows.length + 1 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT),
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 1) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  // A new filter starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filters.search, filters.status, filters.locationId]);

  if (query.error) return <QueryError error={query.error} />;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (rows.length === 0) {
    const filtered = Boolean(filters.search || filters.status || filters.locationId);
    return <Text c="dimmed">{filtered ? t('list.noMatch') : t('list.empty')}</Text>;
  }

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const loadingRow = (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{t('list.loadingMore')}</Text>
    </Group>
  );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('list.count', { count: total })}
      </Text>
      <Box ref={scrollRef} style={{ height: 'calc(100dvh - 300px)', minHeight: 320, overflow: 'auto', overflowAnchor: 'none' }}>
        {phone ? (
          <ul className="screen-items" aria-label={t('list.label')} style={{ paddingTop, paddingBottom }}>
            {items.map((item) => {
              const s = rows[item.index];
              return s ? (
                <ScreenListItem key={s.id} screen={s} index={item.index} height={PHONE_ROW_HEIGHT} total={total} labels={labels} />
              ) : (
                <li key="loading" style={{ height: PHONE_ROW_HEIGHT }}>
                  {loadingRow}
                </li>
              );
            })}
          </ul>
        ) : (
          <Table stickyHeader aria-label={t('list.label')} aria-rowcount={total + 1}>
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th>{t('list.location')}</Table.Th>
                <Table.Th>{t('list.lastContact')}</Table.Th>
                <Table.Th>{t('list.device')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paddingTop > 0 && (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; it holds nothing
                <tr aria-hidden="true">
                  <td colSpan={5} style={{ height: paddingTop, padding: 0, border: 0 }} />
                </tr>
              )}
              {items.map((item) => {
                const s = rows[item.index];
                if (!s) {
                  return (
                    <Table.Tr key="loading" h={ROW_HEIGHT}>
                      <Table.Td colSpan={5}>{loadingRow}</Table.Td>
                    </Table.Tr>
                  );
                }
                return <ScreenTableRow key={s.id} screen={s} index={item.index} height={ROW_HEIGHT} labels={labels} />;
              })}
              {paddingBottom > 0 && (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; it holds nothing
                <tr aria-hidden="true">
                  <td colSpan={5} style={{ height: paddingBottom, padding: 0, border: 0 }} />
                </tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Box>
    </Stack>
  );
}

import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { LastContact } from '../screens/LastContact';
import { SCREEN_STATUSES } from '../screens/screen-filters';
import { ScreenStatusBadge } from '../screens/ScreenStatusBadge';

const PROBLEM_STATUSES = ['offline', 'stale'] as const;
const PROBLEMS_SHOWN = 25;
const DAY_MS = 24 * 60 * 60 * 1000;
const CARDS = ['screensWithReportingGaps', 'playbackFailures', 'interruptedPlays', 'failedPlayerUpdates'] as const;

/**
 * The fleet at a glance: how many screens are in each state (each a link to the filtered list),
 * the screens out of touch, and the last day's trouble counts.
 */
export function FleetHealthPage() {
  const { t } = useTranslation(['fleet', 'screens']);
  const counts = useQueries({
    queries: SCREEN_STATUSES.map((status) => ({
      ...$api.queryOptions('get', '/api/v1/screens', { params: { query: { status, pageSize: 1 } } }),
      refetchInterval: 30_000,
    })),
  });
  const problems = useQueries({
    queries: PROBLEM_STATUSES.map((status) => ({
      ...$api.queryOptions('get', '/api/v1/screens', { params: { query: { status, pageSize: PROBLEMS_SHOWN } } }),
      refetchInterval: 30_000,
    })),
  });
  const [from] = useState(() => new Date(Date.now() - DAY_MS).toISOString());
  const overview = $api.useQuery('get', '/api/v1/activity/overview', { params: { query: { from } } });

  const failed = [...counts, ...problems].find((q) => q.error)?.error;
  const total = counts.reduce((sum, q) => sum + (q.data?.data.total ?? 0), 0);
  const problemScreens = problems.flatMap((q) => q.data?.data.items ?? []);
  const problemTotals = PROBLEM_STATUSES.map((status, i) => ({ status, total: problems[i]?.data?.data.total ?? 0 }));

  return (
    <>
      <PageHeader title={t('title')} />
      {failed ? <QueryError error={failed} /> : null}
      <Stack gap="xl">
        <section aria-labelledby="fleet-status">
          <Title order={2} size="h4" id="fleet-status" mb="sm">
            {t('byStatus')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
            <Card withBorder padding="sm">
              <Text size="sm">{t('total')}</Text>
              <Text fw={700} size="xl">
                {total}
              </Text>
            </Card>
            {SCREEN_STATUSES.map((status, i) => (
              <Card key={status} withBorder padding="sm">
                <Anchor component={Link} to={`/screens?status=${status}`} size="sm">
                  {t(`screens:status.${status}`)}
                </Anchor>
                <Text fw={700} size="xl">
                  {counts[i]?.data?.data.total ?? '…'}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="fleet-problems">
          <Title order={2} size="h4" id="fleet-problems" mb="sm">
            {t('problems')}
          </Title>
          {problemScreens.length === 0 ? (
            <Text>{t('problemsEmpty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('name')}</Table.Th>
                    <Table.Th>{t('status')}</Table.Th>
                    <Table.Th>{t('location')}</Table.Th>
                    <Table.Th>{t('lastContact')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problemScreens.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/screens/${s.id}`} fw={600}>
                          {s.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <ScreenStatusBadge status={s.status} />
                      </Table.Td>
                      <Table.Td>{s.location || t('screens:noLocation')}</Table.Td>
                      <Table.Td>
                        <LastContact at={s.lastContactAt ?? s.lastHeartbeatAt} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group gap="md" mt="xs">
            {problemTotals
              .filter((p) => p.total > PROBLEMS_SHOWN)
              .map((p) => (
                <Anchor key={p.status} component={Link} to={`/screens?status=${p.status}`}>
                  {t('showAll', { count: p.total, status: t(`screens:status.${p.status}`) })}
                </Anchor>
              ))}
          </Group>
        </section>
        <section aria-labelledby="fleet-day">
          <Title order={2} size="h4" id="fleet-day" mb="sm">
            {t('last24h')}
          </Title>
          {overview.error ? (
            <QueryError error={overview.error} />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {CARDS.map((card) => {
                const value = overview.data?.data.cards[card];
                return (
                  <Card key={card} withBorder padding="sm">
                    <Text size="sm">{t(`cards.${card}`)}</Text>
                    <Text fw={700} size="xl" c={value ? 'red.8' : undefined}>
                      {value ?? '…'}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </section>
      </Stack>
    </>
  );
}

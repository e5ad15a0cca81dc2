import { Anchor, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { LastContact } from './LastContact';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${Math.round(ms / 1000)} s`);

async function proofPage(screen: string, from: string, cursor: string | undefined, signal: AbortSignal) {
  const result = await api.GET('/api/v1/activity/proof-of-play', { params: { query: { screen, from, limit: 50, ...(cursor ? { cursor } : {}) } }, signal });
  if (result.error !== undefined || !result.data) throw result.error ?? new Error('empty answer');
  return result.data;
}
type ProofPage = Awaited<ReturnType<typeof proofPage>>;

/** Playback this screen's player confirmed over the last week, newest first, more on request. */
export function ProofOfPlay({ screenId }: { screenId: string }) {
  const { t } = useTranslation(['screens', 'common', 'reports']);
  const [from] = useState(() => new Date(Date.now() - WEEK_MS).toISOString());
  // Paged by an opaque cursor, absent on the first page (the generated infinite hook would send one).
  const plays = useInfiniteQuery({
    queryKey: ['get', '/api/v1/activity/proof-of-play', screenId, from],
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ProofPage) => last.data.nextCursor,
    queryFn: ({ pageParam, signal }) => proofPage(screenId, from, pageParam, signal),
  });

  if (plays.error) return <QueryError error={plays.error} />;
  if (plays.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  const items = plays.data.pages.flatMap((p) => p.data.items);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('proof.title')}
        </Title>
        <Anchor component={Link} to={`/reports?screen=${screenId}`}>
          {t('reports:openForScreen')}
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">{t('proof.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('proof.started')}</Table.Th>
                <Table.Th>{t('proof.duration')}</Table.Th>
                <Table.Th>{t('proof.kind')}</Table.Th>
                <Table.Th>{t('proof.content')}</Table.Th>
                <Table.Th>{t('proof.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <LastContact at={p.startedAt} />
                  </Table.Td>
                  <Table.Td>{seconds(p.actualDurationMs ?? p.durationMs)}</Table.Td>
                  <Table.Td>{p.sessionType}</Table.Td>
                  <Table.Td>{p.contentType ? `${p.contentType} ${p.contentId ?? ''}` : (p.presentationType ?? '')}</Table.Td>
                  <Table.Td>{p.result}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {plays.hasNextPage && (
        <Button variant="default" onClick={() => void plays.fetchNextPage()} loading={plays.isFetchingNextPage}>
          {t('proof.more')}
        </Button>
      )}
    </Stack>
  );
}

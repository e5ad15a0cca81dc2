import { Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { LastContact } from './LastContact';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the screen's player reported over the range (by default the last day), newest first. */
export function ScreenTimeline({ screenId, range, title }: { screenId: string; range?: { from: string; to: string }; title?: string }) {
  const { t } = useTranslation(['screens', 'common']);
  const [lastDay] = useState(() => new Date(Date.now() - DAY_MS).toISOString());
  const query = range ?? { from: lastDay };
  const timeline = $api.useQuery('get', '/api/v1/activity/screens/{screenId}/timeline', { params: { path: { screenId }, query: { ...query, limit: 200 } } });

  if (timeline.error) return <QueryError error={timeline.error} />;
  if (timeline.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  const events = timeline.data.data.events;
  return (
    <Stack>
      <Title order={2} size="h4">
        {title ?? t('timeline.title')}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('timeline.when')}</Table.Th>
                <Table.Th>{t('timeline.event')}</Table.Th>
                <Table.Th>{t('timeline.category')}</Table.Th>
                <Table.Th>{t('timeline.severity')}</Table.Th>
                <Table.Th>{t('timeline.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <LastContact at={e.occurredAt} />
                  </Table.Td>
                  <Table.Td>{e.canonicalType || e.eventType}</Table.Td>
                  <Table.Td>{e.category}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={e.severity === 'error' ? 'red' : e.severity === 'warning' ? 'yellow' : 'gray'}>
                      {e.severity}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{e.failureMessage ?? e.result}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

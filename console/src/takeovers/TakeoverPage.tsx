import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import type { TakeoverScreenState } from '../events/messages';
import { LastContact } from '../screens/LastContact';
import { ScreenStateBadge, TakeoverStatusBadge } from './takeover-badges';
import { OriginLabel } from './TakeoversPage';
import { useCancelTakeover } from './useCancelTakeover';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

/**
 * One takeover and each screen it took, live: `takeover.screen_state` and `takeover.changed` events
 * make this read stale (events/messages.ts), so rows and counts follow what players report.
 */
export function TakeoverPage() {
  const { t } = useTranslation(['takeovers', 'common']);
  const { id = '' } = useParams();
  const { role } = useAuthStatus();
  const cancel = useCancelTakeover();
  const detail = $api.useQuery('get', '/api/v1/takeovers/{id}', { params: { path: { id } } });
  const back = <BackLink to="/takeovers">{t('detail.back')}</BackLink>;
  if (detail.error) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        <QueryError error={detail.error} />
      </>
    );
  }
  const x = detail.data?.data;
  if (!x) {
    return <PageLoader />;
  }
  const counts = new Map<TakeoverScreenState, number>();
  for (const s of x.screens) counts.set(s.state, (counts.get(s.state) ?? 0) + 1);
  return (
    <>
      {back}
      <PageHeader title={t('detail.title', { name: x.name })}>
        <TakeoverStatusBadge status={x.status} />
        {x.status === 'active' && atLeast(role, 'administrator') && (
          <Button color="red" onClick={() => cancel(x)}>
            {t('cancel.button')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        {x.description && <Text>{x.description}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Text size="sm">
            {t('detail.playlist')}: {x.playlistName}
          </Text>
          <Text size="sm">
            {t('list.origin')}: <OriginLabel kind={x.origin.kind} />
          </Text>
          <Text size="sm">
            {t('detail.activated')}: <LastContact at={x.activatedAt ?? undefined} />
          </Text>
          <Text size="sm">
            {x.endedAt ? t('detail.ended') : t('detail.expires')}: <LastContact at={x.endedAt ?? x.expiresAt} />
          </Text>
        </SimpleGrid>
        {x.cancellationReason && (
          <Text size="sm">
            {t('detail.reason')}: {x.cancellationReason}
          </Text>
        )}
        <Title order={2} size="h4">
          {t('detail.counts')}
        </Title>
        <Group gap="xs" aria-label={t('detail.counts')} role="list">
          {[...counts].map(([state, count]) => (
            <Badge key={state} variant="outline" radius="sm" color="gray" role="listitem">
              {t(`states.${state}`)}: {count}
            </Badge>
          ))}
        </Group>
        <Title order={2} size="h4">
          {t('detail.screens')}
        </Title>
        {x.screens.length === 0 ? (
          <Text c="dimmed">{t('detail.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.screen')}</Table.Th>
                  <Table.Th>{t('detail.state')}</Table.Th>
                  <Table.Th>{t('detail.progress')}</Table.Th>
                  <Table.Th>{t('detail.updated')}</Table.Th>
                  <Table.Th>{t('detail.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {x.screens.map((s) => (
                  <Table.Tr key={s.screenId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/screens/${s.screenId}`}>
                        {s.screenName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <ScreenStateBadge state={s.state} />
                    </Table.Td>
                    <Table.Td>{s.preparationProgress === null ? '' : `${s.preparationProgress}%`}</Table.Td>
                    <Table.Td>
                      <LastContact at={s.lastUpdatedAt} />
                    </Table.Td>
                    <Table.Td>{s.failureMessage ?? s.failureCode ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </>
  );
}

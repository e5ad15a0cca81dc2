import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { LastContact } from '../screens/LastContact';
import { TakeoverStatusBadge } from './takeover-badges';
import { useCancelTakeover } from './useCancelTakeover';

type Takeover = DataOf<'/api/v1/takeovers', 'get'>['items'][number];

/** What raised a takeover, in words. */
export function OriginLabel({ kind }: { kind: string }) {
  const { t } = useTranslation('takeovers');
  return <>{kind === 'console' || kind === 'weather_alert' ? t(`origin.${kind}`) : t('origin.other', { kind })}</>;
}

function TakeoverTable({ items, ended, canCancel }: { items: Takeover[]; ended: boolean; canCancel: boolean }) {
  const { t } = useTranslation('takeovers');
  const cancel = useCancelTakeover();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th>{t('list.playlist')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            <Table.Th>{t('list.screens')}</Table.Th>
            <Table.Th>{ended ? t('list.ended') : t('list.expires')}</Table.Th>
            <Table.Th>{t('list.origin')}</Table.Th>
            {canCancel && !ended && <Table.Th>{t('cancel.button')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((x) => (
            <Table.Tr key={x.id}>
              <Table.Td>
                <Anchor component={Link} to={`/takeovers/${x.id}`}>
                  {x.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{x.playlistName}</Table.Td>
              <Table.Td>
                <TakeoverStatusBadge status={x.status} />
              </Table.Td>
              <Table.Td>
                {t('states.active')} {x.activeCount} / {x.affectedCount}
                {x.failedCount > 0 && ` · ${t('states.failed')} ${x.failedCount}`}
              </Table.Td>
              <Table.Td>
                <LastContact at={(ended ? x.endedAt : x.expiresAt) ?? undefined} />
              </Table.Td>
              <Table.Td>
                <OriginLabel kind={x.origin.kind} />
              </Table.Td>
              {canCancel && !ended && (
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => cancel(x)} aria-label={t('cancel.title', { name: x.name })}>
                    {t('cancel.button')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Running takeovers first, then the ones that ended; `takeover.changed` events keep both current. */
export function TakeoversPage() {
  const { t } = useTranslation('takeovers');
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const list = $api.useQuery('get', '/api/v1/takeovers');
  const items = list.data?.data.items ?? [];
  const active = items.filter((x) => x.status === 'active');
  const ended = items.filter((x) => x.status !== 'active');
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack>
        <Text>{t('intro')}</Text>
        {!admin && <Alert color="gray">{t('readOnly')}</Alert>}
        {list.error && <QueryError error={list.error} />}
        <Title order={2} size="h4">
          {t('list.active')}
        </Title>
        {active.length ? <TakeoverTable items={active} ended={false} canCancel={admin} /> : <Text c="dimmed">{t('list.noneActive')}</Text>}
        <Title order={2} size="h4">
          {t('list.recent')}
        </Title>
        {ended.length ? <TakeoverTable items={ended} ended canCancel={admin} /> : <Text c="dimmed">{t('list.noneRecent')}</Text>}
      </Stack>
    </>
  );
}

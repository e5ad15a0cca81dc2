import { Button, Group, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { QueryError } from '../common/QueryError';
import { exactTime, fromNow } from './dates';
import type { PairingRequest } from './types';

/** Pairing requests waiting for an administrator, each approved (through the dialog) or rejected. */
export function PendingPairings({ onApprove }: { onApprove: (request: PairingRequest) => void }) {
  const { t } = useTranslation(['screens', 'common']);
  const client = useQueryClient();
  const pending = $api.useQuery('get', '/api/v1/screens/pairing/pending', {}, { refetchInterval: 10_000 });
  const reject = $api.useMutation('post', '/api/v1/screens/pairing/{id}/reject');

  if (pending.error) return <QueryError error={pending.error} />;
  const items = (pending.data?.data.items ?? []).filter((r) => r.status === 'pending');
  if (items.length === 0) return null;

  const device = (r: PairingRequest) => `${r.metadata.manufacturer} ${r.metadata.model}`;
  const confirmReject = (r: PairingRequest) =>
    modals.openConfirmModal({
      title: t('pending.rejectTitle'),
      children: <Text size="sm">{t('pending.rejectBody')}</Text>,
      labels: { confirm: t('pending.reject'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await reject.mutateAsync({ params: { path: { id: r.id } }, body: {} });
          notifications.show({ message: t('pending.rejected') });
        } catch (error) {
          notifications.show({ color: 'red', message: errorMessage(error, t('common:errors.network')) });
        }
        await client.invalidateQueries({ queryKey: ['get', '/api/v1/screens/pairing/pending'] });
      },
    });

  return (
    <section aria-labelledby="pending-title">
      <Title order={2} size="h4" id="pending-title" mb="xs">
        {t('pending.title')}
      </Title>
      <Table.ScrollContainer minWidth={520} mb="lg">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pending.device')}</Table.Th>
              <Table.Th>{t('pending.requested')}</Table.Th>
              <Table.Th>{t('pending.expires')}</Table.Th>
              <Table.Th>{t('pending.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{device(r)}</Table.Td>
                <Table.Td>
                  <time dateTime={r.createdAt} title={exactTime(r.createdAt)}>
                    {fromNow(r.createdAt)}
                  </time>
                </Table.Td>
                <Table.Td>
                  <time dateTime={r.expiresAt} title={exactTime(r.expiresAt)}>
                    {fromNow(r.expiresAt)}
                  </time>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => onApprove(r)} aria-label={t('pending.approveLabel', { device: device(r) })}>
                      {t('pending.approve')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => confirmReject(r)} aria-label={t('pending.rejectLabel', { device: device(r) })}>
                      {t('pending.reject')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

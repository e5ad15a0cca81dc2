import { Alert, Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { type Location, LocationDialog } from './LocationDialog';
import { placeOf } from './location-form';

export function LocationsPage() {
  const { t } = useTranslation(['locations', 'common']);
  const client = useQueryClient();
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const locations = $api.useQuery('get', '/api/v1/locations');
  const remove = $api.useMutation('delete', '/api/v1/locations/{id}');
  const [editing, setEditing] = useState<{ location?: Location } | null>(null);

  const confirmDelete = (location: Location) =>
    modals.openConfirmModal({
      title: t('deleteTitle', { name: location.name }),
      children: <Text size="sm">{t('deleteBody')}</Text>,
      labels: { confirm: t('delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { path: { id: location.id } } });
          notifications.show({ message: t('deleted', { name: location.name }) });
        } catch (error) {
          const message = errorCode(error) === 'location_in_use' ? t('inUse', { name: location.name }) : errorMessage(error, t('common:errors.network'));
          notifications.show({ color: 'red', message });
        }
        await client.invalidateQueries({ queryKey: ['get', '/api/v1/locations'] });
      },
    });

  const items = locations.data?.data.items ?? [];
  return (
    <>
      <PageHeader title={t('title')}>
        {admin && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            {t('add')}
          </Button>
        )}
      </PageHeader>
      {!admin && role && (
        <Alert color="gray" mb="md">
          {t('readOnly')}
        </Alert>
      )}
      {locations.error ? (
        <QueryError error={locations.error} />
      ) : locations.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common:loading')} />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('place')}</Table.Th>
                <Table.Th>{t('screens')}</Table.Th>
                {admin && <Table.Th>{t('actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td fw={600}>{l.name}</Table.Td>
                  <Table.Td>{placeOf(l)}</Table.Td>
                  <Table.Td>
                    <Link to={`/screens?location=${l.id}`}>{l.screenCount}</Link>
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing({ location: l })} aria-label={t('editLabel', { name: l.name })}>
                          {t('edit')}
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => confirmDelete(l)} aria-label={t('deleteLabel', { name: l.name })}>
                          {t('delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {admin && <LocationDialog opened={editing !== null} location={editing?.location} onClose={() => setEditing(null)} />}
    </>
  );
}

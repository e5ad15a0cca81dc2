import { Anchor, Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { NetworkForm } from './NetworkForm';
import { isUnavailable, NetworksUnavailable } from './NetworksUnavailable';

/** The presentation networks, with whether each has its credential and how many screens use it. */
export function NetworksPage() {
  const { t } = useTranslation('networks');
  const [adding, { open, close }] = useDisclosure();
  const list = $api.useQuery('get', '/api/v1/presentation-networks', {}, { retry: false });
  const data = list.data?.data;
  return (
    <>
      <PageHeader title={t('title')}>{data && <Button onClick={open}>{t('add')}</Button>}</PageHeader>
      <Stack>
        <Text>{t('intro')}</Text>
        {isUnavailable(list.error) ? <NetworksUnavailable /> : list.error ? <QueryError error={list.error} /> : null}
        {data &&
          (data.items.length === 0 ? (
            <Text c="dimmed">{t('none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.name')}</Table.Th>
                    <Table.Th>{t('list.ssid')}</Table.Th>
                    <Table.Th>{t('list.security')}</Table.Th>
                    <Table.Th>{t('list.credential')}</Table.Th>
                    <Table.Th>{t('list.screens')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((n) => (
                    <Table.Tr key={n.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/presentation-networks/${n.id}`}>
                          {n.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{n.ssid}</Table.Td>
                      <Table.Td>{n.securityLabel}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" radius="sm" color={n.credentialSet ? 'green' : 'yellow'}>
                          {n.credentialSet ? t('credentialSet') : t('credentialMissing')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{n.assignedScreens}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
      </Stack>
      <Modal opened={adding} onClose={close} title={t('form.newTitle')} size="lg">
        {data && <NetworkForm security={data.supportedSecurity} onDone={close} />}
      </Modal>
    </>
  );
}

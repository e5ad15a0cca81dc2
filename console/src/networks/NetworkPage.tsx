import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { NetworkForm } from './NetworkForm';
import { NetworkScreens } from './NetworkScreens';
import { isUnavailable, NetworksUnavailable } from './NetworksUnavailable';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

/** One presentation network: its settings (the credential only as "set"), its screens with their readiness and a test each. */
export function NetworkPage() {
  const { t } = useTranslation(['networks', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [editing, { open, close }] = useDisclosure();
  const detail = $api.useQuery('get', '/api/v1/presentation-networks/{id}', { params: { path: { id } } }, { retry: false });
  const list = $api.useQuery('get', '/api/v1/presentation-networks', {}, { retry: false });
  const remove = $api.useMutation('delete', '/api/v1/presentation-networks/{id}');
  const back = <BackLink to="/presentation-networks">{t('detail.back')}</BackLink>;
  if (detail.error) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        {isUnavailable(detail.error) ? <NetworksUnavailable /> : <QueryError error={detail.error} />}
      </>
    );
  }
  const d = detail.data?.data;
  if (!d) {
    return <PageLoader />;
  }
  const n = d.network;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('detail.deleteTitle', { name: n.name }),
      children: <Text size="sm">{t('detail.deleteBody')}</Text>,
      labels: { confirm: t('detail.delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { path: { id } } });
          notifyDone(t('detail.deleted', { name: n.name }));
          navigate('/presentation-networks');
        } catch (error) {
          notifyFailed(error);
        }
      },
    });
  return (
    <>
      {back}
      <PageHeader title={t('detail.title', { name: n.name })}>
        <Button variant="default" onClick={open}>
          {t('detail.edit')}
        </Button>
        <Button color="red" variant="light" onClick={confirmDelete}>
          {t('detail.delete')}
        </Button>
      </PageHeader>
      <Stack>
        <Group gap="md">
          <Text size="sm">
            {t('list.ssid')}: {n.ssid}
          </Text>
          <Text size="sm">
            {t('list.security')}: {n.securityLabel}
          </Text>
          <Badge variant="light" radius="sm" color={n.credentialSet ? 'green' : 'yellow'}>
            {n.credentialSet ? t('credentialSet') : t('credentialMissing')}
          </Badge>
          <Text size="sm">{t('detail.revision', { revision: n.configRevision })}</Text>
        </Group>
        <NetworkScreens key={n.updatedAt} networkId={n.id} assignments={d.assignments} />
      </Stack>
      <Modal opened={editing} onClose={close} title={t('form.editTitle', { name: n.name })} size="lg">
        {list.data && <NetworkForm network={n} security={list.data.data.supportedSecurity} onDone={close} />}
      </Modal>
    </>
  );
}

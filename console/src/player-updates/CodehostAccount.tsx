import { Button, Group, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { CodehostSignIn, type DeviceFlow } from './CodehostSignIn';

type Auth = DataOf<'/api/v1/player-releases', 'get'>['codehostAuth'];

/** Whom the catalog is read as, in words. */
function AccountText({ auth }: { auth: Auth }) {
  const { t } = useTranslation('playerUpdates');
  if (auth.source === 'environment') return <>{t('codehost.environment')}</>;
  return <>{auth.connected ? t('codehost.connectedAs', { login: auth.login ?? '' }) : t('codehost.anonymous')}</>;
}

/** The codehost account releases are read with; owners connect one by the device flow, or disconnect it. */
export function CodehostAccount({ auth, owner }: { auth: Auth; owner: boolean }) {
  const { t } = useTranslation(['playerUpdates', 'common']);
  const client = useQueryClient();
  const [flow, setFlow] = useState<DeviceFlow>();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/player-releases') });
  const start = $api.useMutation('post', '/api/v1/player-releases/codehost/device');
  const disconnect = $api.useMutation('delete', '/api/v1/player-releases/codehost', { onSettled: refresh });
  const close = useCallback(() => setFlow(undefined), []);

  const connect = async () => {
    try {
      setFlow((await start.mutateAsync({})).data);
    } catch (error) {
      notifyFailed(error);
    }
  };
  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t('codehost.disconnect'),
      children: (
        <Text size="sm">
          <AccountText auth={auth} />
        </Text>
      ),
      labels: { confirm: t('codehost.disconnect'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await disconnect.mutateAsync({});
          notifyDone(t('codehost.disconnected'));
        } catch (error) {
          notifyFailed(error);
        }
      },
    });

  return (
    <Group justify="space-between">
      <Text size="sm">
        {t('codehost.title')}: <AccountText auth={auth} />
        {!auth.available && !auth.connected && ` ${t('codehost.unavailable')}`}
      </Text>
      {owner && (
        <Group gap="xs">
          {auth.available && !auth.connected && (
            <Button size="xs" variant="default" loading={start.isPending} onClick={() => void connect()}>
              {t('codehost.connect')}
            </Button>
          )}
          {auth.canDisconnect && (
            <Button size="xs" variant="default" color="red" onClick={confirmDisconnect}>
              {t('codehost.disconnect')}
            </Button>
          )}
        </Group>
      )}
      <Modal opened={flow !== undefined} onClose={close} title={t('codehost.dialogTitle')}>
        {flow && <CodehostSignIn flow={flow} onDone={close} />}
      </Modal>
    </Group>
  );
}

import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { exactTime } from './dates';
import { LocationPicker } from './LocationPicker';
import type { PairingRequest } from './types';

/**
 * Pairing a screen by the code it shows: the code finds the request, the device it came from is
 * shown, and the administrator names the screen, places it and approves it.
 */
export function PairScreenDialog({ opened, onClose, request: given }: { opened: boolean; onClose: () => void; request?: PairingRequest }) {
  const { t } = useTranslation('screens');
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [request, setRequest] = useState<PairingRequest | undefined>(given);
  const [name, setName] = useState('');
  const [locationId, setLocationId] = useState<string | null>(null);
  const resolve = $api.useMutation('post', '/api/v1/screens/pairing/resolve');
  const approve = $api.useMutation('post', '/api/v1/screens/pairing/{id}/approve');
  const { reset: resetResolve } = resolve;
  const { reset: resetApprove } = approve;

  // A fresh start each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    setRequest(given);
    setName(given?.existingScreenName ?? '');
    setCode('');
    setLocationId(null);
    resetResolve();
    resetApprove();
  }, [opened, given, resetResolve, resetApprove]);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const found = await resolve.mutateAsync({ body: { code: code.trim() } });
      setRequest(found.data);
      setName(found.data.existingScreenName ?? '');
    } catch {
      // said below the field
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    try {
      const screen = await approve.mutateAsync({
        params: { path: { id: request.id } },
        body: { name: name.trim(), locationId, ...(request.previouslyPaired && request.hasActiveCredential ? { replaceExistingCredential: true } : {}) },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['get', '/api/v1/screens'] }),
        client.invalidateQueries({ queryKey: ['get', '/api/v1/screens/pairing/pending'] }),
        client.invalidateQueries({ queryKey: ['get', '/api/v1/locations'] }),
      ]);
      notifications.show({ color: 'green', message: t('pair.approved', { name: screen.data.name }) });
      onClose();
    } catch {
      // said above the buttons
    }
  };

  const resolveError = (() => {
    if (!resolve.error) return undefined;
    const code = errorCode(resolve.error);
    if (code === 'pairing_expired') return t('pair.expired');
    if (code === 'pairing_not_found') return t('pair.notFound');
    return errorMessage(resolve.error, t('pair.notFound'));
  })();

  return (
    <Modal opened={opened} onClose={onClose} title={t('pair.title')} size="lg">
      {!request ? (
        <form onSubmit={find}>
          <Stack>
            <Text>{t('pair.codeIntro')}</Text>
            <TextInput
              label={t('pair.code')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              data-autofocus
              required
            />
            {resolveError && (
              <Alert color="red" role="alert">
                {resolveError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={resolve.isPending} disabled={!code.trim()}>
                {t('pair.find')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <DeviceFacts request={request} />
            {request.status !== 'pending' && request.status !== 'approved' && <Alert color="yellow">{t('pair.notPending', { status: request.status })}</Alert>}
            {request.previouslyPaired && request.existingScreenName && (
              <Alert color="blue">{t('pair.previouslyPaired', { name: request.existingScreenName })}</Alert>
            )}
            <TextInput
              label={t('pair.name')}
              description={t('pair.nameRule')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              minLength={2}
              maxLength={120}
              required
              data-autofocus
            />
            <LocationPicker value={locationId} onChange={setLocationId} />
            {approve.error !== null && (
              <Alert color="red" role="alert">
                {errorMessage(approve.error, t('pair.notFound'))}
              </Alert>
            )}
            <Group justify="space-between">
              {!given ? (
                <Button variant="subtle" onClick={() => setRequest(undefined)}>
                  {t('pair.otherCode')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={approve.isPending} disabled={name.trim().length < 2}>
                {t('pair.approve')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function DeviceFacts({ request }: { request: PairingRequest }) {
  const { t } = useTranslation('screens');
  const m = request.metadata;
  const rows: [string, string][] = [
    [t('pair.device'), t('pair.deviceFacts', { manufacturer: m.manufacturer, model: m.model, platform: m.platform })],
    [t('pair.resolution'), `${m.screenWidth} × ${m.screenHeight}`],
    [t('pair.playerVersion'), m.playerVersion],
    [t('pair.timezone'), m.timezone],
    [t('pair.requested'), exactTime(request.createdAt)],
  ];
  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { QueryError } from '../common/QueryError';
import { OFFERED_COMMANDS, OPEN_STATES, type OfferedCommandType, isOffered } from './command-catalog';
import { LastContact } from './LastContact';
import type { ScreenCommand } from './types';

const COMMANDS = ['get', '/api/v1/screens/{id}/commands'] as const;
const STATE_COLOR: Record<ScreenCommand['state'], string> = {
  pending: 'gray',
  delivered: 'blue',
  acknowledged: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  expired: 'yellow',
};

/** Sends a remote command to the screen's player and lists the recent ones with their state. */
export function ScreenCommands({ screenId, canSend }: { screenId: string; canSend: boolean }) {
  const { t } = useTranslation(['screens', 'common']);
  const client = useQueryClient();
  const init = { params: { path: { id: screenId } } };
  const commands = $api.useQuery(...COMMANDS, init, { refetchInterval: 5_000 });
  const send = $api.useMutation('post', '/api/v1/screens/{id}/commands');
  const cancel = $api.useMutation('post', '/api/v1/screens/{id}/commands/{commandId}/cancel');
  const [choice, setChoice] = useState<OfferedCommandType | null>(null);

  const label = (type: string) => (isOffered(type) ? t(`commands.types.${type}`) : type);
  const refresh = () => client.invalidateQueries({ queryKey: [COMMANDS[0], COMMANDS[1]] });

  const dispatch = async (type: OfferedCommandType) => {
    const offered = OFFERED_COMMANDS.find((c) => c.type === type);
    try {
      await send.mutateAsync({
        ...init,
        body: { type, ...(offered && 'payload' in offered ? { payload: offered.payload } : {}), idempotencyKey: crypto.randomUUID() },
      });
      notifications.show({ color: 'green', message: t('commands.sent', { command: label(type) }) });
      setChoice(null);
    } catch {
      // said below the form
    }
    await refresh();
  };
  const submit = () => {
    if (!choice) return;
    const offered = OFFERED_COMMANDS.find((c) => c.type === choice);
    if (!offered?.disruptive) return void dispatch(choice);
    modals.openConfirmModal({
      title: t('commands.confirmTitle', { command: label(choice) }),
      children: <Text size="sm">{t('commands.confirmBody')}</Text>,
      labels: { confirm: t('commands.confirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void dispatch(choice),
    });
  };
  const cancelCommand = async (command: ScreenCommand) => {
    try {
      await cancel.mutateAsync({ params: { path: { id: screenId, commandId: command.id } } });
      notifications.show({ message: t('commands.cancelled') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, t('common:errors.network')) });
    }
    await refresh();
  };

  const items = commands.data?.data.items ?? [];
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('commands.title')}
      </Title>
      {canSend ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('commands.type')}
            data={OFFERED_COMMANDS.map((c) => ({ value: c.type, label: label(c.type) }))}
            value={choice}
            onChange={(value) => setChoice(value as OfferedCommandType | null)}
            style={{ flex: '0 1 280px' }}
          />
          <Button onClick={submit} loading={send.isPending} disabled={!choice}>
            {t('commands.send')}
          </Button>
        </Group>
      ) : (
        <Alert color="gray">{t('commands.readOnly')}</Alert>
      )}
      {send.error !== null && <QueryError error={send.error} />}
      <Title order={2} size="h4">
        {t('commands.recent')}
      </Title>
      {commands.error ? (
        <QueryError error={commands.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('commands.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('commands.command')}</Table.Th>
                <Table.Th>{t('commands.state')}</Table.Th>
                <Table.Th>{t('commands.created')}</Table.Th>
                <Table.Th>{t('commands.result')}</Table.Th>
                <Table.Th>{t('commands.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{label(c.type)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={STATE_COLOR[c.state]}>
                      {t(`commands.states.${c.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <LastContact at={c.createdAt} />
                  </Table.Td>
                  <Table.Td>{c.resultMessage ?? c.resultCode ?? ''}</Table.Td>
                  <Table.Td>
                    {canSend && OPEN_STATES.has(c.state) && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void cancelCommand(c)}
                        aria-label={t('commands.cancelLabel', { command: label(c.type) })}
                      >
                        {t('commands.cancel')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

import { ActionIcon, Alert, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { startRegistration } from '@simplewebauthn/browser';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { DataOf } from '../api/types';
import { askPassword } from './ask-password';
import { reauthenticated } from './reauthenticated';
import { Section } from './Section';
import { useSecurityChanged } from './useSecurityChanged';

type Passkey = DataOf<'/api/v1/me/security', 'get'>['passkeys'][number];
type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone(): void }) {
  const { t } = useTranslation(['security', 'common']);
  const form = useForm({ initialValues: { name: passkey.name }, validate: { name: (v) => (v.trim() ? null : t('passkeys.nameNeeded')) } });
  const save = form.onSubmit(async ({ name }) => {
    const { error } = await api.PATCH('/api/v1/me/security/passkeys/{id}', { params: { path: { id: passkey.id } }, body: { name: name.trim() } });
    if (error) return form.setFieldError('name', errorMessage(error, t('common:errors.network')));
    onDone();
  });
  return (
    <form onSubmit={save} noValidate>
      <TextInput label={t('passkeys.name')} required data-autofocus {...form.getInputProps('name')} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={form.submitting}>
          {t('common:save')}
        </Button>
      </Group>
    </form>
  );
}

export function PasskeysSection({ passkeys, available, unavailableReason }: { passkeys: Passkey[]; available: boolean; unavailableReason: string }) {
  const { t } = useTranslation(['security', 'common']);
  const changed = useSecurityChanged();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name: '' } });

  const add = form.onSubmit(async ({ name }) => {
    setFailure(undefined);
    setBusy(true);
    try {
      const started = await reauthenticated(() => api.POST('/api/v1/me/security/passkeys/options'));
      if (!started) return;
      if (started.error || !started.data) return setFailure(errorMessage(started.error, t('common:errors.network')));
      const { challengeToken, options } = started.data.data;
      const credential = await startRegistration({ optionsJSON: options as unknown as Options });
      const { error } = await api.POST('/api/v1/me/security/passkeys', {
        body: { challengeToken, credential: credential as never, ...(name.trim() ? { name: name.trim() } : {}) },
      });
      if (error) return setFailure(errorMessage(error, t('common:errors.network')));
      form.reset();
      notifications.show({ message: t('passkeys.added'), color: 'green' });
      await changed();
    } catch (err) {
      setFailure(err instanceof Error && err.name === 'NotAllowedError' ? t('passkeys.cancelled') : errorMessage(err, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  });

  const rename = (passkey: Passkey) => {
    const id = modals.open({
      title: t('passkeys.renameTitle'),
      children: (
        <RenameForm
          passkey={passkey}
          onDone={async () => {
            modals.close(id);
            await changed();
          }}
        />
      ),
    });
  };

  const remove = async (passkey: Passkey) => {
    const removed = await askPassword(t('passkeys.removeTitle', { name: passkey.name }), t('passkeys.removeReason'), async (password) => {
      const { error } = await api.POST('/api/v1/me/security/passkeys/{id}/remove', { params: { path: { id: passkey.id } }, body: { password } });
      return error ? errorMessage(error, t('common:errors.network')) : undefined;
    });
    if (removed) await changed();
  };

  return (
    <Section title={t('passkeys.title')} description={t('passkeys.description')}>
      {!available && <Alert color="gray">{t('passkeys.unavailable', { reason: unavailableReason })}</Alert>}
      {passkeys.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('passkeys.name')}</Table.Th>
                <Table.Th>{t('passkeys.created')}</Table.Th>
                <Table.Th>{t('passkeys.lastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('passkeys.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {passkeys.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{dayjs(p.createdAt).format('LL')}</Table.Td>
                  <Table.Td>{p.lastUsedAt ? dayjs(p.lastUsedAt).format('LLL') : t('passkeys.never')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" onClick={() => rename(p)} aria-label={t('passkeys.rename', { name: p.name })}>
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" onClick={() => remove(p)} aria-label={t('passkeys.remove', { name: p.name })}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{t('passkeys.none')}</Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {available && (
        <form onSubmit={add} noValidate>
          <Group align="flex-end">
            <TextInput label={t('passkeys.newName')} placeholder={t('passkeys.newNamePlaceholder')} {...form.getInputProps('name')} />
            <Button type="submit" loading={busy}>
              {t('passkeys.add')}
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

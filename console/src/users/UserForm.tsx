import { Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import type { BodyOf } from '../api/types';
import { ROLES, type Role } from '../auth/roles';

export type UserBody = BodyOf<'/api/v1/users/{id}', 'patch'>;

interface Props {
  /** The user changed, or none for a new one (then the password is required). */
  initial?: { name: string; username: string; role: Role };
  /** Sends the form; a string answer is the server's refusal, shown above the buttons. */
  submit(body: UserBody): Promise<string | undefined>;
}

const USERNAME = /^[a-zA-Z0-9._@+-]{3,254}$/;

/** Name, username, role and password of a console user, for adding one or changing one. */
export function UserForm({ initial, submit }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const creating = !initial;
  const form = useForm({
    initialValues: { name: initial?.name ?? '', username: initial?.username ?? '', role: initial?.role ?? 'editor', password: '' },
    validate: {
      name: (v) => (v.trim().length >= 2 ? null : t('form.tooShort')),
      username: (v) => (USERNAME.test(v) ? null : t('form.usernameInvalid')),
      password: (v) => ((creating || v) && v.length < 12 ? t('form.passwordTooShort') : null),
    },
  });
  const role = form.values.role as Role;
  const send = form.onSubmit(async (values) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const body: UserBody = { name: values.name.trim(), username: values.username, role: values.role as Role };
      if (values.password) body.password = values.password;
      const answer = await submit(body);
      if (answer) setRefusal(answer);
    } catch (err) {
      setRefusal(errorMessage(err, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <TextInput label={t('form.name')} required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t('form.username')} description={t('form.usernameRule')} required autoComplete="off" {...form.getInputProps('username')} />
        <Select
          label={t('form.role')}
          description={t(`roleHelp.${role}`)}
          data={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
          allowDeselect={false}
          required
          {...form.getInputProps('role')}
        />
        <PasswordInput
          label={t(creating ? 'form.password' : 'form.newPassword')}
          description={t(creating ? 'form.passwordHint' : 'form.newPasswordHint')}
          required={creating}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        {refusal && (
          <Text c="red.8" size="sm" role="alert">
            {refusal}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t(creating ? 'form.create' : 'form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

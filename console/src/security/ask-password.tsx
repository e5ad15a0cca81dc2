import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { useTranslation } from 'react-i18next';

interface PromptProps {
  reason: string;
  /** Sends the password; a string answer is the server's refusal, shown under the field. */
  submit(password: string): Promise<string | undefined>;
  onDone(): void;
}

function PasswordPrompt({ reason, submit, onDone }: PromptProps) {
  const { t } = useTranslation(['security', 'common']);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '' } });
  const send = form.onSubmit(async ({ password }) => {
    setBusy(true);
    try {
      const refusal = await submit(password);
      if (refusal) form.setFieldError('password', refusal);
      else onDone();
    } catch (err) {
      form.setFieldError('password', errorMessage(err, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <Text size="sm">{reason}</Text>
        <PasswordInput label={t('currentPassword')} autoComplete="current-password" required data-autofocus {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asks for the current password in a dialog and hands it to `submit` until the server accepts it;
 * resolves true once it did, false when the person cancelled.
 */
export function askPassword(title: string, reason: string, submit: PromptProps['submit']): Promise<boolean> {
  return new Promise((resolve) => {
    let accepted = false;
    const id = modals.open({
      title,
      onClose: () => resolve(accepted),
      children: (
        <PasswordPrompt
          reason={reason}
          submit={submit}
          onDone={() => {
            accepted = true;
            modals.close(id);
          }}
        />
      ),
    });
  });
}

import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import type { BodyOf } from '../api/types';
import { Section } from './Section';

type Change = BodyOf<'/api/v1/me/password', 'post'>;

export function PasswordSection() {
  const { t } = useTranslation(['security', 'common']);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      newPassword: (v) => (v.length < 12 ? t('password.rule') : null),
      repeat: (v, values) => (v !== values.newPassword ? t('password.mismatch') : null),
    },
  });
  const save = form.onSubmit(async (values) => {
    const body: Change = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const { error } = await api.POST('/api/v1/me/password', { body });
    if (error) {
      const field = errorCode(error) === 'password_required' ? 'currentPassword' : 'newPassword';
      return form.setFieldError(field, errorMessage(error, t('common:errors.network')));
    }
    form.reset();
    notifications.show({ message: t('password.changed'), color: 'green' });
  });
  return (
    <Section title={t('password.title')} description={t('password.description')}>
      <form onSubmit={save} noValidate>
        <Stack maw={360}>
          <PasswordInput label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordInput
            label={t('password.new')}
            description={t('password.rule')}
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label={t('password.repeat')} autoComplete="new-password" required {...form.getInputProps('repeat')} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('password.change')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

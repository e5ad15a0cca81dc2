import { Alert, Badge, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { askPassword } from './ask-password';
import { reauthenticated } from './reauthenticated';
import { Section } from './Section';
import { useSecurityChanged } from './useSecurityChanged';

interface Enrollment {
  secret: string;
  qr: string;
}

export function TotpSection({ enrolled }: { enrolled: boolean }) {
  const { t } = useTranslation(['security', 'common']);
  const changed = useSecurityChanged();
  const [enrollment, setEnrollment] = useState<Enrollment>();
  const [failure, setFailure] = useState<string>();
  const form = useForm({ initialValues: { code: '' } });

  const start = async () => {
    setFailure(undefined);
    const result = await reauthenticated(() => api.POST('/api/v1/me/security/totp'));
    if (!result) return;
    if (result.error || !result.data) return setFailure(errorMessage(result.error, t('common:errors.network')));
    const { secret, provisioningUri } = result.data.data;
    setEnrollment({ secret, qr: await QRCode.toDataURL(provisioningUri, { margin: 1, width: 200 }) });
  };

  const confirm = form.onSubmit(async ({ code }) => {
    const { error } = await api.POST('/api/v1/me/security/totp/confirm', { body: { code: code.trim() } });
    if (error) return form.setFieldError('code', errorMessage(error, t('common:errors.network')));
    setEnrollment(undefined);
    form.reset();
    notifications.show({ message: t('totp.added'), color: 'green' });
    await changed();
  });

  const remove = async () => {
    const removed = await askPassword(t('totp.removeTitle'), t('totp.removeReason'), async (password) => {
      const { error } = await api.POST('/api/v1/me/security/totp/remove', { body: { password } });
      return error ? errorMessage(error, t('common:errors.network')) : undefined;
    });
    if (removed) await changed();
  };

  return (
    <Section title={t('totp.title')} description={t('totp.description')}>
      <Group>
        <Badge color={enrolled ? 'green' : 'gray'} variant="light">
          {t(enrolled ? 'status.on' : 'status.off')}
        </Badge>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {enrollment ? (
        <form onSubmit={confirm} noValidate>
          <Stack>
            <Text size="sm">{t('totp.scan')}</Text>
            <Image src={enrollment.qr} alt={t('totp.qrAlt')} w={200} h={200} />
            <Text size="sm">
              {t('totp.manual')} <Code>{enrollment.secret}</Code>
            </Text>
            <TextInput label={t('totp.code')} autoComplete="one-time-code" inputMode="numeric" required maw={240} {...form.getInputProps('code')} />
            <Group>
              <Button type="submit" loading={form.submitting}>
                {t('totp.confirm')}
              </Button>
              <Button variant="default" onClick={() => setEnrollment(undefined)}>
                {t('common:cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          {enrolled ? (
            <Button variant="default" color="red" onClick={remove}>
              {t('totp.remove')}
            </Button>
          ) : (
            <Button onClick={start}>{t('totp.setUp')}</Button>
          )}
        </Group>
      )}
    </Section>
  );
}

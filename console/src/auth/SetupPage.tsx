import { Alert, Button, Group, PasswordInput, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { AuthLayout } from './AuthLayout';
import { useAuthStatus, useSignedInChange } from './useAuthStatus';

const USERNAME = /^[a-zA-Z0-9._@+-]{3,254}$/;

/** First run: the organization, then its owner; the owner is signed in at the end. */
export function SetupPage() {
  const { t } = useTranslation();
  const { status } = useAuthStatus();
  const navigate = useNavigate();
  const signedInChange = useSignedInChange();
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initialValues: { organizationName: '', ownerName: '', username: '', password: '', setupToken: '' },
    validate: (values) =>
      step === 0
        ? { organizationName: values.organizationName.trim().length < 2 ? t('setup.organizationTooShort') : null }
        : {
            ownerName: values.ownerName.trim().length < 2 ? t('setup.nameTooShort') : null,
            username: USERNAME.test(values.username) ? null : t('setup.usernameRule'),
            password: values.password.length < 12 ? t('setup.passwordRule') : null,
            setupToken: status?.setupTokenRequired && !values.setupToken.trim() ? t('setup.tokenNeeded') : null,
          },
  });

  if (status && !status.setupRequired) return <Navigate to="/" replace />;

  const submit = form.onSubmit(async (values) => {
    if (step === 0) return setStep(1);
    setFailure(undefined);
    const { data, error } = await api.POST('/api/v1/auth/setup', {
      body: {
        organizationName: values.organizationName.trim(),
        ownerName: values.ownerName.trim(),
        username: values.username,
        password: values.password,
        ...(values.setupToken.trim() ? { setupToken: values.setupToken.trim() } : {}),
      },
    });
    if (error || !data) return setFailure(errorMessage(error, t('errors.network')));
    await signedInChange(data.data.csrfToken);
    navigate('/screens', { replace: true });
  });

  return (
    <AuthLayout title={t('setup.title')}>
      <Text c="dimmed">{t('setup.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm" mb="md">
          <Stepper.Step label={t('setup.organizationStep')}>
            <TextInput
              label={t('setup.organizationName')}
              description={t('setup.organizationHint')}
              required
              data-autofocus
              {...form.getInputProps('organizationName')}
            />
          </Stepper.Step>
          <Stepper.Step label={t('setup.ownerStep')}>
            <TextInput label={t('setup.ownerName')} required autoComplete="name" {...form.getInputProps('ownerName')} />
            <TextInput mt="sm" label={t('setup.username')} required autoComplete="username" {...form.getInputProps('username')} />
            <PasswordInput
              mt="sm"
              label={t('setup.password')}
              description={t('setup.passwordRule')}
              required
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            {status?.setupTokenRequired && (
              <TextInput mt="sm" label={t('setup.setupToken')} description={t('setup.setupTokenHint')} required {...form.getInputProps('setupToken')} />
            )}
          </Stepper.Step>
        </Stepper>
        {failure && (
          <Alert color="red" role="alert" mb="md">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          {step > 0 ? (
            <Button variant="default" onClick={() => setStep(0)}>
              {t('back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={form.submitting}>
            {step === 0 ? t('next') : t('setup.finish')}
          </Button>
        </Group>
      </form>
    </AuthLayout>
  );
}

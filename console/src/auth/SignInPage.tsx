import { Alert, Anchor, Button, Divider, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { DemoBanner } from '../demo/DemoBanner';
import { errorMessage } from '../api/errors';
import { AuthLayout } from './AuthLayout';
import { signInWithPasskey } from './passkey';
import { safeNext } from './safe-next';
import { useAuthStatus, useSignedInChange } from './useAuthStatus';

type Method = 'totp' | 'passkey' | 'recovery_code';
interface Challenge {
  token: string;
  methods: Method[];
}

export function SignInPage() {
  const { t } = useTranslation();
  const { status } = useAuthStatus();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedInChange = useSignedInChange();
  const [challenge, setChallenge] = useState<Challenge>();
  const [method, setMethod] = useState<Method>('totp');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));
  const password = useForm({ initialValues: { username: '', password: '' } });
  const code = useForm({ initialValues: { code: '' } });

  if (status?.setupRequired) return <Navigate to="/setup" replace />;
  if (status?.authenticated) return <Navigate to={next} replace />;

  const done = async (csrfToken: string) => {
    await signedInChange(csrfToken);
    navigate(next, { replace: true });
  };

  const attempt = async (work: () => Promise<void>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      // The browser's own passkey dialog was cancelled or timed out.
      setFailure(err instanceof Error && err.name === 'NotAllowedError' ? t('signIn.passkeyCancelled') : errorMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = password.onSubmit((values) =>
    attempt(async () => {
      const { data, error } = await api.POST('/api/v1/auth/login', { body: values });
      if (error || !data) return setFailure(errorMessage(error, t('errors.network')));
      const answer = data.data;
      if (answer.mfaRequired && answer.challengeToken) {
        const methods = (answer.methods ?? []) as Method[];
        setChallenge({ token: answer.challengeToken, methods });
        setMethod(methods.find((m) => m !== 'recovery_code') ?? 'recovery_code');
        return;
      }
      if (answer.csrfToken) await done(answer.csrfToken);
    }),
  );

  const submitCode = code.onSubmit((values) =>
    attempt(async () => {
      if (!challenge) return;
      const { data, error } = await api.POST('/api/v1/auth/mfa/verify', { body: { challengeToken: challenge.token, code: values.code.trim() } });
      if (error || !data) return setFailure(errorMessage(error, t('errors.network')));
      await done(data.data.csrfToken);
    }),
  );

  const passkey = (afterPassword?: string) =>
    attempt(async () => {
      const result = await signInWithPasskey(afterPassword);
      if (result.error || !('data' in result) || !result.data) return setFailure(errorMessage(result.error, t('errors.network')));
      await done(result.data.data.csrfToken);
    });

  const alert = failure && (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );

  if (challenge) {
    return (
      <AuthLayout title={t('signIn.secondFactorTitle')}>
        {challenge.methods.length > 1 && (
          <SegmentedControl
            aria-label={t('signIn.method')}
            value={method}
            onChange={(value) => setMethod(value as Method)}
            data={challenge.methods.map((m) => ({ value: m, label: t(`signIn.methods.${m}`) }))}
          />
        )}
        {method === 'passkey' ? (
          <Stack>
            <Text>{t('signIn.passkeyStep')}</Text>
            {alert}
            <Button leftSection={<IconFingerprint size={18} aria-hidden />} loading={busy} onClick={() => passkey(challenge.token)}>
              {t('signIn.usePasskey')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submitCode} noValidate>
            <Stack>
              <TextInput
                label={t(method === 'totp' ? 'signIn.totpCode' : 'signIn.recoveryCode')}
                description={t(method === 'totp' ? 'signIn.totpHint' : 'signIn.recoveryHint')}
                autoComplete="one-time-code"
                inputMode={method === 'totp' ? 'numeric' : 'text'}
                required
                data-autofocus
                {...code.getInputProps('code')}
              />
              {alert}
              <Button type="submit" loading={busy}>
                {t('signIn.verify')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component="button" type="button" size="sm" onClick={() => setChallenge(undefined)}>
          {t('signIn.startOver')}
        </Anchor>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('signIn.title')}>
      <DemoBanner />
      <form onSubmit={submitPassword} noValidate>
        <Stack>
          <TextInput label={t('signIn.username')} autoComplete="username webauthn" required {...password.getInputProps('username')} />
          <PasswordInput label={t('signIn.password')} autoComplete="current-password" required {...password.getInputProps('password')} />
          {alert}
          <Button type="submit" loading={busy}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
      {status?.passkeysAvailable && (
        <>
          <Divider label={t('or')} labelPosition="center" />
          <Button variant="default" leftSection={<IconFingerprint size={18} aria-hidden />} loading={busy} onClick={() => passkey()}>
            {t('signIn.withPasskey')}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}

import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus, useSignedInChange } from '../auth/useAuthStatus';
import { notifyFailed } from '../common/notify';

/**
 * Shown only when the server runs in demo mode (`GET /api/v1/demo` answers; elsewhere it is a 404):
 * before signing in, the demo owner's sign-in; signed in, what a demo is and, for owners, a reset.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { status, role } = useAuthStatus();
  const navigate = useNavigate();
  const signedInChange = useSignedInChange();
  const demo = $api.useQuery('get', '/api/v1/demo', {}, { retry: false, staleTime: 60_000 });
  const reset = $api.useMutation('post', '/api/v1/demo/reset');
  const data = demo.data?.data;
  if (!data) return null;

  const confirmReset = () =>
    modals.openConfirmModal({
      title: t('demo.resetTitle'),
      children: <Text size="sm">{t('demo.resetBody')}</Text>,
      labels: { confirm: t('demo.resetConfirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await reset.mutateAsync({});
        } catch (err) {
          return notifyFailed(err, t('demo.resetFailed'));
        }
        // Everyone is signed out by a reset: start again at the sign-in page.
        await signedInChange(undefined);
        navigate('/sign-in', { replace: true });
      },
    });

  return (
    <Alert color="indigo" icon={<IconFlask size={18} aria-hidden />} title={t('demo.title')} role="region" aria-label={t('demo.title')} mb="md">
      {status?.authenticated ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('demo.signedIn')}</Text>
          {atLeast(role, 'owner') && (
            <Button size="xs" variant="white" color="red" loading={reset.isPending} onClick={confirmReset}>
              {t('demo.reset')}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm">
          {t('demo.credentials')} <Code>{data.credentials.username}</Code> / <Code>{data.credentials.password}</Code>
        </Text>
      )}
    </Alert>
  );
}

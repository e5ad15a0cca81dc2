import { Alert, Stack } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { TotpSection } from './TotpSection';

/** My own sign-in security: second factors, recovery codes, password. */
export function SecurityPage() {
  const { t } = useTranslation(['security', 'common']);
  const security = $api.useQuery('get', '/api/v1/me/security');
  const data = security.data?.data;
  return (
    <>
      <PageHeader title={t('title')} />
      {security.error && <QueryError error={security.error} />}
      {data && (
        <Stack maw={760}>
          {data.required && !data.enrolled && (
            <Alert color="yellow" icon={<IconShieldExclamation aria-hidden />} title={t('requiredTitle')}>
              {t('required')}
            </Alert>
          )}
          <TotpSection enrolled={data.totpEnrolled} />
          <PasskeysSection passkeys={data.passkeys} available={data.passkeysAvailable} unavailableReason={data.passkeysUnavailableReason} />
          <RecoveryCodesSection remaining={data.recoveryCodesRemaining} enrolled={data.enrolled} />
          <PasswordSection />
        </Stack>
      )}
    </>
  );
}

import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../api/errors';

/**
 * A request that failed, said plainly: a refused role says what this role may not do; anything else
 * shows the server's own message.
 */
export function QueryError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (errorCode(error) === 'insufficient_role') {
    return (
      <Alert color="yellow" icon={<IconLock aria-hidden />} title={t('errors.forbiddenTitle')}>
        {t('errors.forbidden', { reason: errorMessage(error, '') })}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('errors.failedTitle')} role="alert">
      {errorMessage(error, t('errors.network'))}
    </Alert>
  );
}

import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionChanged } from '../api/session';
import { useRestoreProgress } from './restore-progress';

/** A started restore: its phase and progress while the server answers 503, then the call to sign in again. */
export function RestoreProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation('system');
  const { data: state } = useRestoreProgress(jobId);
  if (state?.stage === 'finished') {
    return (
      <Alert color="green" title={t('backups.restoring.finishedTitle')} role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('backups.restoring.finished')}</Text>
          <Button onClick={sessionChanged}>{t('backups.restoring.signIn')}</Button>
        </Stack>
      </Alert>
    );
  }
  if (state?.stage === 'failed') {
    return (
      <Alert color="red" title={t('backups.restoring.failedTitle')} role="alert">
        {state.message}
      </Alert>
    );
  }
  const restoring = state?.stage === 'restoring' ? state : undefined;
  return (
    <Alert color="blue" title={t('backups.restoring.title')} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {restoring
            ? `${t(`backups.phases.${restoring.phase}`, { defaultValue: restoring.phase })} (${restoring.progressPercent} %)`
            : t('backups.restoring.starting')}
        </Text>
        <Progress value={restoring?.progressPercent ?? 0} animated aria-label={t('backups.restoring.progress')} />
      </Stack>
    </Alert>
  );
}

import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../api/types';

type Job = NonNullable<DataOf<'/api/v1/system/backups/jobs/current', 'get'>>;

/** The backup, check or restore under way: what it does now and how far it got. */
export function BackupJobProgress({ job }: { job: Job }) {
  const { t } = useTranslation('system');
  const label = t('backups.job.running', { kind: t(`backups.job.kinds.${job.kind}`), phase: t(`backups.phases.${job.phase}`, { defaultValue: job.phase }) });
  return (
    <Paper withBorder p="sm" role="status" aria-label={t('backups.job.label')}>
      <Stack gap="xs">
        <Text size="sm">{`${label} (${job.progressPercent} %)`}</Text>
        <Progress value={job.progressPercent} animated aria-label={label} />
      </Stack>
    </Paper>
  );
}

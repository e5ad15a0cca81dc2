import { ActionIcon, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { canRetry, formatBytes, type UploadEntry, type UploadFailure } from './upload-queue';
import { useProcessing } from './useProcessing';

const PHASE_COLOR = { queued: 'gray', uploading: 'blue', processing: 'violet', ready: 'green', failed: 'red' } as const;

interface Props {
  entry: UploadEntry;
  onRetry(key: string): void;
  onCancel(key: string): void;
  onProcessed(key: string, status: string | undefined, percent: number | undefined, failure?: UploadFailure): void;
}

/** One file of the upload queue: its bytes sent, then its processing, or why it failed. */
export function UploadRow({ entry, onRetry, onCancel, onProcessed }: Props) {
  const { t } = useTranslation('media');
  const processing = useProcessing(entry.phase === 'processing' ? entry.assetId : undefined);
  const { key, phase } = entry;

  useEffect(() => {
    if (phase !== 'processing' || !processing.status) return;
    const failure: UploadFailure | undefined =
      processing.status === 'failed' ? { kind: 'processing', message: processing.errorMessage ?? t('upload.failure.processingUnknown') } : undefined;
    onProcessed(key, processing.status, processing.percent, failure);
  }, [key, phase, processing.status, processing.percent, processing.errorMessage, onProcessed, t]);

  const sentPercent = entry.size === 0 ? 0 : Math.round((entry.sent / entry.size) * 100);
  const processingPercent = Math.round(entry.processingPercent ?? 0);
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={500} truncate="end" miw={0}>
            {entry.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge color={PHASE_COLOR[phase]} variant="dot">
              {t(`upload.phase.${phase}`)}
            </Badge>
            {canRetry(entry) && (
              <ActionIcon variant="subtle" aria-label={t('upload.retry', { name: entry.name })} onClick={() => onRetry(key)}>
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            )}
            {phase !== 'ready' && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t(phase === 'failed' || phase === 'processing' ? 'upload.remove' : 'upload.cancel', { name: entry.name })}
                onClick={() => onCancel(key)}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        {(phase === 'queued' || phase === 'uploading') && (
          <>
            <Progress value={sentPercent} aria-label={t('upload.fileProgress', { name: entry.name })} />
            <Text size="sm" c="dimmed">
              {t('upload.sent', { sent: formatBytes(entry.sent), size: formatBytes(entry.size) })}
            </Text>
          </>
        )}
        {phase === 'processing' && (
          <>
            <Progress value={processingPercent} color="violet" aria-label={t('upload.processingProgress', { name: entry.name })} />
            <Text size="sm" c="dimmed">
              {t('upload.processingPercent', { percent: String(processingPercent) })}
            </Text>
          </>
        )}
        {phase === 'failed' && entry.sent > 0 && (
          <Text size="sm" c="dimmed">
            {t('upload.sent', { sent: formatBytes(entry.sent), size: formatBytes(entry.size) })}
          </Text>
        )}
        {phase === 'failed' && entry.failure && (
          <Text size="sm" c="red.8" role="alert">
            {failureText(entry.failure, t)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function failureText(failure: UploadFailure, t: ReturnType<typeof useTranslation<'media'>>['t']): string {
  switch (failure.kind) {
    case 'too_large':
      return failure.maximumSizeBytes ? t('upload.failure.tooLarge', { max: formatBytes(failure.maximumSizeBytes) }) : failure.message;
    case 'unsupported':
      return t('upload.failure.unsupported');
    case 'disk_full':
      return t('upload.failure.diskFull');
    case 'processing':
      return t('upload.failure.processing', { message: failure.message });
    default:
      return failure.message;
  }
}

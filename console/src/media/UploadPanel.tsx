import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/dropzone/styles.css';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, totals } from './upload-queue';
import { UploadRow } from './UploadRow';
import { useUploadQueue } from './useUploadQueue';

/** Where files are dropped or chosen, and the queue of their uploads with total progress. */
export function UploadPanel() {
  const { t } = useTranslation('media');
  const { t: tc } = useTranslation();
  const queue = useUploadQueue(tc('errors.network'));
  const openRef = useRef<() => void>(null);
  const sum = totals(queue.state);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="media-upload-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="media-upload-title">
          {t('upload.title')}
        </Title>
        <Dropzone
          onDrop={queue.add}
          openRef={openRef}
          activateOnClick={false}
          activateOnKeyboard={false}
          useFsAccessApi={false}
          multiple
          inputProps={{ 'aria-label': t('upload.input') }}
        >
          <Group justify="center" gap="md" mih={90} wrap="wrap">
            <IconUpload size={32} aria-hidden />
            <Stack gap={4} align="center">
              <Text>{t('upload.drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('upload.types')}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        <Group>
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openRef.current?.()}>
            {t('upload.choose')}
          </Button>
        </Group>
        {sum.files > 0 && (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" aria-live="polite">
                {t('upload.total', { sent: formatBytes(sum.sentBytes), size: formatBytes(sum.totalBytes), ready: String(sum.ready), files: String(sum.files) })}
              </Text>
              {!sum.busy && (
                <Button variant="subtle" size="xs" onClick={queue.clearFinished}>
                  {t('upload.clearFinished')}
                </Button>
              )}
            </Group>
            <Progress value={sum.percent} aria-label={t('upload.totalProgress')} />
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('upload.files')}>
              {queue.state.entries.map((entry) => (
                <UploadRow key={entry.key} entry={entry} onRetry={queue.retry} onCancel={queue.cancel} onProcessed={queue.processed} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../common/QueryError';
import { exactTime } from './dates';
import { LastContact } from './LastContact';
import type { Screen } from './types';
import { usePreview } from './usePreview';

/** What the screen shows, captured by its player every few seconds while this is open. */
export function LivePreview({ screen }: { screen: Screen }) {
  const { t } = useTranslation('screens');
  const { preview, imageUrl, error, captureNow, capturing } = usePreview(screen.id);
  const capturedAt = preview?.capturedAt;
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('preview.title')}
        </Title>
        <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} onClick={captureNow} loading={capturing}>
          {t('preview.refresh')}
        </Button>
      </Group>
      {screen.status !== 'online' && <Alert color="yellow">{t('preview.offline')}</Alert>}
      {error ? <QueryError error={error} /> : null}
      {preview?.status === 'capture_error' && preview.captureFailureStatus && (
        <Alert color="red">{t('preview.failed', { reason: preview.captureFailureStatus })}</Alert>
      )}
      {imageUrl && capturedAt ? (
        <>
          <Image src={imageUrl} alt={t('preview.image', { name: screen.name, time: exactTime(capturedAt) })} radius="sm" fit="contain" mah="70vh" />
          <Text size="sm">
            {t('preview.captured')}: <LastContact at={capturedAt} />
          </Text>
        </>
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('preview.waiting')}</Text>
        </Group>
      )}
    </Stack>
  );
}

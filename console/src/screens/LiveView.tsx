import { Alert, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Screen } from './types';
import { useLiveStream } from './useLiveStream';

/** The screen's picture streamed by its player while someone watches, beside the periodic preview. */
export function LiveView({ screen }: { screen: Screen }) {
  const { t } = useTranslation(['reports', 'screens']);
  const live = useLiveStream(screen.id);
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('live.title')}
        </Title>
        {live.watching ? (
          <Button variant="default" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={live.stop}>
            {t('live.stop')}
          </Button>
        ) : (
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={live.start}>
            {t('live.start')}
          </Button>
        )}
      </Group>
      {live.ending && <Alert color="yellow">{t(`live.ended.${live.ending}`)}</Alert>}
      {live.watching && screen.status !== 'online' && <Alert color="yellow">{t('screens:preview.offline')}</Alert>}
      {live.streamUrl ? (
        <Image src={live.streamUrl} alt={t('live.image', { name: screen.name })} radius="sm" fit="contain" mah="70vh" />
      ) : live.watching ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('live.starting')}</Text>
        </Group>
      ) : (
        <Text c="dimmed">{t('live.idle')}</Text>
      )}
    </Stack>
  );
}

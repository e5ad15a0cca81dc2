import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Readiness } from './types';

const COLOR: Partial<Record<Readiness['status'], string>> = {
  ready: 'green',
  connected: 'green',
  failed: 'red',
  configuration_pending: 'blue',
  reporting_pending: 'blue',
};

/** A screen's readiness for its presentation network: a word, and the server's sentence of what to do. */
export function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation('networks');
  return (
    <Stack gap={2}>
      <Badge variant="light" radius="sm" color={COLOR[readiness.status] ?? 'yellow'}>
        {t(`readiness.${readiness.status}`)}
      </Badge>
      {readiness.detail && <Text size="xs">{readiness.detail}</Text>}
    </Stack>
  );
}

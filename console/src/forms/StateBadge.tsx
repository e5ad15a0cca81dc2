import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A record's workflow state, and whether screens show it. */
export function StateBadge({ label, onAir }: { label: string; onAir: boolean }) {
  const { t } = useTranslation('forms');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={onAir ? 'green' : 'gray'}>
        {label}
      </Badge>
      {onAir && <Badge color="teal.9">{t('records.onAir')}</Badge>}
    </Group>
  );
}

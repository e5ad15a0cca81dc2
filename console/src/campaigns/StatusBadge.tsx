import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { Draft: 'gray', Scheduled: 'blue', Live: 'green', Ended: 'dark', Archived: 'red' };

/** A campaign's place in its life (`Draft`, `Scheduled`, `Live`, `Ended`, `Archived`) as a badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'}>
      {t(`status.${status}` as 'status.Draft', { defaultValue: status })}
    </Badge>
  );
}

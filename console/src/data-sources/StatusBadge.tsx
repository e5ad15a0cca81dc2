import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataSourceRow } from './types';

const COLOR = { pending: 'gray', ready: 'green', stale: 'yellow', error: 'red' } as const;

/** How a source's refreshes go, in words (its colour only repeats them). */
export function StatusBadge({ status }: { status: DataSourceRow['status'] }) {
  const { t } = useTranslation('dataSources');
  return (
    <Badge variant="light" radius="sm" color={COLOR[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScreenStatus } from './screen-filters';

const COLOR: Record<ScreenStatus, string> = { online: 'green', recent: 'teal', stale: 'yellow', offline: 'red', disabled: 'gray', revoked: 'gray' };

/** The screen's status in words (the colour only repeats it). */
export function ScreenStatusBadge({ status }: { status: ScreenStatus }) {
  const { t } = useTranslation('screens');
  return (
    <Badge color={COLOR[status]} variant="light" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

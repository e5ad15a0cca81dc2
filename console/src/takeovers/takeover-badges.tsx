import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TakeoverScreenState, TakeoverStatus } from '../events/messages';

const STATUS_COLOR: Record<TakeoverStatus, string> = { active: 'red', cancelled: 'gray', expired: 'gray' };
const STATE_COLOR: Record<TakeoverScreenState, string> = {
  pending: 'gray',
  notified: 'blue',
  preparing: 'blue',
  ready: 'teal',
  active: 'green',
  failed: 'red',
  offline: 'yellow',
  restored: 'gray',
  expired: 'gray',
  cancelled: 'gray',
};

/** A takeover's status in words (the colour only repeats it). */
export function TakeoverStatusBadge({ status }: { status: TakeoverStatus }) {
  const { t } = useTranslation('takeovers');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** One screen's part in a takeover, in words. */
export function ScreenStateBadge({ state }: { state: TakeoverScreenState }) {
  const { t } = useTranslation('takeovers');
  return (
    <Badge color={STATE_COLOR[state]} variant="light" radius="sm">
      {t(`states.${state}`)}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { ready: 'green', failed: 'red', queued: 'gray', inspecting: 'violet', processing: 'violet' };

/** An asset's processing status, in words (not by colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('media');
  return (
    <Badge variant="dot" color={COLORS[status] ?? 'gray'} size="sm">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { show } from './diff-sides';
import { ShownFacts } from './ShownFacts';

// What a layout, playlist or campaign snapshot lists: its placements, items or blocks.
const PARTS = ['placements', 'items', 'blocks'] as const;
const FACTS_PER_ENTRY = 6;

/** A submission's frozen snapshot in words: what publishing it would put on screens. */
export function SnapshotSummary({ snapshot }: { snapshot: unknown }) {
  const { t } = useTranslation('editorial');
  const doc = (snapshot ?? {}) as Record<string, unknown> & { canvas?: { width?: number; height?: number } };
  const entries = PARTS.flatMap((part) => (Array.isArray(doc[part]) ? (doc[part] as unknown[]) : []));
  return (
    <Stack gap="xs">
      {doc.canvas?.width !== undefined && (
        <Text size="sm">{t('review.snapshotCanvas', { width: String(doc.canvas.width), height: String(doc.canvas.height) })}</Text>
      )}
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('review.snapshotEmpty')}
        </Text>
      ) : (
        <List size="sm">
          {entries.map((entry, i) => {
            const shown = show(entry, String(i));
            return shown && <List.Item key={(entry as { id?: string }).id ?? i}>{<ShownFacts shown={shown} limit={FACTS_PER_ENTRY} />}</List.Item>;
          })}
        </List>
      )}
    </Stack>
  );
}

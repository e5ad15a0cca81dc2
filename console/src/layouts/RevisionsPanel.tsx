import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import type { Revision } from './types';

interface Props {
  layoutId: string;
  /** Restoring replaces the draft: not while it has unsaved changes. */
  canRestore: boolean;
  onRestore(revision: Revision): void;
}

/** The published revisions, newest first; one can be copied back into the draft. */
export function RevisionsPanel({ layoutId, canRestore, onRestore }: Props) {
  const { t } = useTranslation('layouts');
  const revisions = $api.useQuery('get', '/api/v1/layouts/{id}/revisions', { params: { path: { id: layoutId }, query: { pageSize: 50 } } });
  if (revisions.isError) return <QueryError error={revisions.error} />;
  const items = revisions.data?.data.items ?? [];
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('revisions.none')}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" aria-label={t('revisions.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((r) => (
        <Group key={r.id} component="li" justify="space-between" wrap="nowrap">
          <Text size="sm">{t('revisions.entry', { revision: String(r.revision), at: new Date(r.publishedAt).toLocaleString() })}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconRestore size={14} aria-hidden />}
            disabled={!canRestore}
            aria-label={t('revisions.restore', { revision: String(r.revision) })}
            onClick={() => onRestore(r)}
          >
            {t('revisions.restoreShort')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

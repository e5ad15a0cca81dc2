import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { exactTime, fromNow } from '../screens/dates';
import { ComparisonView } from './ComparisonView';
import type { ContentType, Publication } from './types';
import { useRefreshEditorial } from './useRefreshEditorial';

interface Props {
  type: ContentType;
  contentId: string;
  /** Authors copy a publication back into the draft. */
  canRestore: boolean;
  /** Restoring replaces the draft: not while the page holds unsaved changes. */
  restoreDisabled?: boolean;
  /** Managers publish an earlier one again. */
  canRollback: boolean;
  /** The draft changed on the server: the page reads it again. */
  onRestored(): Promise<void> | void;
}

/**
 * What the content published, newest first (who, when, how, screens affected); two chosen are
 * compared side by side; one can be restored into the draft or published again (rollback).
 */
export function HistoryPanel({ type, contentId, canRestore, restoreDisabled, canRollback, onRestored }: Props) {
  const { t } = useTranslation('editorial');
  const refresh = useRefreshEditorial();
  const path = { type, id: contentId };
  const list = $api.useQuery('get', '/api/v1/content-history/{type}/{id}/publications', { params: { path } });
  const [chosen, setChosen] = useState<string[]>([]);
  if (list.isError) return <QueryError error={list.error} />;
  const items = list.data?.data.items ?? [];
  if (list.isSuccess && items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('history.none')}
      </Text>
    );
  }
  const pair = items.filter((p) => chosen.includes(p.id)).sort((a, b) => a.revision - b.revision);

  const restore = (p: Publication) =>
    modals.openConfirmModal({
      title: t('history.restoreTitle', { revision: String(p.revision) }),
      children: <Text size="sm">{t('history.restoreBody', { revision: String(p.revision) })}</Text>,
      labels: { confirm: t('history.restoreShort'), cancel: t('cancel', { ns: 'common' }) },
      onConfirm: async () => {
        const { error } = await api.POST('/api/v1/content-history/{type}/{id}/publications/{publicationId}/restore-draft', {
          params: { path: { ...path, publicationId: p.id } },
        });
        if (error !== undefined) return notifyFailed(error);
        notifyDone(t('history.restored', { revision: String(p.revision) }));
        await onRestored();
        await refresh();
      },
    });
  const rollback = (p: Publication) =>
    modals.openConfirmModal({
      title: t('history.rollbackTitle', { revision: String(p.revision) }),
      children: <Text size="sm">{t('history.rollbackBody', { revision: String(p.revision) })}</Text>,
      labels: { confirm: t('history.rollbackShort'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { color: 'orange' },
      onConfirm: async () => {
        const { data, error } = await api.POST('/api/v1/content-history/{type}/{id}/publications/{publicationId}/rollback', {
          params: { path: { ...path, publicationId: p.id } },
        });
        if (error !== undefined || !data) return notifyFailed(error);
        const published = data.data.published;
        notifyDone(
          published
            ? t('history.rolledBack', { revision: String(p.revision), now: String(published.revision) })
            : t('history.rollbackInReview', { revision: String(p.revision) }),
        );
        await refresh();
      },
    });

  return (
    <Stack gap="sm">
      <Text size="sm">{t('history.intro')}</Text>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('history.caption')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.compareColumn')}</Table.Th>
              <Table.Th>{t('history.revision')}</Table.Th>
              <Table.Th>{t('history.by')}</Table.Th>
              <Table.Th>{t('history.at')}</Table.Th>
              <Table.Th>{t('history.method')}</Table.Th>
              <Table.Th>{t('history.screens')}</Table.Th>
              {(canRestore || canRollback) && <Table.Th>{t('history.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p, i) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('history.compare', { revision: String(p.revision) })}
                    checked={chosen.includes(p.id)}
                    disabled={!chosen.includes(p.id) && chosen.length >= 2}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setChosen((c) => (on ? [...c, p.id] : c.filter((id) => id !== p.id)));
                    }}
                  />
                </Table.Td>
                <Table.Td>{p.revision}</Table.Td>
                <Table.Td>{p.publisherName}</Table.Td>
                <Table.Td>
                  <time dateTime={p.publishedAt} title={exactTime(p.publishedAt)}>
                    {fromNow(p.publishedAt)}
                  </time>
                </Table.Td>
                <Table.Td>{t(`history.methods.${p.method}`)}</Table.Td>
                <Table.Td>{p.affectedScreenCount}</Table.Td>
                {(canRestore || canRollback) && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {canRestore && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconRestore size={14} aria-hidden />}
                          aria-label={t('history.restore', { revision: String(p.revision) })}
                          disabled={restoreDisabled}
                          onClick={() => restore(p)}
                        >
                          {t('history.restoreShort')}
                        </Button>
                      )}
                      {/* The newest publication is what screens play: rolling back to it would change nothing. */}
                      {canRollback && i > 0 && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="orange"
                          leftSection={<IconArrowBackUp size={14} aria-hidden />}
                          aria-label={t('history.rollback', { revision: String(p.revision) })}
                          onClick={() => rollback(p)}
                        >
                          {t('history.rollbackShort')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pair.length === 2 ? (
        <ComparisonView type={type} contentId={contentId} from={pair[0]!} to={pair[1]!} />
      ) : (
        items.length > 1 && (
          <Text size="sm" c="dimmed">
            {t('history.pickTwo')}
          </Text>
        )
      )}
    </Stack>
  );
}

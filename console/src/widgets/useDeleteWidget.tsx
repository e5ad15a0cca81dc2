import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode, isApiError } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';

type Use = { kind: string; name: string };
const usesOf = (error: unknown): Use[] => (isApiError(error) ? ((error.error.details as { usedBy?: Use[] } | undefined)?.usedBy ?? []) : []);

/** Asks before deleting a widget; the server refuses (409) while a playlist or layout shows it, and the console says where. */
export function useDeleteWidget() {
  const { t } = useTranslation('widgets');
  const client = useQueryClient();
  const remove = async (widget: { id: string; name: string }) => {
    const { error } = await api.DELETE('/api/v1/assets/{id}', { params: { path: { id: widget.id } } });
    if (error !== undefined) {
      if (errorCode(error) !== 'asset_in_use') return notifyFailed(error);
      const uses = usesOf(error);
      modals.open({
        title: t('delete.inUseTitle', { name: widget.name }),
        children: (
          <Stack gap="xs">
            <Text size="sm">{t('delete.inUse')}</Text>
            <List size="sm">
              {uses.map((u) => (
                <List.Item key={`${u.kind}:${u.name}`}>{t('delete.use', { kind: u.kind, name: u.name })}</List.Item>
              ))}
            </List>
          </Stack>
        ),
      });
      return;
    }
    notifyDone(t('delete.deleted', { name: widget.name }));
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
  };
  return (widget: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: widget.name }),
      children: <Text size="sm">{t('delete.body')}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(widget),
    });
}

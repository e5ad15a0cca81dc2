import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';

/** Asks, then deletes a group (its screens stay and keep its content as their own). */
export function useDeleteGroup(onDeleted?: () => void) {
  const { t } = useTranslation(['groups', 'common']);
  const client = useQueryClient();
  const remove = $api.useMutation('delete', '/api/v1/screen-groups/{id}', {
    onSettled: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/screen') }),
  });
  return (group: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: group.name }),
      children: <Text size="sm">{t('delete.body')}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { path: { id: group.id } } });
          notifyDone(t('delete.done', { name: group.name }));
          onDeleted?.();
        } catch (error) {
          notifyFailed(error);
        }
      },
    });
}

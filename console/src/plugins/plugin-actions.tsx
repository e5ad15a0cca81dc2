import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyDone, notifyFailed } from '../common/notify';

/** A change confirmed first, then said when done or refused (the server's own sentence). */
export function useConfirmedChange() {
  const { t } = useTranslation(['plugins', 'common']);
  return (options: { title: string; body: string; confirm: string; danger?: boolean; run(): Promise<{ error?: unknown }>; done: string; after(): unknown }) =>
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.body}</Text>,
      labels: { confirm: options.confirm, cancel: t('common:cancel') },
      confirmProps: options.danger ? { color: 'red' } : {},
      onConfirm: async () => {
        const { error } = await options.run();
        if (error) notifyFailed(error);
        else notifyDone(options.done);
        await options.after();
      },
    });
}

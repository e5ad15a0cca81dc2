import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { closeButtonProps, notify } from '../common/labelled-close';

/** A change confirmed first, then said when done or refused (the server's own sentence). */
export function useConfirmedChange() {
  const { t } = useTranslation(['plugins', 'common']);
  return (options: { title: string; body: string; confirm: string; danger?: boolean; run(): Promise<{ error?: unknown }>; done: string; after(): unknown }) =>
    modals.openConfirmModal({
      closeButtonProps: closeButtonProps(),
      title: options.title,
      children: <Text size="sm">{options.body}</Text>,
      labels: { confirm: options.confirm, cancel: t('common:cancel') },
      confirmProps: options.danger ? { color: 'red' } : {},
      onConfirm: async () => {
        const { error } = await options.run();
        if (error) notify(errorMessage(error, t('common:errors.network')), t('common:errors.failedTitle'));
        else notify(options.done);
        await options.after();
      },
    });
}

import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/errors';
import { i18next } from '../i18n';

/** A short confirmation that something was done. */
export const notifyDone = (message: string) => notifications.show({ color: 'green', message });

/** A change the server refused or that never reached it: the server's own sentence, or `message` when given. */
export function notifyFailed(error: unknown, message?: string) {
  notifications.show({
    color: 'red',
    title: i18next.t('errors.failedTitle'),
    message: message ?? errorMessage(error, i18next.t('errors.network')),
    autoClose: 10_000,
  });
}

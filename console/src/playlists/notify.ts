import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/errors';
import { i18next } from '../i18n';

const closeButtonProps = () => ({ 'aria-label': i18next.t('close') });

/** A short confirmation that something was done (its close button labelled). */
export const notifyDone = (message: string) => notifications.show({ color: 'green', message, closeButtonProps: closeButtonProps() });

/** A change the server refused or that never reached it: the server's own sentence, or `message` when given. */
export function notifyFailed(error: unknown, message?: string) {
  notifications.show({
    color: 'red',
    title: i18next.t('errors.failedTitle'),
    message: message ?? errorMessage(error, i18next.t('errors.network')),
    autoClose: 10_000,
    closeButtonProps: closeButtonProps(),
  });
}

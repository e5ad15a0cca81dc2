import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n';

// Mantine's close buttons (dialogs, notifications) carry no name of their own: screen readers
// would announce a bare "button". These give them the catalog's "Close".

/** For a dialog's `closeButtonProps`. */
export const closeButtonProps = () => ({ 'aria-label': i18next.t('common:close') });

/** A notification with a named close button: green for done, red (with a title) for a refusal. */
export function notify(message: string, failedTitle?: string): void {
  notifications.show({ color: failedTitle ? 'red' : 'green', title: failedTitle, message, closeButtonProps: closeButtonProps() });
}

import { api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { i18next } from '../i18n';
import { askPassword } from './ask-password';

/**
 * Runs a security change that needs a recent sign-in: when the server answers
 * `reauthentication_required`, asks for the password, confirms it, and runs the change again.
 */
export async function reauthenticated<T extends { error?: unknown }>(run: () => Promise<T>): Promise<T | undefined> {
  const first = await run();
  if (errorCode(first.error) !== 'reauthentication_required') return first;
  const t = i18next.getFixedT(null, ['security', 'common']);
  const confirmed = await askPassword(t('reauthTitle'), t('reauthReason'), async (password) => {
    const { error } = await api.POST('/api/v1/me/security/reauthenticate', { body: { password } });
    return error ? errorMessage(error, t('common:errors.network')) : undefined;
  });
  return confirmed ? run() : undefined;
}

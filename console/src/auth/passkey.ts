import { startAuthentication } from '@simplewebauthn/browser';
import { api } from '../api/client';

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/**
 * Asks the browser for an assertion and sends it: passkey alone (no challenge token yet), or as the
 * second step after a password (the password step's challenge token).
 */
export async function signInWithPasskey(afterPassword?: string) {
  const started = afterPassword
    ? await api.POST('/api/v1/auth/mfa/passkey/options', { body: { challengeToken: afterPassword } })
    : await api.POST('/api/v1/auth/passkey/login/options');
  if (started.error || !started.data) return { error: started.error };
  const { challengeToken, options } = started.data.data;
  const credential = await startAuthentication({ optionsJSON: options as unknown as Options });
  return api.POST('/api/v1/auth/passkey/login', { body: { challengeToken, credential: credential as never } });
}

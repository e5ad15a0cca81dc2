// The session lives in its HttpOnly cookie; the page keeps only the CSRF token, in memory.
let token: string | undefined;
const expiredListeners = new Set<() => void>();

export const csrfToken = () => token;

export function rememberCsrfToken(value: string | undefined): void {
  token = value;
}

/** Called when the server answers 401 to a signed-in request: the session expired or was ended elsewhere. */
export function sessionExpired(): void {
  token = undefined;
  for (const listener of expiredListeners) listener();
}

export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

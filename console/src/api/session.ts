// The session lives in its HttpOnly cookie; the page keeps only the CSRF token, in memory.
let token: string | undefined;
const listeners = new Set<() => void>();

export const csrfToken = () => token;

export function rememberCsrfToken(value: string | undefined): void {
  token = value;
}

/**
 * The server's answer says the session is not what the page thinks: it expired or was ended
 * elsewhere (401), or it now owes a second factor. The page asks again who is signed in.
 */
export function sessionChanged(): void {
  for (const listener of listeners) listener();
}

export function onSessionChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

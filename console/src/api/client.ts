import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from './schema';
import { errorCode } from './errors';
import { csrfToken, sessionChanged } from './session';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every request: the session's CSRF header on unsafe methods (the cookie travels by itself). A 401
 * outside sign-in means the session ended (the app goes to sign-in and comes back afterwards); a 403
 * `mfa_enrollment_required` that a second factor is now owed (the app goes to My security).
 */
const session: Middleware = {
  onRequest({ request }) {
    const token = csrfToken();
    if (UNSAFE.has(request.method) && token) request.headers.set('X-CSRF-Token', token);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith('/api/v1/auth/')) sessionChanged();
    if (
      response.status === 403 &&
      errorCode(
        await response
          .clone()
          .json()
          .catch(() => undefined),
      ) === 'mfa_enrollment_required'
    )
      sessionChanged();
    return response;
  },
};

/** The typed client, generated from the server's own openapi.json at build time. */
export const api = createFetchClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(session);

/** TanStack Query hooks over the same client: `$api.useQuery('get', '/api/v1/screens', { params })`. */
export const $api = createQueryHooks(api);

export type ApiPaths = paths;

import type { HttpTarget, TestKernel } from './test-kernel.js';

export interface ConsoleSession {
  cookie: string;
  csrfToken: string;
  userId: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** A browser-like console client: keeps the session cookie and sends the CSRF token on unsafe requests. */
export async function consoleCall(k: HttpTarget, session: ConsoleSession | undefined, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (session) {
    headers.cookie = session.cookie;
    if (!['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] = session.csrfToken;
  }
  const res = await k.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export function sessionFrom(res: ApiResponse): ConsoleSession {
  const setCookie = res.headers.get('set-cookie') ?? '';
  const match = /signage_session=([^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in response (${res.status}): ${JSON.stringify(res.body)}`);
  return { cookie: `signage_session=${match[1]}`, csrfToken: res.body.data.csrfToken, userId: res.body.data.user.id };
}

export const OWNER = { organizationName: 'Corner Café', ownerName: 'Olivia Owner', username: 'olivia', password: 'correct horse battery' };

/** Sets the installation up and returns the first Owner's session. */
export async function setUpOwner(k: HttpTarget): Promise<ConsoleSession> {
  const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/setup', OWNER);
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return sessionFrom(res);
}

export async function login(k: HttpTarget, username: string, password: string): Promise<ConsoleSession> {
  const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username, password });
  return sessionFrom(res);
}

/** Sign-in routes share a 10-per-10-minutes budget per address; tests that sign in often reset it. */
export async function resetRateLimits(k: TestKernel): Promise<void> {
  await k.db('kernel_rate_limits').delete();
}

let usersMade = 0;

/** A new console user made by `owner` (a unique username from `prefix`), signed in with its password. */
export async function newSignedInUser(k: TestKernel, owner: ConsoleSession, password: string, role = 'editor', prefix = 'user') {
  const n = ++usersMade;
  const username = `${prefix}${n}`;
  const created = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: `User ${n}`, username, password, role });
  if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { username, id: created.body.data.id as string, session: await login(k, username, password) };
}

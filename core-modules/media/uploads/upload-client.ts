import type { AssetView } from '../asset-view.js';
import type { UploadView } from './upload-view.js';

/** An error answer from the server, with its stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers?: Headers,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface UploadPosition {
  offset: number;
  length: number;
  status: string;
}

const REQUEST_TIMEOUT_MS = 10 * 60_000;

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let code = `http_${res.status}`;
  let message = text.slice(0, 200) || res.statusText;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(res.status, code, message, res.headers);
}

/**
 * The console API as the import command uses it: signs in like a browser (session cookie plus
 * CSRF token) and speaks the resumable upload protocol.
 */
export class UploadClient {
  private constructor(
    private readonly base: URL,
    private readonly cookie: string,
    private readonly csrfToken: string,
  ) {}

  static async signIn(server: string, username: string, password: string): Promise<UploadClient> {
    const base = new URL(server);
    const res = await fetch(new URL('/api/v1/auth/login', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) {
      const err = await errorOf(res);
      throw new Error(err.status === 401 ? 'sign-in failed: wrong username or password' : `sign-in failed: ${err.message} (${err.code})`);
    }
    const body = (await res.json()) as { data: { csrfToken?: string; mfaRequired?: boolean; mfaEnrollmentRequired?: boolean } };
    if (body.data.mfaRequired)
      throw new Error('sign-in failed: this account needs a second factor, which the import command cannot answer; use an account without one');
    if (body.data.mfaEnrollmentRequired) throw new Error('sign-in failed: this account must set up a second factor in the console first');
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    if (!cookie || !body.data.csrfToken) throw new Error('sign-in failed: the server answered without a session');
    return new UploadClient(base, cookie, body.data.csrfToken);
  }

  private async send(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> | string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie, ...init.headers };
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = this.csrfToken;
    return fetch(new URL(path, this.base), { method, headers, body: init.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  private async json<T>(res: Response): Promise<T> {
    if (!res.ok) throw await errorOf(res);
    return ((await res.json()) as { data: T }).data;
  }

  async create(input: { filename: string; mimeType: string; sizeBytes: number }): Promise<UploadView> {
    return this.json(await this.send('POST', '/api/v1/uploads', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }));
  }

  /** Where an upload stands, or undefined when the server no longer knows it. */
  async position(id: string): Promise<UploadPosition | undefined> {
    const res = await this.send('HEAD', `/api/v1/uploads/${id}`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new ApiError(res.status, `http_${res.status}`, `HEAD answered ${res.status}`);
    return {
      offset: Number(res.headers.get('upload-offset')),
      length: Number(res.headers.get('upload-length')),
      status: res.headers.get('upload-status') ?? 'unknown',
    };
  }

  /** Appends `chunk` at `offset`; returns the new offset. */
  async append(id: string, offset: number, chunk: Uint8Array<ArrayBuffer>): Promise<number> {
    const res = await this.send('PATCH', `/api/v1/uploads/${id}`, {
      headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: chunk,
    });
    if (res.status !== 204) throw await errorOf(res);
    return Number(res.headers.get('upload-offset'));
  }

  async complete(id: string): Promise<AssetView> {
    return this.json(await this.send('POST', `/api/v1/uploads/${id}/complete`));
  }

  async cancel(id: string): Promise<void> {
    const res = await this.send('DELETE', `/api/v1/uploads/${id}`);
    if (!res.ok && res.status !== 404) throw await errorOf(res);
  }

  async asset(id: string): Promise<AssetView> {
    return this.json(await this.send('GET', `/api/v1/assets/${id}`));
  }

  async signOut(): Promise<void> {
    await this.send('POST', '/api/v1/auth/logout').catch(() => {});
  }
}

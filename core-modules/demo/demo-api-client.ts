/**
 * The server's own HTTP API, called as its console and a stock player call it: the demo is built
 * and kept alive through the same routes, rules and events as anything a person does, without
 * reaching into other modules.
 */
export class DemoApiClient {
  private cookie = '';
  private csrfToken = '';

  constructor(
    private readonly baseUrl: string,
    private readonly signal: AbortSignal,
  ) {}

  /** A console call with this client's session (cookie, and CSRF on unsafe requests); answers `data`. */
  async console<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrfToken && method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    const res = await this.send(method, path, body, headers);
    const setCookie = /signage_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    const data = await this.dataOf(method, path, res);
    if (setCookie) {
      this.cookie = `signage_session=${setCookie[1]}`;
      this.csrfToken = (data as { csrfToken?: string })?.csrfToken ?? this.csrfToken;
    }
    return data as T;
  }

  /** A request without a session (pairing, identity), or with a device credential. */
  async anonymous<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    return (await this.dataOf(method, path, await this.send(method, path, body, headers))) as T;
  }

  /** Sends raw bytes of an upload at `offset` (the resumable upload protocol). */
  async uploadBytes(id: string, offset: number, bytes: Buffer): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/v1/uploads/${id}`, {
      method: 'PATCH',
      headers: { cookie: this.cookie, 'x-csrf-token': this.csrfToken, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: new Uint8Array(bytes),
      signal: this.signal,
    });
    await this.dataOf('PATCH', `/api/v1/uploads/${id}`, res);
  }

  private send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.signal,
    });
  }

  private async dataOf(method: string, path: string, res: Response): Promise<unknown> {
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text).data : undefined;
  }
}

// The codehost's REST API (GitHub's, or one that answers like it): release lists, release assets
// and the OAuth device flow. Its answers are bounded and checked before anything is believed.
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { API_VERSION } from '../../kernel/openapi.js';
import type { CodehostConfig } from './player-releases-config.js';

/** The codehost could not be reached or answered something unusable; the message is safe to show. */
export class CodehostError extends Error {
  override name = 'CodehostError';
}

export interface CodehostAsset {
  name: string;
  url: string;
  size: number;
}

export interface CodehostRelease {
  id: number;
  tag: string;
  prerelease: boolean;
  publishedAt: Date;
  assets: CodehostAsset[];
}

export type ReleaseList = { notModified: true } | { notModified: false; etag: string | null; releases: CodehostRelease[] };

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export type DeviceToken =
  | { status: 'connected'; accessToken: string }
  | { status: 'pending'; slowDown: boolean }
  | { status: 'expired' }
  | { status: 'denied' };

const TIMEOUT_MS = 30_000;
const MAX_LIST_BYTES = 2 * 1024 * 1024;
const MAX_ANSWER_BYTES = 32 * 1024;
// GitHub asks for at least 5 s between polls.
const MIN_INTERVAL_SECONDS = 5;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isPrintable = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max && /^[\x21-\x7e]+$/.test(v);

export class CodehostClient {
  private readonly userAgent = `signage-server/${API_VERSION}`;

  constructor(private readonly config: CodehostConfig) {}

  get repository(): string {
    return this.config.repository;
  }

  /** The repository's published releases (drafts left out), newest first as the codehost lists them. */
  async releases(token: string | undefined, etag: string | null): Promise<ReleaseList> {
    const res = await this.send(this.api(`/repos/${this.config.repository}/releases?per_page=30`), {
      headers: { ...this.apiHeaders(token), ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (res.status === 304) return { notModified: true };
    if (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0')
      throw new CodehostError('The codehost’s API rate limit is reached; sign in to the codehost for a higher one.');
    if (res.status !== 200) throw new CodehostError(`The codehost’s release list answered HTTP ${res.status}.`);
    const list = await this.json(res, MAX_LIST_BYTES);
    if (!Array.isArray(list)) throw new CodehostError('The codehost answered an invalid release list.');
    const releases: CodehostRelease[] = [];
    for (const r of list) {
      if (!isObject(r) || r.draft === true || !Number.isSafeInteger(r.id) || !Array.isArray(r.assets)) continue;
      const assets = r.assets
        .filter((a): a is Record<string, unknown> => isObject(a) && typeof a.name === 'string' && typeof a.url === 'string' && Number.isSafeInteger(a.size))
        .map((a) => ({ name: a.name as string, url: a.url as string, size: a.size as number }));
      const published = new Date(typeof r.published_at === 'string' ? r.published_at : Number.NaN);
      releases.push({
        id: r.id as number,
        tag: typeof r.tag_name === 'string' ? r.tag_name.slice(0, 200) : '',
        prerelease: r.prerelease === true,
        publishedAt: Number.isNaN(published.getTime()) ? new Date() : published,
        assets,
      });
    }
    return { notModified: false, etag: res.headers.get('etag'), releases };
  }

  /** Whether `url` is an asset of the configured repository on the configured API: the only URLs fetched with the token. */
  isRepositoryAsset(url: string): boolean {
    return url.startsWith(this.api(`/repos/${this.config.repository}/releases/assets/`));
  }

  /** An asset's bytes, at most `maxBytes` (manifests and signatures). */
  async smallAsset(token: string | undefined, url: string, maxBytes: number): Promise<Buffer> {
    const res = await this.openAsset(token, url);
    return this.bytes(res, maxBytes);
  }

  /** An asset as a stream (the artifact), with the size the codehost announces if any. */
  async assetStream(token: string | undefined, url: string): Promise<{ body: Readable; length: number | undefined }> {
    const res = await this.openAsset(token, url, 15 * 60_000);
    const length = res.headers.get('content-length');
    return { body: NodeReadable.fromWeb(res.body as WebReadableStream), length: length ? Number(length) : undefined };
  }

  async startDeviceFlow(clientId: string): Promise<DeviceAuthorization> {
    const body = await this.oauthPost('/login/device/code', { client_id: clientId });
    const { device_code: deviceCode, user_code: userCode, verification_uri: uri, expires_in: expiresIn, interval } = body;
    if (!isPrintable(deviceCode, 1024) || !isPrintable(userCode, 64) || typeof uri !== 'string' || uri.length > 2048 || !/^https?:\/\//.test(uri)) {
      throw new CodehostError('The codehost answered an invalid sign-in request.');
    }
    if (!Number.isInteger(expiresIn) || (expiresIn as number) <= 0 || (expiresIn as number) > 3600)
      throw new CodehostError('The codehost answered an invalid sign-in request.');
    const every = Number.isInteger(interval) ? (interval as number) : MIN_INTERVAL_SECONDS;
    return {
      deviceCode,
      userCode,
      verificationUri: uri,
      expiresInSeconds: expiresIn as number,
      intervalSeconds: Math.min(Math.max(every, MIN_INTERVAL_SECONDS), 60),
    };
  }

  async pollDeviceFlow(clientId: string, deviceCode: string): Promise<DeviceToken> {
    const body = await this.oauthPost('/login/oauth/access_token', {
      client_id: clientId,
      device_code: deviceCode,
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    });
    if (body.access_token !== undefined) {
      if (!isPrintable(body.access_token, 1024) || body.access_token.length < 8) throw new CodehostError('The codehost answered an invalid access token.');
      return { status: 'connected', accessToken: body.access_token };
    }
    switch (body.error) {
      case 'authorization_pending':
        return { status: 'pending', slowDown: false };
      case 'slow_down':
        return { status: 'pending', slowDown: true };
      case 'expired_token':
        return { status: 'expired' };
      case 'access_denied':
        return { status: 'denied' };
      default:
        throw new CodehostError('The codehost could not complete the sign-in.');
    }
  }

  /** The login of the account a token belongs to. */
  async login(token: string): Promise<string> {
    const res = await this.send(this.api('/user'), { headers: this.apiHeaders(token) });
    if (res.status !== 200) throw new CodehostError('The codehost did not accept the signed-in account.');
    const body = await this.json(res, MAX_ANSWER_BYTES);
    const login = isObject(body) && typeof body.login === 'string' ? body.login.trim() : '';
    if (!login || login.length > 100) throw new CodehostError('The codehost answered an invalid account.');
    return login;
  }

  private api(path: string): string {
    return `${this.config.apiUrl.href.replace(/\/+$/, '')}${path}`;
  }

  private apiHeaders(token: string | undefined): Record<string, string> {
    return {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': this.userAgent,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  }

  private async openAsset(token: string | undefined, url: string, timeoutMs = TIMEOUT_MS): Promise<Response> {
    if (!this.isRepositoryAsset(url)) throw new CodehostError('The release names an asset outside the configured repository.');
    // The codehost redirects asset downloads to its file store; the token goes to the API only.
    const res = await this.send(url, { headers: { ...this.apiHeaders(token), accept: 'application/octet-stream' }, redirect: 'follow' }, timeoutMs);
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new CodehostError(`A release asset answered HTTP ${res.status}.`);
    }
    return res;
  }

  private async oauthPost(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    const res = await this.send(`${this.config.oauthUrl.href.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': this.userAgent },
      body: new URLSearchParams(form).toString(),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new CodehostError(`The codehost’s sign-in answered HTTP ${res.status}.`);
    }
    const body = await this.json(res, MAX_ANSWER_BYTES);
    if (!isObject(body)) throw new CodehostError('The codehost answered an invalid sign-in response.');
    return body;
  }

  private async send(url: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new CodehostError('The codehost could not be reached.');
    }
  }

  private async json(res: Response, maxBytes: number): Promise<unknown> {
    try {
      return JSON.parse((await this.bytes(res, maxBytes)).toString('utf8'));
    } catch (err) {
      if (err instanceof CodehostError) throw err;
      throw new CodehostError('The codehost answered something that is not JSON.');
    }
  }

  private async bytes(res: Response, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        total += chunk.length;
        if (total > maxBytes) throw new CodehostError('The codehost answered more than expected.');
        chunks.push(Buffer.from(chunk));
      }
    } catch (err) {
      await res.body?.cancel().catch(() => {});
      throw err instanceof CodehostError ? err : new CodehostError('The codehost’s answer was cut off.');
    }
    return Buffer.concat(chunks);
  }
}

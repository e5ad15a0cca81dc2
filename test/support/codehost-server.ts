// A real HTTP server on 127.0.0.1 that answers as a GitHub-compatible codehost: a repository's
// release list with assets, the assets' bytes (behind a redirect, as GitHub's are), the OAuth
// device flow and the signed-in user. Tests publish releases and script the sign-in's answers.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignedRelease } from './player-release-fixtures.js';

/** What the token endpoint answers to one poll: an OAuth error word, or the token. */
export type TokenAnswer = 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied' | { token: string };

interface PublishedRelease {
  id: number;
  tag: string;
  prerelease: boolean;
  assets: { id: number; name: string; bytes: Buffer }[];
}

export class CodehostServer {
  readonly repository = 'signage/signage-player';
  /** The release list answers this status (with no list) while set: a codehost that is down. */
  failing: number | undefined;
  readonly tokenAnswers: TokenAnswer[] = [];
  /** Authorization headers the release list and assets were asked with. */
  readonly authorizations: (string | undefined)[] = [];
  readonly deviceCodes: string[] = [];
  /** While set, the file store answers once it settles: a download that is still running. */
  filesHeld: Promise<void> | undefined;
  private readonly releases: PublishedRelease[] = [];
  private readonly tokens = new Map<string, string>();
  private nextId = 1;
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.answer(req).then(
        ({ status, body, headers }) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The settings that point a test kernel here. */
  env(clientId = 'test-client-id'): Record<string, string> {
    return { CODEHOST_API_URL: this.url, CODEHOST_OAUTH_URL: this.url, CODEHOST_REPOSITORY: this.repository, CODEHOST_CLIENT_ID: clientId };
  }

  /** Publishes a release's three files (or the ones `files` keeps); answers the codehost's release id. */
  publish(release: SignedRelease, options: { prerelease?: boolean; files?: (name: string) => boolean; tag?: string } = {}): number {
    const id = this.nextId++;
    this.releases.unshift({
      id,
      tag: options.tag ?? `player-v${release.versionName}`,
      prerelease: options.prerelease ?? release.manifest.channel === 'beta',
      assets: release.files.filter((f) => options.files?.(f.name) ?? true).map((f) => ({ id: this.nextId++, name: f.name, bytes: f.bytes })),
    });
    return id;
  }

  /** Replaces an asset's bytes (a tampered download); same-length bytes keep its announced size. */
  tamper(releaseId: number, name: string, bytes: Buffer): void {
    const asset = this.releases.find((r) => r.id === releaseId)?.assets.find((a) => a.name === name);
    if (!asset) throw new Error(`no asset ${name} in release ${releaseId}`);
    asset.bytes = bytes;
  }

  /** The user a token the sign-in gave out belongs to. */
  issue(token: string, login: string): TokenAnswer {
    this.tokens.set(token, login);
    return { token };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: string | Buffer; headers?: Record<string, string> }> {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = await text(req);
    const repo = `/repos/${this.repository}/releases`;
    if (req.method === 'GET' && path === repo) {
      this.authorizations.push(req.headers.authorization);
      if (this.failing) return { status: this.failing, body: '{"message":"unavailable"}' };
      return { status: 200, body: JSON.stringify(this.releases.map((r) => this.describe(r))) };
    }
    const asset = path.startsWith(`${repo}/assets/`) ? this.asset(Number(path.slice(repo.length + 8))) : undefined;
    if (req.method === 'GET' && asset) {
      this.authorizations.push(req.headers.authorization);
      // As GitHub does: the API answers with a redirect to its file store.
      return { status: 302, body: '', headers: { location: `${this.url}/files/${asset.id}` } };
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      const file = this.asset(Number(path.slice('/files/'.length)));
      if (!file) return { status: 404, body: '{}' };
      await this.filesHeld;
      return { status: 200, body: file.bytes, headers: { 'content-type': 'application/octet-stream' } };
    }
    if (req.method === 'POST' && path === '/login/device/code') {
      const deviceCode = `device-${this.deviceCodes.length + 1}-${'x'.repeat(20)}`;
      this.deviceCodes.push(deviceCode);
      return {
        status: 200,
        body: JSON.stringify({ device_code: deviceCode, user_code: 'WDJB-MJHT', verification_uri: `${this.url}/login/device`, expires_in: 900, interval: 5 }),
      };
    }
    if (req.method === 'POST' && path === '/login/oauth/access_token') {
      const form = new URLSearchParams(body);
      if (!this.deviceCodes.includes(form.get('device_code') ?? '')) return { status: 200, body: JSON.stringify({ error: 'incorrect_device_code' }) };
      const next = this.tokenAnswers.shift() ?? 'authorization_pending';
      return { status: 200, body: JSON.stringify(typeof next === 'string' ? { error: next } : { access_token: next.token, token_type: 'bearer' }) };
    }
    if (req.method === 'GET' && path === '/user') {
      const login = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return login ? { status: 200, body: JSON.stringify({ login }) } : { status: 401, body: '{}' };
    }
    return { status: 404, body: '{}' };
  }

  private describe(r: PublishedRelease) {
    return {
      id: r.id,
      tag_name: r.tag,
      draft: false,
      prerelease: r.prerelease,
      published_at: new Date().toISOString(),
      assets: r.assets.map((a) => ({ name: a.name, size: a.bytes.length, url: `${this.url}/repos/${this.repository}/releases/assets/${a.id}` })),
    };
  }

  private asset(id: number) {
    return this.releases.flatMap((r) => r.assets).find((a) => a.id === id);
  }
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

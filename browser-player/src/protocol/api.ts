import type { PlayerConfig } from '../wire/config.js';
import type { Heartbeat, HeartbeatAck } from '../wire/heartbeat.js';
import type { Manifest } from '../wire/manifest.js';

/** The server answered with an error (`{"error":{"code","message"}}`). */
export class PlayerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds, from `Retry-After` (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'PlayerApiError';
  }
}

/** The server could not be reached (no answer at all): the player keeps playing and tries again later. */
export class PlayerNetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the server could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'PlayerNetworkError';
  }
}

/** The answers that mean "this credential is gone: pair again" (never `screen_disabled`, which is reversible). */
export const isCredentialLost = (err: unknown) =>
  err instanceof PlayerApiError && err.status === 401 && (err.code === 'device_credential_invalid' || err.code === 'device_credential_revoked');

/** What the player tells the server about itself when it asks to pair (the stock players' field names). */
export interface PairingMetadata {
  playerInstallationId: string;
  platform: string;
  manufacturer: string;
  model: string;
  /** The operating system's version (the name is the Android player's). */
  androidVersion: string;
  playerVersion: string;
  screenWidth: number;
  screenHeight: number;
  density: number;
  locale: string;
  timezone: string;
}

export interface ServerIdentity {
  product: string;
  installationId: string;
  /** "" until the server is set up. */
  organizationName: string;
  apiVersion: 'v1';
  pairingEnabled: boolean;
}

export interface PairingSession {
  id: string;
  code: string;
  pollSecret: string;
  expiresAt: string;
  serverTime: string;
  pollingIntervalSeconds: number;
  approvalUrl: string;
  organizationName: string;
}

export interface PairingPoll {
  status: 'pending' | 'approved' | 'claimed' | 'rejected' | 'expired' | 'cancelled';
  expiresAt: string;
  screenId?: string;
  /** Only in the first answer after approval (`claimed`). */
  enrollmentToken?: string;
  failureReason?: string;
}

export interface Enrollment {
  screenId: string;
  screenName: string;
  deviceCredential: string;
}

export interface PlayerCommand {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  idempotencyKey: string | null;
  state: string;
  createdAt: string;
  expiresAt: string;
}

export interface CommandResult {
  success: boolean;
  /** At most 80 characters. */
  code?: string;
  /** At most 240 characters. */
  message?: string;
}

export interface ActivityAnswer {
  accepted: number;
  duplicates: number;
  highestSequence: number;
  /** Stored now or before: these never need sending again. */
  acknowledgedEventIds: string[];
  /** Refused one by one (the rest of the batch is kept): sending them again would not help. */
  rejected: { index: number; id: string | null; message: string }[];
}

export interface PreviewSession {
  active: boolean;
  expiresAt: string | null;
  captureIntervalSeconds: number;
  /** A capture was asked for and none was uploaded since. */
  captureNow: boolean;
}

export interface PreviewUpload {
  playerVersion: string;
  capturedAt: string;
  /** A JPEG (at most 500 KB), or none with `failureStatus`. */
  jpeg?: Uint8Array;
  width?: number;
  height?: number;
  /** Why there is no image, e.g. `unavailable`, `image_too_large`. */
  failureStatus?: string;
}

/** `POST /api/v1/player/telemetry`: the fields the browser player can tell. */
export interface Telemetry {
  observedAt: string;
  currentItemId?: string;
  itemStartedAt?: string;
  rendererState?: string;
  rendererResponding?: boolean;
  serverRoundTripMs?: number;
  cacheUsedBytes?: number;
  cacheLimitBytes?: number;
  processUptimeSeconds?: number;
  /** What happened since the previous sample (the server sums these into its rollups). */
  interval: { seconds: number; connectedSeconds?: number; disconnectedSeconds?: number };
}

const API = '/api/v1';

/**
 * The player API over HTTP, shaped as the stock players send it: JSON bodies with Content-Type
 * only when there is a body, `Authorization: Pairing <pollSecret>` on the pairing poll and
 * `Authorization: Bearer <credential>` on every device route. Pure: no DOM, runs in Node too.
 */
export class PlayerApi {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private credential: string | undefined;

  constructor(o: { baseUrl: string; fetch?: typeof fetch; credential?: string }) {
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    // Called unbound, a browser's fetch throws "Illegal invocation".
    this.fetch = o.fetch ?? ((input, init) => fetch(input, init));
    this.credential = o.credential;
  }

  setCredential(credential: string | undefined): void {
    this.credential = credential;
  }

  async identity(): Promise<ServerIdentity> {
    return (await this.json('GET', '/system/identity', { auth: 'none' })).data;
  }

  async startPairing(installationId: string, metadata: PairingMetadata): Promise<PairingSession> {
    return (await this.json('POST', '/player/pairing-sessions', { auth: 'none', body: { installationId, metadata } })).data;
  }

  async pollPairing(id: string, pollSecret: string): Promise<PairingPoll> {
    return (await this.json('GET', `/player/pairing-sessions/${encodeURIComponent(id)}`, { auth: `Pairing ${pollSecret}` })).data;
  }

  async enroll(pairingSessionId: string, enrollmentToken: string): Promise<Enrollment> {
    return (await this.json('POST', '/player/enroll', { auth: 'none', body: { pairingSessionId, enrollmentToken } })).data;
  }

  /** undefined: 304, the manifest `etag` names is still current. */
  async manifest(etag?: string): Promise<{ manifest: Manifest; etag: string } | undefined> {
    const r = await this.revalidate('/player/manifest', etag);
    return r && { manifest: r.data as Manifest, etag: r.etag };
  }

  /** undefined: 304, the config `etag` names is still current. */
  async config(etag?: string): Promise<{ config: PlayerConfig; etag: string } | undefined> {
    const r = await this.revalidate('/player/config', etag);
    return r && { config: r.data as PlayerConfig, etag: r.etag };
  }

  async heartbeat(body: Heartbeat): Promise<HeartbeatAck> {
    return (await this.json('POST', '/player/heartbeat', { body })).data;
  }

  /** Contact only (no status): what a player sends when it has nothing else to say. */
  async liveness(): Promise<void> {
    await this.json('POST', '/player/liveness', { body: {} });
  }

  /**
   * What the server makes of this credential now, asked with a liveness ping (which also counts as
   * contact): after a 1008 close, or before trusting a stored credential. `lost`: pair again;
   * `disabled`: keep it and wait. Throws PlayerNetworkError when the server cannot be reached.
   */
  async credentialState(): Promise<'valid' | 'lost' | 'disabled'> {
    try {
      await this.liveness();
      return 'valid';
    } catch (err) {
      if (isCredentialLost(err)) return 'lost';
      if (err instanceof PlayerApiError && err.status === 403 && err.code === 'screen_disabled') return 'disabled';
      throw err;
    }
  }

  async telemetry(body: Telemetry): Promise<void> {
    await this.json('POST', '/player/telemetry', { body });
  }

  /** 1–200 events of the activity contract (version 2). */
  async activityEvents(events: object[]): Promise<ActivityAnswer> {
    return (await this.json('POST', '/player/activity-events', { body: { events } })).data;
  }

  /** Marks the pending ones delivered. */
  async commands(): Promise<PlayerCommand[]> {
    return (await this.json('GET', '/player/commands')).data.items;
  }

  async acknowledge(commandId: string): Promise<{ id: string; state: string }> {
    return (await this.json('POST', `/player/commands/${encodeURIComponent(commandId)}/acknowledge`)).data;
  }

  async result(commandId: string, result: CommandResult): Promise<{ id: string; state: string }> {
    return (await this.json('POST', `/player/commands/${encodeURIComponent(commandId)}/result`, { body: result })).data;
  }

  async previewSession(): Promise<PreviewSession> {
    return (await this.json('GET', '/player/preview-session')).data;
  }

  async uploadPreview(u: PreviewUpload): Promise<void> {
    const form = new FormData();
    form.set('playerVersion', u.playerVersion);
    form.set('capturedAt', u.capturedAt);
    if (u.failureStatus) form.set('failureStatus', u.failureStatus);
    if (u.width !== undefined) form.set('width', String(u.width));
    if (u.height !== undefined) form.set('height', String(u.height));
    if (u.jpeg) {
      form.set('fileSize', String(u.jpeg.byteLength));
      form.set('preview', new Blob([u.jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'preview.jpg');
    }
    // FormData sets its own multipart Content-Type with the boundary.
    await this.send('POST', '/player/preview', { body: form });
  }

  /** The absolute URL of a manifest asset's `downloadPath` (fetched with the Bearer credential, never with it in the URL). */
  downloadUrl(downloadPath: string): string {
    return new URL(downloadPath, `${this.baseUrl}/`).toString();
  }

  /** The socket's URL (ws: or wss: as the server's scheme). */
  socketUrl(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}${API}/player/socket`;
  }

  private async revalidate(path: string, etag: string | undefined): Promise<{ data: unknown; etag: string } | undefined> {
    const res = await this.send('GET', path, { headers: etag ? { 'If-None-Match': etag } : {} });
    if (res.status === 304) return undefined;
    return { data: ((await res.json()) as { data: unknown }).data, etag: res.headers.get('etag') ?? '' };
  }

  private async json(method: string, path: string, o: { auth?: 'none' | string; body?: unknown } = {}): Promise<any> {
    const res = await this.send(method, path, {
      auth: o.auth,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      headers: o.body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
    return res.status === 204 ? undefined : res.json();
  }

  /** One request; an error answer becomes a PlayerApiError, no answer a PlayerNetworkError. */
  private async send(
    method: string,
    path: string,
    o: { auth?: 'none' | string; body?: string | FormData; headers?: Record<string, string> },
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.auth === undefined) {
      if (!this.credential) throw new PlayerApiError(401, 'device_credential_required', 'This player is not enrolled.');
      headers.Authorization = `Bearer ${this.credential}`;
    } else if (o.auth !== 'none') headers.Authorization = o.auth;
    let res: Response;
    try {
      res = await this.fetch(`${this.baseUrl}${API}${path}`, { method, headers, body: o.body, cache: 'no-store' });
    } catch (err) {
      throw new PlayerNetworkError(err);
    }
    if (res.status < 400) return res;
    const retryAfter = Number(res.headers.get('retry-after'));
    let error: { code?: string; message?: string } = {};
    try {
      error = ((await res.json()) as { error?: typeof error }).error ?? {};
    } catch {
      // Not our server's JSON (a proxy's page): the status alone must do.
    }
    throw new PlayerApiError(
      res.status,
      error.code ?? `http_${res.status}`,
      error.message ?? `HTTP ${res.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
}

import { expect } from 'chai';
import { PlayerApi, PlayerApiError, type CommandResult, type PairingMetadata, type Telemetry } from '../../browser-player/src/protocol/api.js';
import type { Heartbeat } from '../../browser-player/src/wire/heartbeat.js';
import type { HttpTarget } from './test-kernel.js';

/** One answer as a player reads it. */
export interface Wire {
  status: number;
  headers: Headers;
  /** The `data` of a success envelope. */
  data: any;
  /** The `error` of an error envelope (the client reads `code` and `message`). */
  error: { code: string; message: string } | undefined;
  bytes: Buffer;
}

export interface WireOptions {
  credential?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A player client that puts requests on the wire its own way. */
export interface WireClient {
  name: string;
  wire(k: HttpTarget, method: string, path: string, options?: WireOptions): Promise<Wire>;
}

async function read(res: Response): Promise<Wire> {
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any;
  if (res.status !== 304 && bytes.length && res.headers.get('content-type')?.includes('json')) json = JSON.parse(bytes.toString());
  return { status: res.status, headers: res.headers, data: json?.data, error: json?.error, bytes };
}

/**
 * A request as the stock Linux player sends it: `Content-Type: application/json` only when there
 * is a body; `credential` becomes `Authorization: Bearer …`, which an explicit `authorization`
 * header (the pairing poll) replaces.
 */
export const stockPlayer: WireClient = {
  name: 'reference Linux player',
  async wire(k, method, path, options = {}) {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.credential) headers.Authorization = `Bearer ${options.credential}`;
    Object.assign(headers, options.headers);
    return read(await fetch(k.url + path, { method, headers, body: options.body === undefined ? null : JSON.stringify(options.body) }));
  },
};

/**
 * The same requests made through the browser player's PlayerApi, each by the method the player
 * uses for that route; the answer is read off the wire as it came. Routes the PlayerApi has no
 * method for (file downloads: the service worker fetches those) go as the stock player sends them.
 * Each request is checked for the stock shape on the way out.
 */
export const browserPlayer: WireClient = {
  name: 'browser player',
  async wire(k, method, path, options = {}) {
    let answer: Response | undefined;
    const api = new PlayerApi({
      baseUrl: k.url,
      credential: options.credential,
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        expect(headers.has('content-type'), `${method} ${path}: Content-Type only with a body`).to.equal(init?.body != null);
        const res = await fetch(input, init);
        answer = res.clone();
        return res;
      },
    });
    const call = apiCall(api, method, path, options);
    if (!call) return stockPlayer.wire(k, method, path, options);
    try {
      await call();
    } catch (err) {
      if (!(err instanceof PlayerApiError)) throw err;
    }
    return read(answer!);
  },
};

/** The PlayerApi method for a request, or undefined when the player makes it some other way. */
function apiCall(api: PlayerApi, method: string, path: string, o: WireOptions): (() => Promise<unknown>) | undefined {
  const body = o.body as any;
  const etag = o.headers?.['If-None-Match'];
  const others = Object.keys(o.headers ?? {}).filter((h) => h !== 'If-None-Match' && h !== 'Authorization');
  if (others.length) return undefined;
  const route = `${method} ${path.replace(/^\/api\/v1/, '')}`;
  const id = /\/(?:pairing-sessions|commands)\/([^/]+)/.exec(path)?.[1] ?? '';
  const pairing = /^Pairing (.*)$/.exec(o.headers?.Authorization ?? '')?.[1];
  const routes: [RegExp, () => Promise<unknown>][] = [
    [/^GET \/system\/identity$/, () => api.identity()],
    [/^POST \/player\/pairing-sessions$/, () => api.startPairing(body.installationId, body.metadata as PairingMetadata)],
    [/^GET \/player\/pairing-sessions\/[^/]+$/, () => api.pollPairing(id, pairing ?? '')],
    [/^POST \/player\/enroll$/, () => api.enroll(body.pairingSessionId, body.enrollmentToken)],
    [/^GET \/player\/manifest$/, () => api.manifest(etag)],
    [/^GET \/player\/config$/, () => api.config(etag)],
    [/^POST \/player\/heartbeat$/, () => api.heartbeat(body as Heartbeat)],
    [/^POST \/player\/liveness$/, () => api.liveness()],
    [/^POST \/player\/telemetry$/, () => api.telemetry(body as Telemetry)],
    [/^POST \/player\/activity-events$/, () => api.activityEvents(body.events)],
    [/^GET \/player\/commands$/, () => api.commands()],
    [/^POST \/player\/commands\/[^/]+\/acknowledge$/, () => api.acknowledge(id)],
    [/^POST \/player\/commands\/[^/]+\/result$/, () => api.result(id, body as CommandResult)],
    [/^GET \/player\/preview-session$/, () => api.previewSession()],
  ];
  if (pairing !== undefined && !route.startsWith('GET /player/pairing-sessions/')) return undefined;
  return routes.find(([pattern]) => pattern.test(route))?.[1];
}

/** Every client the conformance walk runs with. */
export const PLAYER_CLIENTS: WireClient[] = [stockPlayer, browserPlayer];

import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { consoleCall, type ConsoleSession } from './console-client.js';
import { call, type HttpTarget } from './test-kernel.js';

/** What the stock Linux player sends when it asks to pair (field names are its own). */
export function deviceMetadata(overrides: Record<string, unknown> = {}) {
  return {
    playerInstallationId: randomUUID(),
    platform: 'linux',
    manufacturer: 'lobby-pc',
    model: 'Linux x64',
    androidVersion: '6.8.0-45-generic',
    playerVersion: '1.4.2',
    screenWidth: 1920,
    screenHeight: 1080,
    density: 1,
    locale: 'en_US',
    timezone: 'Europe/Berlin',
    ...overrides,
  };
}

export const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

/** A request as the player makes it: JSON, with its device credential. */
export const playerCall = (k: HttpTarget, credential: string, method: string, path: string, body?: unknown) => call(k, method, path, body, bearer(credential));

export async function identity(k: HttpTarget): Promise<{ installationId: string; pairingEnabled: boolean }> {
  return (await call(k, 'GET', '/api/v1/system/identity')).body.data;
}

export async function createPairingSession(k: HttpTarget, metadata: Record<string, unknown> = deviceMetadata()) {
  const { installationId } = await identity(k);
  const res = await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId, metadata });
  if (res.status !== 201) throw new Error(`pairing session: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body.data as { id: string; code: string; pollSecret: string; expiresAt: string }), metadata };
}

export const poll = (k: HttpTarget, id: string, pollSecret: string) =>
  call(k, 'GET', `/api/v1/player/pairing-sessions/${id}`, undefined, { authorization: `Pairing ${pollSecret}` });

export interface PairedScreen {
  screenId: string;
  screenName: string;
  credential: string;
  playerInstallationId: string;
  pairingSessionId: string;
}

/**
 * The whole pairing dance through HTTP, as the player and a console administrator do it:
 * session, approve, poll (claim), enroll.
 */
export async function pairScreen(
  k: HttpTarget,
  admin: ConsoleSession,
  options: { name?: string; metadata?: Record<string, unknown>; approval?: Record<string, unknown> } = {},
): Promise<PairedScreen> {
  const metadata = options.metadata ?? deviceMetadata();
  const session = await createPairingSession(k, metadata);
  const approved = await consoleCall(k, admin, 'POST', `/api/v1/screens/pairing/${session.id}/approve`, {
    name: options.name ?? 'Lobby screen',
    ...options.approval,
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  const claimed = await poll(k, session.id, session.pollSecret);
  if (claimed.body?.data?.status !== 'claimed') throw new Error(`poll: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  const enrolled = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: session.id, enrollmentToken: claimed.body.data.enrollmentToken });
  if (enrolled.status !== 201) throw new Error(`enroll: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  const { screenId, screenName, deviceCredential } = enrolled.body.data;
  return { screenId, screenName, credential: deviceCredential, playerInstallationId: metadata.playerInstallationId as string, pairingSessionId: session.id };
}

export interface PlayerSocket {
  ws: WebSocket;
  messages: Record<string, any>[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until a message of this type has arrived (or fails after `ms`). */
  next(type: string, ms?: number): Promise<Record<string, any>>;
  send(message: unknown): void;
}

/** Opens the player socket with a device credential; resolves once it is open. */
export function openPlayerSocket(k: HttpTarget, credential: string): Promise<PlayerSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/v1/player/socket`, { headers: bearer(credential) });
    const messages: Record<string, any>[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: String(reason) })));
    const next = (type: string, ms = 5_000) =>
      new Promise<Record<string, any>>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${type} within ${ms} ms; got ${JSON.stringify(messages.map((m) => m.type))}`)), ms);
        const check = () => {
          const found = messages.find((m) => m.type === type);
          if (found) {
            clearTimeout(timer);
            done(found);
          } else waiters.push(check);
        };
        check();
      });
    ws.once('open', () => resolve({ ws, messages, closed, next, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res
        .on('data', (c) => (body += c))
        .on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body || '{}') })));
    });
    ws.once('error', reject);
  });
}

import WebSocket from 'ws';
import type { ConsoleSession } from '../support/console-client.js';
import type { TestKernel } from '../support/test-kernel.js';

export interface ConsoleSocket {
  ws: WebSocket;
  messages: Record<string, any>[];
  closed: Promise<{ code: number; reason: string }>;
  /** Waits for a message that `match` accepts (or fails after `ms`). */
  next(match: (m: Record<string, any>) => boolean, ms?: number): Promise<Record<string, any>>;
}

/** An upgrade refused: its status and error body. */
export interface Refusal {
  status: number;
  body: { error?: { code: string; message: string } };
}

/**
 * Opens the console's event socket as a browser on the console's page does: with the session cookie
 * and the page's Origin (the server's own unless told). Resolves once `server.hello` arrived, so the
 * socket receives the organization's events from then on.
 */
export function openConsoleSocket(k: TestKernel, session: ConsoleSession | undefined, origin: string | null = k.url): Promise<ConsoleSocket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (session) headers.cookie = session.cookie;
    if (origin !== null) headers.origin = origin;
    const ws = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/v1/console/events`, { headers });
    const messages: Record<string, any>[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: String(reason) })));
    const next = (match: (m: Record<string, any>) => boolean, ms = 5_000) =>
      new Promise<Record<string, any>>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`)), ms);
        const check = () => {
          const found = messages.find(match);
          if (found) {
            clearTimeout(timer);
            done(found);
          } else waiters.push(check);
        };
        check();
      });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c)).on('end', () => reject({ status: res.statusCode ?? 0, body: JSON.parse(body || '{}') } satisfies Refusal));
    });
    ws.once('error', reject);
    const socket = { ws, messages, closed, next };
    next((m) => m.type === 'server.hello').then(() => resolve(socket), reject);
  });
}

/** The refusal of an upgrade that must not succeed. */
export async function refusedUpgrade(opening: Promise<ConsoleSocket>): Promise<Refusal> {
  try {
    const socket = await opening;
    socket.ws.close();
  } catch (refusal) {
    return refusal as Refusal;
  }
  throw new Error('the upgrade was accepted');
}

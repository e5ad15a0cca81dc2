import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { classifyAddress } from '../../kernel/outbound/address-policy.js';
import { guardedFetch } from '../../kernel/outbound/guarded-fetch.js';

export const SIGNATURE_HEADER = 'X-Signage-Signature';
export const TIMESTAMP_HEADER = 'X-Signage-Timestamp';
export const EVENT_HEADER = 'X-Signage-Event';

/** `sha256=<hex>` of HMAC-SHA256(secret, `<unix seconds>.<body>`): the time is signed, so a captured request cannot be replayed under a new one. */
export function signature(secret: string, timestamp: number, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

const LOCAL_NAME = /^(localhost|.+\.local|.+\.localhost|.+\.lan|.+\.internal|[^.]+)$/i;

/**
 * Why a receiver URL cannot be used, or undefined. HTTPS unless the receiver is plainly on the
 * local network (a private or loopback address, a local name); never credentials in the URL (they
 * would reach logs); never a link-local address (cloud metadata services live there).
 */
export function webhookUrlProblem(raw: string): string | undefined {
  if (!URL.canParse(raw)) return 'is not a URL';
  const url = new URL(raw);
  if (!['http:', 'https:'].includes(url.protocol)) return 'must start with http:// or https://';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const category = isIP(host) ? classifyAddress(host) : undefined;
  if (category === 'link_local' || category === 'unspecified' || category === 'multicast')
    return 'must not point at a link-local, unspecified or multicast address';
  const local = category ? category !== 'public' : LOCAL_NAME.test(host);
  if (url.protocol === 'http:' && !local) return 'must use https:// (http:// only for a receiver on the local network)';
  return undefined;
}

export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

const TIMEOUT_MS = 15_000;

/**
 * One signed POST. A 2xx is delivered; a 429, a 5xx or a network failure may pass (retry); any
 * other answer (a 4xx, a redirect: receivers are not followed elsewhere) will not.
 */
export async function postSigned(url: string, secret: string, event: string, body: Buffer): Promise<SendOutcome> {
  const problem = webhookUrlProblem(url);
  if (problem) return { ok: false, permanent: true, error: `The URL ${problem}.` };
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await guardedFetch(url, {
    // The receivers an administrator names are often on the local network.
    policy: { allowPrivate: true },
    method: 'POST',
    body,
    timeoutMs: TIMEOUT_MS,
    maxRedirects: 0,
    maxBytes: 64 * 1024,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'signage-server',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signature(secret, timestamp, body),
      [EVENT_HEADER]: event,
    },
  });
  const status = outcome.answer?.status ?? outcome.status;
  if (outcome.answer && status !== undefined && status >= 200 && status < 300) return { ok: true };
  if (status !== undefined && status >= 300) {
    const retry = status === 429 || status >= 500;
    const text = outcome.answer?.body.toString('utf8').trim().slice(0, 200);
    return { ok: false, permanent: !retry, error: `The receiver answered ${status}${text ? `: ${text}` : ''}.` };
  }
  return { ok: false, permanent: false, error: `The receiver could not be reached (${outcome.error ?? 'no answer'}).` };
}

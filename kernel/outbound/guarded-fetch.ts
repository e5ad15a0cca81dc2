import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressCategory, classifyAddress } from './address-policy.js';

/** Why a fetch got no usable answer. */
export type OutboundError =
  | 'timeout'
  | 'dns_failed'
  | 'connection_refused'
  | 'connection_failed'
  | 'tls_error'
  | 'too_many_redirects'
  | 'redirect_invalid'
  | 'redirect_refused'
  | 'too_large';

/** Which addresses a fetch chosen by a user may reach. */
export interface OutboundPolicy {
  /** Private, loopback, link-local… addresses too (an administrator's choice). */
  allowPrivate: boolean;
  /** Host names (`host` or `host:port`, as written in the URL) allowed whatever they resolve to. */
  allowedHosts?: readonly string[];
}

export interface FetchOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxRedirects: number;
  /** Bytes of body to read; past it the fetch fails with `too_large`. 0 reads no body. */
  maxBytes: number;
  headers: Record<string, string>;
  /** GET unless said (a webhook POSTs its body). */
  method?: 'GET' | 'POST';
  body?: Buffer;
  /** A URL a redirect may go to (the caller's own rules: scheme, credentials). */
  redirectAllowed?: (url: URL) => boolean;
}

export interface FetchAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Where the fetch went, and what it got or why it got nothing. */
export interface FetchOutcome {
  /** Where redirects led, when they did. */
  finalUrl: string | null;
  redirects: number;
  answer?: FetchAnswer;
  error?: OutboundError;
  /** The TLS failure code (`CERT_HAS_EXPIRED`, …) with `tls_error`. */
  tlsError?: string;
  /** Status of a redirect that could not be followed. */
  status?: number;
  /** The first address was refused: nothing was sent. */
  refused?: { host: string; category: AddressCategory };
}

type Target = { address: string; family: number };
type Resolved = Target | { refused: AddressCategory } | { error: OutboundError };
type Reply = FetchAnswer | { error: OutboundError; tlsError?: string };

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|EPROTO$)/;

function networkError(err: NodeJS.ErrnoException, signal: AbortSignal): { error: OutboundError; tlsError?: string } {
  if (signal.aborted) return { error: 'timeout' };
  const code = err.code ?? '';
  if (TLS_CODE.test(code)) return { error: 'tls_error', tlsError: code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return { error: 'dns_failed' };
  if (code === 'ECONNREFUSED') return { error: 'connection_refused' };
  return { error: 'connection_failed' };
}

/** Rejects when `signal` aborts, so a hung DNS lookup cannot outlive the deadline. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The address to connect to; every address the name resolves to must be allowed. */
async function resolveTarget(url: URL, policy: OutboundPolicy, signal: AbortSignal): Promise<Resolved> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Target[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await beforeDeadline(lookup(host, { all: true, verbatim: true }), signal);
  } catch (err) {
    return { error: networkError(err as NodeJS.ErrnoException, signal).error };
  }
  if (!addresses.length) return { error: 'dns_failed' };
  const listed = policy.allowedHosts?.some((h) => h.toLowerCase() === url.hostname.toLowerCase() || h.toLowerCase() === url.host.toLowerCase());
  if (!policy.allowPrivate && !listed) {
    for (const { address } of addresses) {
      const category = classifyAddress(address);
      if (category !== 'public') return { refused: category };
    }
  }
  return addresses[0]!;
}

/** One request on the pinned address: status, headers and at most `maxBytes` of body. */
function requestOnce(url: URL, target: Target, o: FetchOptions, signal: AbortSignal): Promise<Reply> {
  // Answers every lookup with the checked address: Node would otherwise resolve the name again.
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  return new Promise((resolve) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, { method: o.method ?? 'GET', agent: false, lookup: pinned, signal, headers: o.headers });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const redirect = status >= 300 && status < 400;
      const declared = Number(res.headers['content-length']);
      if (redirect || o.maxBytes === 0) {
        res.destroy();
        req.destroy();
        return resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
      }
      if (declared > o.maxBytes) {
        res.destroy();
        req.destroy();
        return resolve({ error: 'too_large' });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) {
          res.destroy();
          req.destroy();
          resolve({ error: 'too_large' });
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err) => resolve(networkError(err as NodeJS.ErrnoException, signal)));
      // Cut off mid-body (the deadline, the peer): whatever came is not the document.
      res.on('close', () => {
        if (!res.complete) resolve(signal.aborted ? { error: 'timeout' } : { error: 'connection_failed' });
      });
    });
    req.on('error', (err) => resolve(networkError(err as NodeJS.ErrnoException, signal)));
    req.end(o.body);
  });
}

/**
 * A request (a GET unless said) to an address a user chose (a website to check, a feed to read, a
 * webhook to notify): it refuses every non-public address unless the policy allows it, checks each
 * redirect the same way, connects to the address it checked (a second DNS answer could otherwise point elsewhere), and stops at the
 * deadline, the redirect limit and the size limit. Never throws for what the remote end does.
 */
export async function guardedFetch(url: string, o: FetchOptions): Promise<FetchOutcome> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const moved = { finalUrl: redirects ? current.href : null, redirects };
    const target = await resolveTarget(current, o.policy, signal);
    if ('refused' in target) {
      return redirects === 0 ? { ...moved, refused: { host: current.hostname, category: target.refused } } : { ...moved, error: 'redirect_refused' };
    }
    if ('error' in target) return { ...moved, error: target.error };
    const reply = await requestOnce(current, target, o, signal);
    if ('error' in reply) return { ...moved, error: reply.error, ...(reply.tlsError ? { tlsError: reply.tlsError } : {}) };
    const location = reply.headers.location;
    if (reply.status >= 300 && reply.status < 400 && location) {
      if (redirects === o.maxRedirects) return { ...moved, status: reply.status, error: 'too_many_redirects' };
      const next = URL.canParse(location, current) ? new URL(location, current) : undefined;
      if (!next || !['http:', 'https:'].includes(next.protocol) || (o.redirectAllowed && !o.redirectAllowed(next))) {
        return { ...moved, status: reply.status, error: 'redirect_invalid' };
      }
      current = next;
      continue;
    }
    return { ...moved, answer: reply };
  }
}

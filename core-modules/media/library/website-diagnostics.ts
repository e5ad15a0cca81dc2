import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../../kernel/errors.js';
import type { SettingsService } from '../../settings/settings.api.js';
import { classifyAddress, type AddressCategory } from './address-policy.js';
import { framingVerdict } from './framing.js';
import type { LibraryConfig } from './library-config.js';
import { ALLOW_PRIVATE_ADDRESSES_KEY } from './library-settings.js';
import { websiteUrlProblem } from './website-url.js';

export const MAX_REDIRECTS = 3;
const USER_AGENT = 'signage-server website diagnostics';

export type DiagnosticsError =
  | 'timeout'
  | 'dns_failed'
  | 'connection_refused'
  | 'connection_failed'
  | 'tls_error'
  | 'too_many_redirects'
  | 'redirect_invalid'
  | 'redirect_refused';

export interface DiagnosticsReport {
  url: string;
  /** Where redirects led, when they did. */
  finalUrl: string | null;
  /** HTTP status of the last answer; null when none came. */
  status: number | null;
  /** The page answered 2xx. */
  ok: boolean;
  /** Whether a player may show it in a frame; null when no page answered. */
  framingAllowed: boolean | null;
  framingReason: string | null;
  /** The TLS failure code (`CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`, …). */
  tlsError: string | null;
  error: DiagnosticsError | null;
  redirects: number;
  durationMs: number;
  checkedAt: string;
}

type Resolved = { address: string; family: number } | { refused: AddressCategory; address: string } | { error: DiagnosticsError };
type Answer = { status: number; headers: IncomingHttpHeaders } | { error: DiagnosticsError; tlsError?: string };

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|EPROTO$)/;

function networkError(err: NodeJS.ErrnoException, signal: AbortSignal): { error: DiagnosticsError; tlsError?: string } {
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

/**
 * Fetches a website from the server to tell its author whether screens can show it: status, whether
 * framing is allowed, TLS problems. It is an outbound request chosen by a user, so it refuses every
 * non-public address unless an administrator allows them, checks each redirect the same way, and
 * connects to the address it checked (a second DNS answer could otherwise point elsewhere).
 */
export class WebsiteDiagnostics {
  constructor(private readonly d: { settingsService: SettingsService; libraryConfig: LibraryConfig }) {}

  async check(url: string): Promise<DiagnosticsReport> {
    const started = performance.now();
    const checkedAt = new Date().toISOString();
    const allowPrivate = await this.d.settingsService.get<boolean>(ALLOW_PRIVATE_ADDRESSES_KEY);
    const signal = AbortSignal.timeout(this.d.libraryConfig.diagnosticsTimeoutMs);
    const report = (fields: Partial<DiagnosticsReport>): DiagnosticsReport => ({
      url,
      finalUrl: null,
      status: null,
      ok: false,
      framingAllowed: null,
      framingReason: null,
      tlsError: null,
      error: null,
      redirects: 0,
      durationMs: Math.round(performance.now() - started),
      checkedAt,
      ...fields,
    });

    let current = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const moved = redirects ? { finalUrl: current.href, redirects } : {};
      const target = await this.resolve(current, allowPrivate, signal);
      if ('refused' in target) {
        if (redirects === 0) throw addressNotAllowed(current.hostname, target.refused);
        return report({ ...moved, error: 'redirect_refused' });
      }
      if ('error' in target) return report({ ...moved, error: target.error });
      const answer = await fetchHeaders(current, target, signal);
      if ('error' in answer) return report({ ...moved, error: answer.error, tlsError: answer.tlsError ?? null });
      const location = answer.headers.location;
      if (answer.status >= 300 && answer.status < 400 && location) {
        if (redirects === MAX_REDIRECTS) return report({ ...moved, status: answer.status, error: 'too_many_redirects' });
        const next = URL.canParse(location, current) ? new URL(location, current) : undefined;
        if (!next || websiteUrlProblem(next.href)) return report({ ...moved, status: answer.status, error: 'redirect_invalid' });
        current = next;
        continue;
      }
      const framing = framingVerdict(answer.headers);
      return report({
        ...moved,
        status: answer.status,
        ok: answer.status >= 200 && answer.status < 300,
        framingAllowed: framing.allowed,
        framingReason: framing.reason,
      });
    }
  }

  /** The address to connect to; every address the name resolves to must be allowed. */
  private async resolve(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<Resolved> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: { address: string; family: number }[];
    try {
      addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await beforeDeadline(lookup(host, { all: true, verbatim: true }), signal);
    } catch (err) {
      return { error: networkError(err as NodeJS.ErrnoException, signal).error };
    }
    if (!addresses.length) return { error: 'dns_failed' };
    if (!allowPrivate) {
      for (const { address } of addresses) {
        const category = classifyAddress(address);
        if (category !== 'public') return { refused: category, address };
      }
    }
    return addresses[0]!;
  }
}

function addressNotAllowed(host: string, category: AddressCategory): AppError {
  return new AppError(
    'validation',
    'address_not_allowed',
    `The server does not fetch ${category.replace('_', '-')} addresses; an administrator can allow them with the setting ${ALLOW_PRIVATE_ADDRESSES_KEY}.`,
    { host, category },
  );
}

/** Status and headers of a GET to `url` on the pinned address; the body is never read. */
function fetchHeaders(url: URL, target: { address: string; family: number }, signal: AbortSignal): Promise<Answer> {
  // Answers every lookup with the checked address: Node would otherwise resolve the name again.
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  return new Promise((resolve) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, {
      method: 'GET',
      agent: false,
      lookup: pinned,
      signal,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' },
    });
    req.on('response', (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
      req.destroy();
    });
    req.on('error', (err) => resolve(networkError(err as NodeJS.ErrnoException, signal)));
    req.end();
  });
}

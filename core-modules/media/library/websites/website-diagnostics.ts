import { AppError } from '../../../../kernel/errors.js';
import type { AddressCategory } from '../../../../kernel/outbound/address-policy.js';
import { guardedFetch, type OutboundError } from '../../../../kernel/outbound/guarded-fetch.js';
import { framingVerdict } from './framing.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';
import { ALLOW_PRIVATE_ADDRESSES_KEY } from '../library-settings.js';
import { websiteUrlProblem } from './website-url.js';

export const MAX_REDIRECTS = 3;
const USER_AGENT = 'signage-server website diagnostics';

export type DiagnosticsError = Exclude<OutboundError, 'too_large'>;

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

/**
 * Fetches a website from the server to tell its author whether screens can show it: status, whether
 * framing is allowed, TLS problems. It is an outbound request chosen by a user, so it refuses every
 * non-public address unless an administrator allows them, checks each redirect the same way, and
 * connects to the address it checked (a second DNS answer could otherwise point elsewhere).
 */
export class WebsiteDiagnostics {
  constructor(private readonly d: Pick<LibraryBaseDeps, 'settingsService' | 'libraryConfig'>) {}

  async check(url: string): Promise<DiagnosticsReport> {
    const started = performance.now();
    const checkedAt = new Date().toISOString();
    const allowPrivate = await this.d.settingsService.get<boolean>(ALLOW_PRIVATE_ADDRESSES_KEY);
    const outcome = await guardedFetch(url, {
      policy: { allowPrivate },
      timeoutMs: this.d.libraryConfig.diagnosticsTimeoutMs,
      maxRedirects: MAX_REDIRECTS,
      maxBytes: 0,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' },
      redirectAllowed: (next) => !websiteUrlProblem(next.href),
    });
    if (outcome.refused) throw addressNotAllowed(outcome.refused.host, outcome.refused.category);
    const { answer } = outcome;
    const framing = answer ? framingVerdict(answer.headers) : undefined;
    return {
      url,
      finalUrl: outcome.finalUrl,
      status: answer?.status ?? outcome.status ?? null,
      ok: answer !== undefined && answer.status >= 200 && answer.status < 300,
      framingAllowed: framing?.allowed ?? null,
      framingReason: framing?.reason ?? null,
      tlsError: outcome.tlsError ?? null,
      error: (outcome.error as DiagnosticsError | undefined) ?? null,
      redirects: outcome.redirects,
      durationMs: Math.round(performance.now() - started),
      checkedAt,
    };
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

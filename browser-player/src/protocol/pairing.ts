import { PlayerApiError, PlayerNetworkError, type PairingMetadata, type PlayerApi } from './api.js';
import { Backoff } from './backoff.js';

export interface PairingCode {
  code: string;
  /** The console's page that approves this code: shown as a QR code. */
  approvalUrl: string;
  expiresAt: string;
  organizationName: string;
}

export interface Enrolled {
  credential: string;
  screenId: string;
  screenName: string;
  /** The server installation the credential belongs to. */
  installationId: string;
}

export interface PairingOptions {
  /** A new code to show (at the start, and whenever a session expires or is rejected). */
  onCode(c: PairingCode): void;
  signal?: AbortSignal;
  sleep?(ms: number): Promise<void>;
  now?(): number;
}

/**
 * Whether a stored credential belongs to the server at `api` (the stock players check this before
 * sending one): false when the server is another installation (pair again), undefined when it
 * cannot be asked now (keep playing with what is stored).
 */
export async function isSameServer(api: PlayerApi, installationId: string): Promise<boolean | undefined> {
  try {
    return (await api.identity()).installationId === installationId;
  } catch {
    return undefined;
  }
}

// Waits between attempts when the server cannot be reached or refuses for now.
const RETRY = { baseMs: 2_000, maxMs: 60_000, stableMs: 0 };
const DEFAULT_POLL_SECONDS = 3;

const abortableSleep = (signal?: AbortSignal) => (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/** Failures that are worth waiting out (network, rate limit, server busy, pairing switched off), as opposed to a new session. */
function waitFor(err: unknown, backoff: Backoff, now: number): number | undefined {
  if (err instanceof PlayerNetworkError) return backoff.nextDelay(now);
  if (!(err instanceof PlayerApiError)) return undefined;
  if (err.retryAfterSeconds) return err.retryAfterSeconds * 1000;
  if (err.status === 429 || err.status >= 500 || err.code === 'pairing_disabled') return backoff.nextDelay(now);
  return undefined;
}

/**
 * Pairs as a stock player does: checks which server this is, asks for a session, shows its code,
 * polls at the interval the server gives until an administrator approves it in the console, then
 * enrolls for the device credential. A session that expires, is rejected or disappears is replaced
 * by a new one (a new code); network trouble and rate limits are waited out. Rejects only when
 * `signal` aborts.
 */
export async function pairUntilEnrolled(api: PlayerApi, metadata: PairingMetadata, o: PairingOptions): Promise<Enrolled> {
  const sleep = o.sleep ?? abortableSleep(o.signal);
  const now = o.now ?? Date.now;
  const backoff = new Backoff(RETRY);
  const aborted = () => {
    if (o.signal?.aborted) throw o.signal.reason ?? new Error('pairing aborted');
  };
  for (;;) {
    aborted();
    try {
      const { installationId } = await api.identity();
      const session = await api.startPairing(installationId, metadata);
      backoff.reset();
      o.onCode({ code: session.code, approvalUrl: session.approvalUrl, expiresAt: session.expiresAt, organizationName: session.organizationName });
      const enrolled = await pollSession(api, session.id, session.pollSecret, Date.parse(session.expiresAt), session.pollingIntervalSeconds, {
        sleep,
        now,
        aborted,
        backoff,
      });
      if (enrolled) return { ...enrolled, installationId };
    } catch (err) {
      aborted();
      await sleep(waitFor(err, backoff, now()) ?? backoff.nextDelay(now()));
    }
  }
}

/** Polls one session to its end: the enrollment, or undefined when a new session is needed. */
async function pollSession(
  api: PlayerApi,
  id: string,
  pollSecret: string,
  expiresAtMs: number,
  intervalSeconds: number,
  t: { sleep(ms: number): Promise<void>; now(): number; aborted(): void; backoff: Backoff },
): Promise<Omit<Enrolled, 'installationId'> | undefined> {
  const intervalMs = Math.max(1, intervalSeconds || DEFAULT_POLL_SECONDS) * 1000;
  for (;;) {
    await t.sleep(intervalMs);
    t.aborted();
    if (t.now() >= expiresAtMs) return undefined;
    let state: Awaited<ReturnType<PlayerApi['pollPairing']>>;
    try {
      state = await api.pollPairing(id, pollSecret);
    } catch (err) {
      const wait = waitFor(err, t.backoff, t.now());
      if (wait === undefined) return undefined; // gone or not ours any more: start over
      await t.sleep(wait);
      continue;
    }
    if (state.status === 'claimed' && state.enrollmentToken) {
      const e = await api.enroll(id, state.enrollmentToken);
      return { credential: e.deviceCredential, screenId: e.screenId, screenName: e.screenName };
    }
    // Claimed without a token: another poll took it (a second tab); only a new session can enroll.
    if (state.status !== 'pending' && state.status !== 'approved') return undefined;
  }
}

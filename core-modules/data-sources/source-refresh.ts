import type { Knex } from 'knex';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { guardedFetch } from '../../kernel/outbound/guarded-fetch.js';
import { ALLOW_PRIVATE_KEY, ALLOWED_HOSTS_KEY, FETCH_CONCURRENCY_KEY } from './data-sources-settings.js';
import type { DataDocument } from './providers/document.js';
import type { ParseJob } from './providers/parse-job.js';
import { type DataSourceProvider, type ProduceContext, SourceFailure } from './providers/provider.js';
import type { SourceRow } from './data-sources.models.js';
import type { DataSourcesBaseDeps } from './data-sources-base-deps.js';

type Deps = Pick<
  DataSourcesBaseDeps,
  | 'logger'
  | 'settingsService'
  | 'dataSourcesRepository'
  | 'dataSourceProviders'
  | 'dataSourceViewers'
  | 'contentSources'
  | 'dataSourcesConfig'
  | 'parsePool'
  | 'consoleEvents'
>;

export const MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const USER_AGENT = 'signage-server data sources';
/** How long one round keeps claiming due sources (the job runs every minute). */
const ROUND_MS = 50_000;
/** Sources claimed at once per fetch slot: small batches, so a lease never outlives its refresh by much. */
const CLAIM_PER_WORKER = 5;
/** How long a claimed source is not given to another process (a refresh takes at most 15 s). */
const LEASE_SECONDS = 120;

const FETCH_ERRORS: Record<string, string> = {
  timeout: 'The source did not answer in time.',
  dns_failed: 'The source’s host name could not be resolved.',
  connection_refused: 'The source refused the connection.',
  connection_failed: 'The connection to the source failed.',
  tls_error: 'The source’s TLS certificate could not be verified.',
  too_many_redirects: 'The source redirected more than 3 times.',
  redirect_invalid: 'The source redirected to an address that is not http(s).',
  redirect_refused: 'The source redirected to an address the server does not fetch (private, loopback, link-local…).',
  too_large: 'The source answered more than 2 MiB.',
};

// What screens see changing: the records, not the time they were read (a refresh that finds the
// same items must not move every screen's manifest).
const recordsHash = (d: DataDocument) => canonicalHash(d.datasets.map(({ cache: _, ...rest }) => rest));

/**
 * Past half its way to going stale: same records or not, it is replaced so screens do not mark
 * current data stale (its `staleAt` moves on).
 */
function halfStale(d: DataDocument, now: number): boolean {
  return d.datasets.some(({ cache }) => {
    if (!cache.cachedAt || !cache.staleAt) return false;
    const from = Date.parse(cache.cachedAt);
    return now - from > (Date.parse(cache.staleAt) - from) / 2;
  });
}

/** When the next refresh is due: the interval, plus up to a tenth of it so sources created together spread out. */
export function nextDue(seconds: number | undefined, now = Date.now(), spread = Math.random()): Date | null {
  return seconds === undefined ? null : new Date(now + seconds * 1000 * (1 + spread / 10));
}

/**
 * Refreshes data sources: each provider makes its document (fetching under the server's outbound
 * policy); a good one replaces the last, a failure keeps the last good one and is recorded. When
 * the records change, the screens showing the source are told.
 */
export class SourceRefresher {
  constructor(private readonly d: Deps) {}

  /** The document a configuration makes now, without storing anything (preview, inspect). */
  async produce(provider: DataSourceProvider, configuration: unknown): Promise<DataDocument> {
    return provider.produce(configuration, { ...(await this.context()), refreshBy: () => {} });
  }

  /** The body of `url` under the fetch policy (inspection); throws SourceFailure. */
  async read(url: string, accept: string): Promise<string> {
    return (await this.context()).fetchText(url, accept);
  }

  /** A body's fields as `provider` reads them, parsed off the event loop; throws SourceParseError. */
  inspect(provider: string, body: string, hint: Extract<ParseJob, { kind: 'inspect' }>['hint']) {
    return this.d.parsePool.parse({ kind: 'inspect', provider, body, hint });
  }

  async refresh(source: SourceRow): Promise<{ ok: boolean; changed: boolean }> {
    const provider = this.d.dataSourceProviders.get(source.provider);
    if (!provider) return { ok: false, changed: false };
    const started = performance.now();
    // The interval's refresh, or sooner where the provider knows its output changes then.
    let due = nextDue(provider.refreshSeconds(source.configuration));
    const refreshBy = (at: Date) => {
      if (!due || at < due) due = at;
    };
    let changed: boolean;
    try {
      const document = await provider.produce(source.configuration, { ...(await this.context()), sourceId: source.id, refreshBy });
      changed = await this.d.dataSourcesRepository.succeeded(
        source.id,
        (old) =>
          !old || recordsHash(old) !== recordsHash(document) || halfStale(old, Date.now()) ? { document, changed: true } : { document: old, changed: false },
        Math.round(performance.now() - started),
        due,
        (trx) => this.tell([source.id], trx),
      );
    } catch (err) {
      // A fault of ours (a provider's bug, an output the database refuses) fails this source like a
      // bad feed would: recorded for diagnostics, the last good output kept, the others refreshed.
      const failure =
        err instanceof SourceFailure ? err : new SourceFailure('internal_error', 'The source could not be read: the server failed (see its log).');
      if (failure === err) this.d.logger.info({ sourceId: source.id, code: failure.code }, 'data source refresh failed; the last good output stays');
      else this.d.logger.error({ err, sourceId: source.id }, 'data source refresh crashed; the last good output stays');
      await this.d.dataSourcesRepository.failed(source.id, failure.code, failure.message, Math.round(performance.now() - started), due);
      this.d.consoleEvents.publish('data_source.changed', { dataSourceId: source.id });
      return { ok: false, changed: false };
    }
    // A read with the same records still moves its times and status (a changed one was told with its commit).
    if (!changed) this.d.consoleEvents.publish('data_source.changed', { dataSourceId: source.id });
    return { ok: true, changed };
  }

  /**
   * The refresh job (every minute): due sources, a few at a time (`data_sources.fetch_concurrency`),
   * claimed in small batches until none is due or the round has run for most of its minute, so a
   * crowd of sources due together is done within a round or two, and several processes share it.
   */
  async refreshDue(budgetMs = ROUND_MS): Promise<number> {
    const until = Date.now() + budgetMs;
    const concurrency = await this.d.settingsService.get<number>(FETCH_CONCURRENCY_KEY);
    let refreshed = 0;
    while (Date.now() < until) {
      const ids = await this.d.dataSourcesRepository.claimDue(concurrency * CLAIM_PER_WORKER, LEASE_SECONDS);
      if (!ids.length) break;
      const sources = await this.d.dataSourcesRepository.byIds(ids);
      let next = 0;
      const worker = async () => {
        while (next < sources.length) {
          const source = sources[next++]!;
          try {
            await this.refresh(source);
          } catch (err) {
            this.d.logger.warn({ err, sourceId: source.id }, 'data source refresh crashed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, sources.length) }, worker));
      refreshed += sources.length;
    }
    return refreshed;
  }

  /** In the transaction of a change to sources' output or entry: the screens showing them rebuild their manifests once it commits. */
  async tell(sourceIds: string[], trx: Knex.Transaction): Promise<void> {
    // The consoles showing them refetch too.
    this.d.consoleEvents.publishEach(
      'data_source.changed',
      sourceIds.map((dataSourceId) => ({ dataSourceId })),
      trx,
    );
    await this.d.contentSources.changed(await this.d.dataSourceViewers.screensShowing(sourceIds), trx);
  }

  private async context(): Promise<Omit<ProduceContext, 'refreshBy' | 'sourceId'>> {
    const values = await this.d.settingsService.values([ALLOW_PRIVATE_KEY, ALLOWED_HOSTS_KEY]);
    const allowedHosts = String(values[ALLOWED_HOSTS_KEY])
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    return {
      now: new Date(),
      parse: this.d.parsePool.parse,
      fetchText: async (url, accept) => {
        const outcome = await guardedFetch(url, {
          policy: { allowPrivate: values[ALLOW_PRIVATE_KEY] as boolean, allowedHosts },
          timeoutMs: this.d.dataSourcesConfig.fetchTimeoutMs,
          maxRedirects: MAX_REDIRECTS,
          maxBytes: MAX_BYTES,
          headers: { 'user-agent': USER_AGENT, accept, 'accept-encoding': 'identity' },
        });
        if (outcome.refused) {
          throw new SourceFailure(
            'address_not_allowed',
            `The server does not fetch ${outcome.refused.category.replace('_', '-')} addresses; an administrator can list the host in ${ALLOWED_HOSTS_KEY}.`,
          );
        }
        if (outcome.error) throw new SourceFailure(outcome.error, FETCH_ERRORS[outcome.error] ?? 'The source could not be read.');
        const { status, body } = outcome.answer!;
        if (status < 200 || status >= 300) throw new SourceFailure(`http_${status}`, `The source answered HTTP ${status}.`);
        const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
        return text;
      },
    };
  }
}

import type { DataSourcesDeps } from '../core-modules/data-sources/data-sources-deps.js';
import { FeedServer, RSS } from '../test/support/feed-server.js';
import { bootServer, signInOwner } from './fleet.js';
import type { BenchResult, Benchmark, Measurement } from './support.js';

const SOURCES = 2_000;
const INTERVAL_SECONDS = 300;
/** Every source due at once must be refreshed within its interval. */
const TARGET_MS = INTERVAL_SECONDS * 1000;
/** Server memory growth over the rounds. */
const RSS_TARGET_MB = 100;
const CONCURRENCIES = [4, 16];

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function run(): Promise<BenchResult> {
  const feeds = await new FeedServer().start();
  const server = await bootServer();
  try {
    const owner = await signInOwner(server);
    const headers = { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
    const setSettings = async (values: Record<string, unknown>) => {
      const { revision } = ((await (await fetch(`${server.url}/api/v1/settings`, { headers })).json()) as { data: { revision: number } }).data;
      const set = await fetch(`${server.url}/api/v1/settings`, { method: 'PATCH', headers, body: JSON.stringify({ revision, values }) });
      if (set.status !== 200) throw new Error(`settings answered ${set.status}: ${await set.text()}`);
    };
    await setSettings({ 'data_sources.allow_http': true, 'data_sources.allowed_hosts': `localhost:${feeds.port}` });
    for (let i = 0; i < SOURCES; i++) feeds.answers.set(`/feed/${i}`, { type: 'application/rss+xml', body: RSS.replace('Town news', `Town ${i}`) });

    // The sources written in bulk (creating them over HTTP would refresh each at once).
    const d = server.kernel.containerOf('data-sources').cradle as DataSourcesDeps;
    const { db } = d;
    const configuration = (i: number) => ({
      url: feeds.url(`/feed/${i}`),
      presentation: 'list',
      maxItems: 20,
      sort: 'newest',
      filterKeyword: '',
      filters: [],
      refreshIntervalSeconds: INTERVAL_SECONDS,
      stalenessLimitHours: 168,
      emptyState: 'No items available',
      fields: { title: true, subtitle: true, date: true, author: false, description: false, image: false, link: false },
    });
    const ids: string[] = [];
    for (let i = 0; i < SOURCES; i += 500) {
      const rows = Array.from({ length: Math.min(500, SOURCES - i) }, (_, j) => ({
        name: `Feed ${i + j}`,
        provider: 'rss',
        configuration: configuration(i + j),
      }));
      ids.push(...(await db('data_sources').insert(rows).returning('id')).map((r: { id: string }) => r.id));
    }
    await db('data_source_outputs').insert(ids.map((source_id) => ({ source_id, due_at: new Date(Date.now() - 1000) })));

    const measurements: Measurement[] = [];
    const results: { concurrency: number; ms: number; growth: number }[] = [];
    for (const concurrency of CONCURRENCIES) {
      await setSettings({ 'data_sources.fetch_concurrency': concurrency });
      await db('data_source_outputs').update({ due_at: new Date(Date.now() - 1000) });
      feeds.hits.clear();
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const t0 = performance.now();
      let refreshed = 0;
      // As the minute job does, round after round, until every source is done.
      while (refreshed < SOURCES) {
        const round = await d.sourceRefresher.refreshDue(TARGET_MS);
        if (!round) break;
        refreshed += round;
      }
      const ms = performance.now() - t0;
      const growth = process.memoryUsage().rss - rssBefore;
      const fetched = [...feeds.hits.values()].reduce((a, b) => a + b, 0);
      if (fetched !== SOURCES) throw new Error(`${fetched} of ${SOURCES} feeds fetched with concurrency ${concurrency}`);
      results.push({ concurrency, ms, growth });
      measurements.push({
        label: `${SOURCES} feeds due at once, ${concurrency} at a time (RSS +${mb(growth)} MB)`,
        rps: SOURCES / (ms / 1000),
        p50Ms: Math.round(ms),
        p99Ms: Math.round(ms),
        requests: SOURCES,
      });
    }
    const slowest = Math.max(...results.map((r) => r.ms));
    const growth = Math.max(...results.map((r) => r.growth));
    return {
      setup:
        `${SOURCES} RSS sources (refresh ${INTERVAL_SECONDS} s) all due at once against a local feed server, refreshed by the refresh rounds in process ` +
        `with fetch concurrency ${CONCURRENCIES.join(' and ')}; time until all are fetched, parsed and stored (p50 = p99 = the total), and the process RSS growth`,
      measurements,
      checks: [
        { name: `${INTERVAL_SECONDS} s / time to refresh all`, value: TARGET_MS / slowest, target: 1, pass: slowest <= TARGET_MS },
        { name: `${RSS_TARGET_MB} MB / RSS growth`, value: RSS_TARGET_MB / Math.max(1, mb(growth)), target: 1, pass: mb(growth) <= RSS_TARGET_MB },
      ],
    };
  } finally {
    await server.stop();
    await feeds.stop();
  }
}

export const sourceRefreshBenchmark: Benchmark = { name: 'source-refresh', run };

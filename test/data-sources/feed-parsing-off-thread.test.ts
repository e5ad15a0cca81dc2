import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'chai';
import type { DataSourcesDeps } from '../../core-modules/data-sources/data-sources-deps.js';
import { ParsePool } from '../../core-modules/data-sources/parse-pool.js';
import { parseRss, SourceParseError } from '../../core-modules/data-sources/providers/feeds.js';
import { coreModules } from '../../core-modules/index.js';
import { createLogger } from '../../kernel/logger.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { FeedServer, RSS } from '../support/feed-server.js';
import { referenceFeed, RSS_DEFAULTS } from '../support/hostile-feeds.js';
import { setSettings } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/** Between what a feed of many items needs to parse (under 24 MiB) and what one huge element needs (over 64 MiB). */
const PARSE_MEMORY_MB = 48;

describe('feed parsing off the event loop', function () {
  // 2 MiB parses on a busy machine take seconds.
  this.timeout(180_000);
  let k: TestKernel;
  let owner: ConsoleSession;
  const feeds = new FeedServer();
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const create = async (url: string) => {
    const res = await api('POST', '/api/v1/data-sources', { provider: 'rss', name: `Feed ${url}`, configuration: { url } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.id as string;
  };
  const diagnostics = async (id: string) => (await api('GET', `/api/v1/data-sources/${id}/diagnostics`)).body.data;
  const recordsOf = async (id: string) => (await api('GET', `/api/v1/data-sources/${id}/outputs`)).body.data.document.datasets[0].records;

  before(async () => {
    await feeds.start();
    k = await bootTestKernel({
      plugins: coreModules,
      env: { DATA_SOURCE_PARSE_MEMORY_MB: String(PARSE_MEMORY_MB), DATA_SOURCE_PARSE_TIMEOUT_MS: '60000' },
    });
    owner = await setUpOwner(k);
    await setSettings(k, owner, { 'data_sources.allow_http': true, 'data_sources.allowed_hosts': `localhost:${feeds.port}` });
  });
  after(async () => {
    await k?.stop();
    await feeds.stop();
  });

  it('keeps the event loop free while a 2 MiB feed of character references is parsed', async () => {
    const body = referenceFeed('items');
    feeds.answers.set('/references', { type: 'application/rss+xml', body });
    const id = await create(feeds.url('/references'));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const rebuilt = await api('POST', `/api/v1/data-sources/${id}/outputs/rebuild`);
    delay.disable();
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).to.equal(200);
    expect(rebuilt.body.data.document.datasets[0].records).to.have.length(20);
    // What the parse costs on this machine now, on the thread that runs it (measured after: its
    // garbage must not be collected while the event loop is watched).
    const started = performance.now();
    parseRss(body);
    const parseMs = performance.now() - started;
    // Parsed on the event loop, the longest block is at least the parse itself; off it, what is left
    // is the machine's noise (collections, a busy CPU), a fraction of it.
    const blockedMs = delay.max / 1e6;
    expect(blockedMs, `event loop blocked ${Math.round(blockedMs)} ms; the parse takes ${Math.round(parseMs)} ms`).to.be.below(parseMs / 2);
  });

  it('records a feed over the parse memory limit as the source’s failure, keeping its last good output, while others refresh', async () => {
    feeds.answers.set('/grows', { type: 'application/rss+xml', body: RSS });
    feeds.answers.set('/steady', { type: 'application/rss+xml', body: RSS });
    const grows = await create(feeds.url('/grows'));
    const steady = await create(feeds.url('/steady'));
    // Let the refreshes that creation starts store their outputs.
    await eventually(
      () => Promise.all([grows, steady].map(diagnostics)),
      (all) => all.every((d) => d.lastSuccessfulRefresh),
      60_000,
    );
    feeds.answers.set('/grows', { type: 'application/rss+xml', body: referenceFeed('one') });
    feeds.answers.set('/steady', { type: 'application/rss+xml', body: RSS.replace('Library opens late', 'Library opens later') });
    await k
      .db('data_source_outputs')
      .whereIn('source_id', [grows, steady])
      .update({ due_at: new Date(Date.now() - 1000) });
    await (k.containerOf('data-sources').cradle as DataSourcesDeps).sourceRefresher.refreshDue();

    const failed = await diagnostics(grows);
    expect(failed).to.include({ errorCode: 'parse_failed', parseStatus: 'parse_failed', usingCachedData: true });
    expect(failed.error.message).to.equal(`Reading the source needed more than the ${PARSE_MEMORY_MB} MiB of memory the server gives one source.`);
    expect(await recordsOf(grows)).to.have.length(2);
    expect(await diagnostics(steady))
      .to.include({ usingCachedData: false })
      .and.not.to.have.property('errorCode');
    expect((await recordsOf(steady)).map((r: any) => r.values.title.text)).to.include('Library opens later');
  });

  it('answers a preview and an inspection of such a feed 422 parse_failed, as the refresh records it', async () => {
    feeds.answers.set('/huge-element', { type: 'application/rss+xml', body: referenceFeed('one') });
    for (const action of ['preview', 'inspect']) {
      const res = await api('POST', `/api/v1/data-sources/rss/${action}`, { configuration: { url: feeds.url('/huge-element') } });
      expect([res.status, res.body.error?.code, res.body.error?.details?.reason], action).to.deep.equal([422, 'validation_failed', 'parse_failed']);
    }
  });
});

describe('parse pool', () => {
  const logger = createLogger('silent');
  // A few bytes of iCalendar, seconds of work: each daily event since 1970 is stepped 20,000 times.
  const daily = (n: number) =>
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n${Array.from(
      { length: n },
      (_, i) => `BEGIN:VEVENT\r\nUID:daily-${i}\r\nDTSTART:19700101T090000Z\r\nDTEND:19700101T100000Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Daily\r\nEND:VEVENT\r\n`,
    ).join('')}END:VCALENDAR\r\n`;
  const window = { timeZone: 'UTC', from: Date.now(), to: Date.now() + 90 * 86_400_000, maxEvents: 500 };

  it('stops a parse that runs past its time limit, from when a thread took it, and parses on with a new thread', async function () {
    this.timeout(120_000);
    const pool = new ParsePool({ threads: 1, memoryMb: 256, timeoutMs: 300 }, logger);
    try {
      // Queued behind the first: its time counts from when it starts, not from when it was asked.
      const [first, second] = await Promise.allSettled([
        pool.parse({ kind: 'calendar', body: daily(4), window }),
        pool.parse({ kind: 'calendar', body: daily(4), window }),
      ]);
      for (const outcome of [first, second]) {
        expect(outcome.status).to.equal('rejected');
        const reason = (outcome as PromiseRejectedResult).reason;
        expect(reason).to.be.instanceOf(SourceParseError);
        expect(reason.message).to.equal('Reading the source took longer than the 0.3 s the server gives one source.');
      }
      expect(await pool.parse({ kind: 'items', provider: 'rss', body: RSS, configuration: { ...RSS_DEFAULTS } })).to.have.length(2);
    } finally {
      await pool.close();
    }
  });

  it('answers a body that is not the provider’s document as SourceParseError, with the reason, across the thread', async () => {
    const pool = new ParsePool({ threads: 1, memoryMb: 64, timeoutMs: 30_000 }, logger);
    try {
      const failure = await pool.parse({ kind: 'inspect', provider: 'json', body: '{"cut', hint: {} }).catch((err) => err);
      expect(failure).to.be.instanceOf(SourceParseError);
      expect(failure.message).to.match(/^The body is not JSON: /);
    } finally {
      await pool.close();
    }
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { ActivityDeps } from '../core-modules/activity/activity-deps.js';
import { bootServer, enrollFleet } from './fleet.js';
import { compare, type BenchResult, type Benchmark, type LoadOptions, type Measurement } from './support.js';

const SCREENS = 2_000;
const BATCH = 100;
const CONNECTIONS = 50;
const HEALTHZ: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: CONNECTIONS, pipelining: 1 };
/** Rows written (inserted or updated) per stored event. */
const ROWS_PER_EVENT_BUDGET = 2;
const TABLES = ['activity_events', 'playback_sessions', 'playback_rollup_dirty'];

/**
 * The autocannon hook (its worker thread takes it only as a module path) that builds each request's
 * batch as a Linux player would: the next screen's credential, its next 100 sequence numbers, one
 * presentation start, 49 items started and completed, one connectivity event. `round` keeps the
 * sequences of the warm-up and the measured pass apart.
 */
function hookSource(credentialsFile: string, round: number): string {
  return `const { randomUUID } = require('node:crypto');
const credentials = require(${JSON.stringify(credentialsFile)});
let next = 0;
module.exports = (req) => {
  const screen = next++ % credentials.length;
  let sequence = ${round * BATCH} + 1;
  const now = Date.now() - 60000;
  const at = (i) => new Date(now + i * 10).toISOString();
  const event = (i, fields) => ({ id: randomUUID(), sequence: sequence++, category: 'playback', severity: 'info', occurredAt: at(i), elapsedRealtimeMs: 1000 + i * 10, playerTimezone: 'Europe/Berlin', ...fields });
  const root = randomUUID();
  const events = [event(0, { eventType: 'presentation.started', category: 'manifest', activitySessionId: root, sessionType: 'presentation', presentationType: 'playlist', presentationId: randomUUID(), manifestVersion: 4 })];
  for (let i = 0; i < ${(BATCH - 2) / 2}; i++) {
    const child = randomUUID();
    const content = { contentType: 'image', contentId: randomUUID(), playlistItemId: randomUUID() };
    events.push(event(1 + 2 * i, { eventType: 'content.started', activitySessionId: child, parentActivitySessionId: root, sessionType: 'playlist_item', expectedDurationMs: 8000, ...content }));
    events.push(event(2 + 2 * i, { eventType: 'content.completed', result: 'completed', activitySessionId: child, sessionType: 'playlist_item', terminalReason: 'expected_item_boundary', durationMs: 8000, ...content }));
  }
  events.push(event(${BATCH - 1}, { eventType: 'connection.restored', category: 'connectivity' }));
  return { ...req, headers: { ...req.headers, authorization: 'Bearer ' + credentials[screen].credential }, body: JSON.stringify({ events }) };
};`;
}

/** One batch per screen, all screens, as fast as CONNECTIONS connections allow. */
function postAll(url: string, hook: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        amount: SCREENS,
        connections: CONNECTIONS,
        workers: 1,
        timeout: 60,
        requests: [{ method: 'POST', path: '/api/v1/player/activity-events', headers: { 'content-type': 'application/json' }, setupRequest: hook as never }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function writes(deps: ActivityDeps): Promise<number> {
  await new Promise((r) => setTimeout(r, 1_500)); // backends report their counts within a second
  const row = await deps
    .db('pg_stat_user_tables')
    .whereIn('relname', TABLES)
    .sum({ n: deps.db.raw('n_tup_ins + n_tup_upd + n_tup_del') })
    .first();
  return Number(row?.n ?? 0);
}

async function run(): Promise<BenchResult> {
  const server = await bootServer();
  try {
    const deps = server.kernel.containerOf('activity').cradle as ActivityDeps;
    const fleet = await enrollFleet(server, SCREENS);
    const credentialsFile = join(server.dataDir, 'fleet.json');
    writeFileSync(credentialsFile, JSON.stringify(fleet));
    const hooks = [0, 1].map((round) => {
      const file = join(server.dataDir, `activity-batch-${round}.cjs`);
      writeFileSync(file, hookSource(credentialsFile, round));
      return file;
    });

    const [before] = (await compare([{ label: 'GET /healthz', url: `${server.url}/healthz` }], HEALTHZ)) as [Measurement];
    await postAll(server.url, hooks[0]!); // warm-up: every screen's first batch (its sessions, JIT, pools)
    const writesBefore = await writes(deps);
    const eventsBefore = Number((await deps.db('activity_events').count({ n: '*' }).first())!.n);
    const measured = await postAll(server.url, hooks[1]!);
    const r = measured as autocannon.Result & Record<'2xx', number>;
    if (r['2xx'] !== SCREENS || measured.errors) throw new Error(`${r['2xx']} of ${SCREENS} batches accepted, ${measured.errors} errors`);
    const stored = Number((await deps.db('activity_events').count({ n: '*' }).first())!.n) - eventsBefore;
    if (stored !== SCREENS * BATCH) throw new Error(`${stored} events stored, expected ${SCREENS * BATCH}`);
    const rowsPerEvent = ((await writes(deps)) - writesBefore) / stored;
    const [after] = (await compare([{ label: 'GET /healthz', url: `${server.url}/healthz` }], HEALTHZ)) as [Measurement];

    const healthzRps = (before.rps + after.rps) / 2;
    const eventsPerSecond = stored / measured.duration;
    const ingest: Measurement = {
      label: `POST activity-events, ${SCREENS} × ${BATCH} events (events/s in req/s)`,
      rps: eventsPerSecond,
      p50Ms: measured.latency.p50,
      p99Ms: measured.latency.p99,
      requests: measured.requests.total,
    };
    return {
      setup: `${SCREENS} enrolled screens, each posting one ${BATCH}-event batch like the Linux player's (a presentation, 49 items started and completed, a connectivity event) after a warm-up batch each; ${CONNECTIONS} connections; /healthz measured before and after`,
      measurements: [{ ...before, label: 'GET /healthz (before)' }, ingest, { ...after, label: 'GET /healthz (after)' }],
      checks: [
        {
          name: `events/s ÷ healthz req/s (${Math.round(eventsPerSecond)} ÷ ${Math.round(healthzRps)}; no target)`,
          value: eventsPerSecond / healthzRps,
          target: 0,
          pass: true,
        },
        {
          name: `${ROWS_PER_EVENT_BUDGET} rows per event / rows written per event (${rowsPerEvent.toFixed(2)})`,
          value: ROWS_PER_EVENT_BUDGET / rowsPerEvent,
          target: 1,
          pass: rowsPerEvent <= ROWS_PER_EVENT_BUDGET,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}

export const activityIngestBenchmark: Benchmark = { name: 'activity-ingest', run };

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreensDeps } from '../core-modules/screens/screens-deps.js';
import { bootServer, enrollFleet } from './fleet.js';
import { compare, type BenchResult, type Benchmark, type LoadOptions, type Measurement, type Target } from './support.js';

const SCREENS = 2_000;
const LOAD: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: 50, pipelining: 1 };

/** Heartbeats must keep at least this share of what GET /healthz does on the same server. */
const TARGET_RATIO = 0.5;

/** Shaped like the stock Linux player's heartbeat (about 1.5 KB), with ids that are valid UUIDs. */
function heartbeat() {
  return {
    screenWidth: 1920,
    screenHeight: 1080,
    playerVersion: '1.4.2',
    playerVersionCode: 10402,
    presentationSchemaVersions: [1],
    nativePresentationCapabilities: Object.fromEntries(
      [
        'layout.surface',
        'layout.box',
        'layout.row',
        'layout.column',
        'layout.stack',
        'layout.grid',
        'content.text',
        'content.icon',
        'content.asset_image',
        'content.qr_code',
        'content.marquee',
        'binding.core',
      ].map((c) => [c, 1]),
    ),
    webRuntimeVersion: 2,
    webBundleLimitBytes: 20 * 1024 * 1024,
    uptimeSeconds: 3600,
    playbackState: 'playing',
    playbackDisabled: false,
    safeMode: false,
    recoveryLevel: 0,
    recoveryCount: 0,
    websiteRendererRecoveryCount: 0,
    lastMeaningfulProgressAt: new Date().toISOString(),
    rendererResponding: true,
    expectedMotion: true,
    autostartState: 'installed',
    autostartTarget: 'graphical-session.target',
    autostartSupervised: true,
    bootLaunchVerified: true,
    externalPresentationState: 'none',
    lastHealthyPlaybackAt: new Date().toISOString(),
    activeManifestVersion: 17,
    currentItemId: randomUUID(),
    currentPlaylistId: randomUUID(),
    currentScheduleId: randomUUID(),
    selectionSource: 'schedule',
    activeConfigRevision: 3,
    availableStorageBytes: 12_000_000_000,
    noiseMeter: { status: 'normal', currentLevel: 38.5 },
  };
}

async function run(): Promise<BenchResult> {
  const server = await bootServer();
  try {
    const deps = server.kernel.containerOf('screens').cradle as ScreensDeps;
    const credentials = (await enrollFleet(server, SCREENS)).map((s) => s.credential);
    // Round robin over the whole fleet, as 2,000 players reporting at the same cadence would. Each of
    // autocannon's connections walks a request list from its start, so a list of 2,000 requests
    // would only ever reach its first few hundred entries; instead one request picks the next
    // credential as it is built. autocannon's worker thread takes that hook only as a module path.
    const rotate = join(server.dataDir, 'rotate-credential.cjs');
    writeFileSync(join(server.dataDir, 'credentials.json'), JSON.stringify(credentials));
    writeFileSync(
      rotate,
      `const credentials = require(${JSON.stringify(join(server.dataDir, 'credentials.json'))}); let next = 0;
       module.exports = (req) => ({ ...req, headers: { ...req.headers, authorization: 'Bearer ' + credentials[next++ % credentials.length] } });`,
    );
    const requests = [
      {
        method: 'POST' as const,
        path: '/api/v1/player/heartbeat',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(heartbeat()),
        setupRequest: rotate as never,
      },
    ];
    const targets: Target[] = [
      { label: 'GET /healthz', url: `${server.url}/healthz` },
      { label: `POST heartbeat (${SCREENS} screens)`, url: server.url, requests },
    ];
    const [health, beats] = (await compare(targets, LOAD)) as [Measurement, Measurement];

    // The heartbeats were taken, not just answered: every screen a load run reached has its contact
    // in the database. Each run starts the rotation at the first screen again, so a slow machine's
    // runs reach fewer than all: at least as many as the average run sent.
    await deps.contactBuffer.flush();
    const { n } = (await deps.db('screen_status').whereNotNull('last_heartbeat_at').count({ n: '*' }).first()) as { n: number };
    const reached = Math.min(SCREENS, Math.floor(beats.requests / LOAD.rounds));
    if (n < reached) throw new Error(`only ${n} screens have a recorded heartbeat; the load reached at least ${reached}`);

    const ratio = beats.rps / health.rps;
    return {
      setup: `${SCREENS} enrolled screens taking turns (each request the next screen's device credential), a ~1.5 KB heartbeat like the Linux player's; ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, then ${LOAD.seconds} s measured each in ${LOAD.rounds} alternating rounds`,
      measurements: [health, beats],
      checks: [{ name: 'heartbeat/healthz req/s', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO }],
    };
  } finally {
    await server.stop();
  }
}

export const heartbeatBenchmark: Benchmark = { name: 'heartbeat', run };

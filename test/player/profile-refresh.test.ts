import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PlayerDeps } from '../../core-modules/player/player-deps.js';
import { setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bearer, openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/**
 * A manifest is built for what its player reports. A player that upgrades and says so in a
 * heartbeat is given a new build at once (pushed, and served to its revalidation), not the old
 * one until something else changes its content; a heartbeat that reports the same profile moves nothing.
 */
describe('a player that reports another profile', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let upgrader: PairedScreen;
  let marker: PairedScreen;
  let socket: PlayerSocket;
  /** Every batch of screens the screens module said now report another profile. */
  const told: string[][] = [];

  const fetchManifest = async (s: PairedScreen, etag?: string) => {
    const res = await k.request('/api/v1/player/manifest', { headers: { ...bearer(s.credential), ...(etag ? { 'if-none-match': etag } : {}) } });
    return { status: res.status, etag: res.headers.get('etag')!, data: res.status === 200 ? ((await res.json()) as { data: any }).data : undefined };
  };
  const heartbeat = async (s: PairedScreen, report: Record<string, unknown>) =>
    expect((await playerCall(k, s.credential, 'POST', '/api/v1/player/heartbeat', report)).status).to.equal(200);
  const toldOf = (s: PairedScreen) => told.some((ids) => ids.includes(s.screenId));
  const pushes = () => socket.messages.filter((m) => m.type === 'manifest.changed').map((m) => m.manifestVersion);

  before(async () => {
    // Heartbeats are written in batches: a short interval lets the reports land quickly.
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
    upgrader = await pairScreen(k, owner, { name: 'Upgrader' });
    marker = await pairScreen(k, owner, { name: 'Marker' });
    (k.containerOf('player').cradle as PlayerDeps).playerFactsChanged.subscribe((ids) => {
      told.push(ids);
    });
    socket = await openPlayerSocket(k, upgrader.credential);
    await socket.next('server.hello');
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });

  it('rebuilds its manifest at once: the socket is told and the old ETag gets the new schema', async () => {
    await heartbeat(upgrader, { presentationSchemaVersions: [11], uptimeSeconds: 10 });
    expect(await eventually(() => toldOf(upgrader), Boolean), 'its first report is told of').to.equal(true);
    const old = await fetchManifest(upgrader);
    expect(old.status).to.equal(200);
    expect(old.data.schemaVersion).to.equal(11);
    expect((await fetchManifest(upgrader, old.etag)).status, 'its own ETag revalidates').to.equal(304);

    await heartbeat(upgrader, { presentationSchemaVersions: [11, 12, 13, 14], uptimeSeconds: 20 });
    const next = old.data.manifestVersion + 1;
    expect(await eventually(pushes, (versions) => versions.includes(next), 10_000), 'the socket is told').to.include(next);

    const revalidated = await fetchManifest(upgrader, old.etag);
    expect(revalidated.status, 'the old ETag no longer names what it is served').to.equal(200);
    expect(revalidated.data).to.include({ schemaVersion: 14, manifestVersion: next });
    expect((await fetchManifest(upgrader, revalidated.etag)).status).to.equal(304);
  });

  it('moves nothing for a heartbeat that reports the same profile', async () => {
    const current = await fetchManifest(upgrader);
    expect(current.data.schemaVersion).to.equal(14);
    const [toldBefore, pushedBefore] = [told.length, pushes().length];

    // Only its uptime differs. The marker's report, sent after it, is written in the same flush or
    // a later one: once the marker is told of, the upgrader's heartbeat has been compared too.
    await heartbeat(upgrader, { presentationSchemaVersions: [11, 12, 13, 14], uptimeSeconds: 30 });
    await heartbeat(marker, { presentationSchemaVersions: [11, 12], playerVersionCode: 40 });
    expect(await eventually(() => toldOf(marker), Boolean), 'the marker is told of').to.equal(true);

    expect(told.slice(toldBefore).flat()).to.deep.equal([marker.screenId]);
    expect(pushes().length, 'no push').to.equal(pushedBefore);
    expect((await fetchManifest(upgrader, current.etag)).status, 'the same version').to.equal(304);
  });
});

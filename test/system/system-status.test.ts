import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import type { OrganizationSettings } from '../../core-modules/settings/settings.api.js';
import { sessionsByRole, setSettings } from '../support/library-assets.js';
import { releaseSigner } from '../support/player-release-fixtures.js';
import { createPairingSession, openPlayerSocket, pairScreen, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { patchUpload, startUpload } from '../support/uploads.js';
import { eventually } from '../support/wait.js';

describe('system status and maintenance', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let admin: ConsoleSession;
  let editor: ConsoleSession;
  let lobby: PairedScreen;
  let socket: PlayerSocket;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const status = async () => (await api('GET', '/api/v1/system/status', undefined, admin)).body.data;
  const maintain = (action: string, by = admin) => api('POST', `/api/v1/system/maintenance/${action}`, undefined, by);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ administrator: admin, editor } = await sessionsByRole(k, owner, ['administrator', 'editor']));
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });
  beforeEach(() => resetRateLimits(k));

  it('reports the database, media, deployment and migrations as they are', async () => {
    const s = await status();
    const { rows } = await k.db.raw('SHOW server_version');
    expect(s.database).to.deep.equal({ status: 'healthy', migrationVersion: s.database.migrationVersion, postgresVersion: rows[0].server_version });
    expect(s.nodeVersion).to.equal(process.version);
    expect(s.signageVersion).to.match(/^\d+\.\d+\.\d+/);
    expect(s.tilecastVersion, 'the reference console shows it').to.equal(s.signageVersion);
    expect(s.uptimeSeconds).to.be.a('number').at.least(0);
    expect(s.serverTimezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(s.deployment).to.deep.include({ database: 'external', mediaStorage: 'disk', updateManifestTrust: 'missing', restartRequired: false });
    expect(s.media).to.deep.include({ status: 'healthy' });
    expect(s.media.storage).to.deep.include({ kind: 'local', writable: true });
    expect(s.media.ffprobe).to.deep.include({ available: true });
    // Every module's migrations ran at the start; the newest of them is the schema's version.
    const screens = s.migrations.find((m: { module: string }) => m.module === 'screens');
    const applied = await k.db('migrations_screens').pluck('name');
    expect(screens).to.deep.equal({ module: 'screens', applied: applied.length, pending: [], latest: applied.sort().at(-1) });
    expect(s.migrations.map((m: { module: string }) => m.module)).to.include.members(['kernel', 'settings', 'media', 'policies']);
    const newest = s.migrations
      .map((m: { latest: string | null }) => m.latest ?? '')
      .sort()
      .at(-1);
    expect(s.database.migrationVersion).to.equal(newest);
  });

  it('counts connected screens and pending commands from the fleet', async () => {
    expect(await status()).to.deep.include({ connectedScreens: 0, pendingCommands: 0, activeProcessingJobs: 0 });
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    socket = await openPlayerSocket(k, lobby.credential);
    const queued = await api('POST', `/api/v1/screens/${lobby.screenId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 30 } });
    expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
    expect(await status()).to.deep.include({ connectedScreens: 1, pendingCommands: 1 });
  });

  it('takes the update-manifest key from the environment and says a media store that is not there is degraded', async () => {
    const other = await bootTestKernel({
      plugins: coreModules,
      databaseUrl: k.databaseUrl,
      env: { UPDATE_MANIFEST_PUBLIC_KEY: releaseSigner().publicKey, FFPROBE_PATH: '/nonexistent/ffprobe' },
    });
    try {
      const s = (await consoleCall(other, admin, 'GET', '/api/v1/system/status')).body.data;
      expect(s.deployment.updateManifestTrust).to.equal('configured');
      expect(s.media).to.deep.include({ status: 'degraded' });
      expect(s.media.ffprobe).to.deep.equal({ path: '/nonexistent/ffprobe', available: false, version: null, warning: null });
      const failed = await consoleCall(other, admin, 'POST', '/api/v1/system/maintenance/validate-media');
      expect([failed.status, failed.body.error.code]).to.deep.equal([503, 'media_validation_failed']);
    } finally {
      await other.stop();
    }
  });

  it('validates media at once when storage takes a write and the tools run', async () => {
    const res = await maintain('validate-media');
    expect([res.status, res.body.data]).to.deep.equal([202, { action: 'validate-media', status: 'accepted' }]);
  });

  it('removes finished commands past the 30 days kept, and audits the request', async () => {
    const old = (await api('POST', `/api/v1/screens/${lobby.screenId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 20 } })).body.data.id;
    const recent = (await api('POST', `/api/v1/screens/${lobby.screenId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 25 } })).body.data
      .id;
    await k.db('player_commands').whereIn('id', [old, recent]).update({ state: 'succeeded', completed_at: k.db.fn.now() });
    await k
      .db('player_commands')
      .where({ id: old })
      .update({ created_at: k.db.raw(`now() - interval '40 days'`) });
    const res = await maintain('completed-command-cleanup');
    expect([res.status, res.body.data]).to.deep.equal([202, { action: 'completed-command-cleanup', status: 'accepted' }]);
    const left = await eventually(
      () => k.db('player_commands').whereIn('id', [old, recent]).pluck('id'),
      (ids) => ids.length === 1,
    );
    expect(left).to.deep.equal([recent]);
    const audit = await k.db('audit_log').where({ action: 'system.maintenance_requested', resource_id: 'completed-command-cleanup' }).first();
    expect(audit).to.include({ resource_type: 'system' });
  });

  it('runs every module’s retention: expired pairing sessions go', async () => {
    const session = await createPairingSession(k);
    await k
      .db('screen_pairing_sessions')
      .where({ id: session.id })
      .update({ expires_at: k.db.raw(`now() - interval '40 days'`) });
    expect((await maintain('retention-cleanup')).status).to.equal(202);
    const left = await eventually(
      () => k.db('screen_pairing_sessions').where({ id: session.id }).pluck('id'),
      (ids) => ids.length === 0,
    );
    expect(left).to.deep.equal([]);
  });

  it('expires uploads past their time', async () => {
    const stale = (await startUpload(k, owner, 'stale.bin', 100)).body.data.id;
    await patchUpload(k, owner, stale, 0, Buffer.alloc(10));
    await k
      .db('upload_sessions')
      .where({ id: stale })
      .update({ expires_at: k.db.raw(`now() - interval '2 hours'`) });
    expect((await maintain('expired-upload-cleanup')).status).to.equal(202);
    const row = await eventually(
      () => k.db('upload_sessions').where({ id: stale }).first(),
      (r) => r.status === 'expired',
    );
    expect(row.status).to.equal('expired');
  });

  it('tells every screen its configuration revision again', async () => {
    const revision = Number((await k.db('player_config_state').where({ screen_id: lobby.screenId }).first())?.config_revision ?? 0);
    socket.messages.length = 0;
    expect((await maintain('reconcile-config')).status).to.equal(202);
    const message = await socket.next('config.changed', 10_000);
    expect(message.configRevision).to.be.at.least(Math.max(revision, 1));
  });

  it('says a restart is needed once a setting that takes effect at a restart changed', async () => {
    const settings = k.containerOf('settings').resolve<OrganizationSettings>('settingsService');
    settings.define([
      {
        key: 'test.worker_count',
        category: 'test',
        title: 'Workers',
        description: 'Read at start.',
        type: 'integer',
        default: 2,
        min: 1,
        max: 8,
        restartRequired: true,
      },
    ]);
    expect((await status()).deployment.restartRequired).to.equal(false);
    await setSettings(k, owner, { 'test.worker_count': 4 });
    expect((await status()).deployment.restartRequired).to.equal(true);
  });

  it('refuses an unknown action, and editors', async () => {
    const res = await maintain('defragment');
    expect([res.status, res.body.error.code]).to.deep.equal([422, 'maintenance_action_invalid']);
    expect(await k.db('audit_log').where({ action: 'system.maintenance_requested', resource_id: 'defragment' }).first()).to.equal(undefined);
    expect((await maintain('reconcile-config', editor)).status).to.equal(403);
    expect((await api('GET', '/api/v1/system/status', undefined, editor)).status).to.equal(403);
  });
});

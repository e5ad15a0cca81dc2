import type { PluginInstallations } from '../../kernel/plugin-installations.js';
import type { InstanceStore } from '../../core-modules/plugin-catalog/instances/instance-store.js';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { JobQueue } from '../../kernel/jobs/job-queue.js';
import { SEEDED_COLORS, logEvent, stickyBoardsPlugin, stickyNotesPlugin } from '../fixtures/sticky-notes-plugin/sticky-notes.plugin.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const plugins = [...coreModules, stickyNotesPlugin, stickyBoardsPlugin];
const INSTANCES = '/api/v1/plugins/sticky-notes/instances';
const COLORS = '/api/v1/plugins/sticky-notes/colors';

// The tests run in order and share one server: each step starts from where the last one left the
// installation (install, use, refuse to uninstall, uninstall, reinstall, …).
describe('plugin catalog and install lifecycle', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let roles: Record<string, ConsoleSession>;

  before(async () => {
    k = await bootTestKernel({ plugins, install: [] });
    owner = await setUpOwner(k);
    roles = await sessionsByRole(k, owner, ['editor', 'viewer']);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const api = (method: string, path: string, body?: unknown, by = owner, on = k) => consoleCall(on, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const entry = async (id: string, on = k) => (await api('GET', '/api/v1/plugins', undefined, roles.viewer, on)).body.data.items.find((e: any) => e.id === id);
  const jobs = () => k.containerOf('sticky-notes').resolve<JobQueue>('jobs');
  const jobState = async (id: string) => (await k.db('pgboss.job').where({ id }).first('state'))?.state as string | undefined;
  const events = async () => (await k.db('sticky_notes_events').orderBy('created_at').pluck('text')) as string[];

  it('lists every offered plugin, not installed yet', async () => {
    expect(await entry('sticky_notes')).to.deep.equal({
      id: 'sticky_notes',
      name: 'Sticky notes',
      description: 'A short text on the targeted screens.',
      available: true,
      installed: false,
      installedAt: null,
      configured: false,
      active: false,
      enabled: false,
      instanceCount: 0,
      attention: null,
      dependsOn: [],
    });
    expect(await entry('sticky_boards')).to.deep.include({ installed: false, dependsOn: ['sticky_notes'] });
    expect(errorOf(await call(k, 'GET', '/api/v1/plugins'))).to.deep.equal([401, 'authentication_required']);
  });

  it('answers 409 plugin_not_installed on its routes, after authentication', async () => {
    expect(errorOf(await call(k, 'GET', COLORS))).to.deep.equal([401, 'authentication_required']);
    expect(errorOf(await api('GET', COLORS, undefined, roles.viewer))).to.deep.equal([409, 'plugin_not_installed']);
    expect(errorOf(await api('POST', INSTANCES, { name: 'x', enabled: true, targetScope: 'all', targetIds: [], text: 'x' }))).to.deep.equal([
      409,
      'plugin_not_installed',
    ]);
    expect(await k.db.schema.hasTable('sticky_notes_colors'), 'its migrations wait for the install').to.equal(false);
  });

  it('skips its jobs while it is not installed', async () => {
    const id = (await jobs().send(logEvent.name, { text: 'too early' }))!;
    expect(
      await eventually(
        () => jobState(id),
        (s) => s === 'completed',
        10_000,
      ),
    ).to.equal('completed');
  });

  it('lets only administrators install it, with the CSRF token', async () => {
    for (const role of ['editor', 'viewer'])
      expect(errorOf(await api('POST', '/api/v1/plugins/sticky_notes/install', undefined, roles[role]))).to.deep.equal([403, 'insufficient_role']);
    const noCsrf = await k.request('/api/v1/plugins/sticky_notes/install', { method: 'POST', headers: { cookie: owner.cookie } });
    expect([noCsrf.status, (await noCsrf.json()).error.code]).to.deep.equal([403, 'csrf_failed']);
    expect(errorOf(await api('POST', '/api/v1/plugins/no_such_thing/install'))).to.deep.equal([404, 'plugin_not_found']);
    expect((await entry('sticky_notes')).installed).to.equal(false);
  });

  it('installs it (201, then 200): migrations and seed run, its routes and jobs work', async () => {
    // Two administrators at once: one installs, the other finds it installed.
    const [first, racing] = (
      await Promise.all([api('POST', '/api/v1/plugins/sticky_notes/install'), api('POST', '/api/v1/plugins/sticky_notes/install')])
    ).sort((a, b) => b.status - a.status);
    expect([first.status, racing.status], JSON.stringify(first.body)).to.deep.equal([201, 200]);
    expect(first.body.data).to.deep.include({
      id: 'sticky_notes',
      installed: true,
      alsoInstalled: [],
      instanceCount: 0,
      configured: false,
      active: false,
      attention: null,
    });
    expect(Date.parse(first.body.data.installedAt)).to.be.closeTo(Date.now(), 60_000);
    const again = await api('POST', '/api/v1/plugins/sticky-notes/install');
    expect([again.status, again.body.data.installedAt]).to.deep.equal([200, first.body.data.installedAt]);

    expect((await api('GET', COLORS, undefined, roles.viewer)).body.data.items).to.deep.equal(SEEDED_COLORS);
    await jobs().send(logEvent.name, { text: 'after install' });
    expect(await eventually(events, (rows) => rows.length > 0, 10_000)).to.deep.equal(['after install']);
  });

  it('reports how it is doing in the catalog', async () => {
    const location = (await api('POST', '/api/v1/locations', { name: 'Empty wing' })).body.data;
    const created = await api('POST', INSTANCES, { name: 'Welcome', enabled: true, targetScope: 'locations', targetIds: [location.id], text: 'Hello' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(await entry('sticky_notes')).to.deep.include({
      installed: true,
      configured: true,
      active: true,
      enabled: true,
      instanceCount: 1,
      attention: 'The enabled sticky note "Welcome" reaches no screen.',
    });
  });

  it('refuses to uninstall while it owns something, then forgets the installation and keeps its data', async () => {
    const [instance] = (await api('GET', INSTANCES)).body.data.items;
    const refused = await api('DELETE', '/api/v1/plugins/sticky_notes/installation');
    expect(errorOf(refused)).to.deep.equal([409, 'plugin_in_use']);
    expect(refused.body.error.details).to.deep.equal({ resources: [{ type: 'sticky_note_instance', id: instance.id, name: 'Welcome' }], dependents: [] });

    expect((await api('DELETE', `${INSTANCES}/${instance.id}`)).status).to.equal(204);
    expect((await api('DELETE', '/api/v1/plugins/sticky_notes/installation')).status).to.equal(204);
    expect((await api('DELETE', '/api/v1/plugins/sticky_notes/installation')).status, 'idempotent').to.equal(204);
    expect(await entry('sticky_notes')).to.deep.include({ installed: false, installedAt: null, instanceCount: 0 });
    expect(errorOf(await api('GET', COLORS))).to.deep.equal([409, 'plugin_not_installed']);

    expect((await api('POST', '/api/v1/plugins/sticky_notes/install')).status).to.equal(201);
    expect(await events(), 'rows written before the uninstall').to.deep.equal(['after install']);
    expect((await api('GET', COLORS)).body.data.items, 'the seed ran again without doubling').to.deep.equal(SEEDED_COLORS);
  });

  it('reaches another server process on the same database within about a second', async () => {
    const other = await bootTestKernel({ plugins, databaseUrl: k.databaseUrl, install: [] });
    try {
      expect((await api('GET', COLORS, undefined, owner, other)).status).to.equal(200);
      expect((await api('DELETE', '/api/v1/plugins/sticky_notes/installation')).status).to.equal(204);
      // Its cache of install state lives about a second; 2 s leaves room for a slow machine.
      let started = Date.now();
      expect(
        (
          await eventually(
            () => api('GET', COLORS, undefined, owner, other),
            (res) => res.status === 409,
            3_000,
          )
        ).status,
      ).to.equal(409);
      expect(Date.now() - started).to.be.below(2_000);

      expect((await api('POST', '/api/v1/plugins/sticky_notes/install')).status).to.equal(201);
      started = Date.now();
      expect(
        (
          await eventually(
            () => api('GET', COLORS, undefined, owner, other),
            (res) => res.status === 200,
            3_000,
          )
        ).status,
      ).to.equal(200);
      expect(Date.now() - started).to.be.below(2_000);
    } finally {
      await other.stop();
    }
  });

  it('never forgets an installation while something it owns is being created', async () => {
    const installations = k.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations');
    const stickyDeps = k.containerOf('sticky-notes').cradle as { instanceStore: InstanceStore<Record<string, unknown>> };
    const trx = await k.db.transaction();
    // An instance creation in flight: it holds the installation, and commits after the uninstall started.
    await installations.holdInstalled('sticky-notes', trx);
    const uninstall = installations.uninstall('sticky_notes').then(
      () => 'uninstalled',
      (err) => err.code as string,
    );
    // The uninstall is under way once it waits for the row the creation holds.
    const waiting = await eventually(
      async () =>
        (await k.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n as number,
      (n) => n > 0,
      10_000,
    );
    expect(waiting, 'the uninstall waits for the held installation').to.be.greaterThan(0);
    const made = await stickyDeps.instanceStore.insert({ name: 'Late', enabled: true, target_scope: 'all', target_ids: [], settings: { text: 'late' } }, trx);
    await trx.commit();
    expect(await uninstall).to.equal('plugin_in_use');
    expect(await entry('sticky_notes')).to.deep.include({ installed: true });
    expect((await api('DELETE', `${INSTANCES}/${made.id}`)).status).to.equal(204);
  });

  it('lists an installation this release does not offer, and lets it be uninstalled', async () => {
    await k.db('kernel_plugin_installations').insert({ plugin: 'retired-widget' });
    expect(await entry('retired_widget')).to.deep.include({ id: 'retired_widget', available: false, installed: true, active: false, instanceCount: 0 });
    expect((await entry('retired_widget')).attention).to.be.a('string');
    expect(errorOf(await api('POST', '/api/v1/plugins/retired_widget/install'))).to.deep.equal([404, 'plugin_not_found']);
    expect((await api('DELETE', '/api/v1/plugins/retired_widget/installation')).status).to.equal(204);
    expect(await entry('retired_widget')).to.equal(undefined);
    expect(errorOf(await api('DELETE', '/api/v1/plugins/retired_widget/installation'))).to.deep.equal([404, 'plugin_not_found']);
  });

  it('installs the optional plugins a plugin needs, and keeps them while it is installed', async () => {
    expect((await api('DELETE', '/api/v1/plugins/sticky_notes/installation')).status).to.equal(204);
    const installed = await api('POST', '/api/v1/plugins/sticky_boards/install');
    expect(installed.status, JSON.stringify(installed.body)).to.equal(201);
    expect(installed.body.data).to.deep.include({ id: 'sticky_boards', installed: true, alsoInstalled: ['sticky_notes'] });
    expect((await entry('sticky_notes')).installed).to.equal(true);

    const refused = await api('DELETE', '/api/v1/plugins/sticky_notes/installation');
    expect(errorOf(refused)).to.deep.equal([409, 'plugin_in_use']);
    expect(refused.body.error.details).to.deep.equal({ resources: [], dependents: ['sticky_boards'] });
    expect((await api('DELETE', '/api/v1/plugins/sticky_boards/installation')).status).to.equal(204);
    expect((await api('DELETE', '/api/v1/plugins/sticky_notes/installation')).status).to.equal(204);
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ManifestPlugins } from '../../core-modules/player/manifest-plugins.js';
import { optionalPlugins } from '../../plugins/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const BASE = '/api/v1/plugins/noise-meter/instances';
const SCHEMA = 'validation_failed';

describe('noise meter plugin: instances', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let roles: Record<string, ConsoleSession>;
  let lobby: PairedScreen, hall: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Library',
    enabled: true,
    targetScope: 'screens',
    targetIds: [lobby.screenId],
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await api('POST', BASE, valid(overrides));
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  // What the player module puts in each screen's manifest `plugins[]`.
  const meterEntries = async (screen: PairedScreen) =>
    ((await k.containerOf('player').resolve<ManifestPlugins>('manifestPlugins').entriesFor([screen.screenId])).get(screen.screenId) ?? []).filter(
      (p) => p.type === 'noise_meter',
    );

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins] });
    owner = await setUpOwner(k);
    roles = await sessionsByRole(k, owner, ['administrator', 'editor', 'contributor', 'viewer']);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    hall = await pairScreen(k, owner, { name: 'Hall' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));
  afterEach(async () => {
    for (const item of (await api('GET', BASE)).body.data.items) await api('DELETE', `${BASE}/${item.id}`);
  });

  it('refuses each invalid configuration, one rule at a time, with 422 and stores nothing', async () => {
    const window = { scheduleEnabled: true, scheduleDaysOfWeek: [1, 2], scheduleStartTime: '08:00', scheduleEndTime: '15:30' };
    // [what, overrides, SCHEMA or the field the service names]
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty name', { name: '' }, SCHEMA],
      ['blank name', { name: '   ' }, SCHEMA],
      ['long name', { name: 'x'.repeat(181) }, SCHEMA],
      ['long message', { message: 'x'.repeat(121) }, SCHEMA],
      ['warning 0', { warningLevel: 0 }, SCHEMA],
      ['warning 100', { warningLevel: 100, loudLevel: 100 }, SCHEMA],
      ['warning 12.5', { warningLevel: 12.5 }, SCHEMA],
      ['loud 1', { warningLevel: 1, loudLevel: 1 }, SCHEMA],
      ['loud 101', { loudLevel: 101 }, SCHEMA],
      ['sensitivity 24', { sensitivity: 24 }, SCHEMA],
      ['sensitivity 301', { sensitivity: 301 }, SCHEMA],
      ['trigger hold 99', { triggerHoldMs: 99 }, SCHEMA],
      ['trigger hold 10001', { triggerHoldMs: 10_001 }, SCHEMA],
      ['clear hold 499', { clearHoldMs: 499 }, SCHEMA],
      ['clear hold 30001', { clearHoldMs: 30_001 }, SCHEMA],
      ['display mode', { displayMode: 'banner' }, SCHEMA],
      ['height 39', { heightPx: 39 }, SCHEMA],
      ['height 321', { heightPx: 321 }, SCHEMA],
      ['history flag', { historyEnabled: 'yes' }, SCHEMA],
      ['retention 2', { historyRetentionDays: 2 }, SCHEMA],
      ['retention 31', { historyRetentionDays: 31 }, SCHEMA],
      ['day 7', { scheduleDaysOfWeek: [7] }, SCHEMA],
      ['day -1', { scheduleDaysOfWeek: [-1] }, SCHEMA],
      ['repeated day', { scheduleDaysOfWeek: [1, 1] }, SCHEMA],
      ['start 9:00', { scheduleStartTime: '9:00' }, SCHEMA],
      ['start 24:00', { scheduleStartTime: '24:00' }, SCHEMA],
      ['end 12:60', { scheduleEndTime: '12:60' }, SCHEMA],
      ['empty zone', { scheduleTimezone: '' }, SCHEMA],
      ['unknown field', { priority: 1 }, SCHEMA],
      ['scope', { targetScope: 'everywhere' }, SCHEMA],
      ['missing enabled', { enabled: undefined }, SCHEMA],
      ['warning at loud', { warningLevel: 70, loudLevel: 70 }, 'body/warningLevel'],
      ['warning above loud', { warningLevel: 90 }, 'body/warningLevel'],
      ['unknown zone', { scheduleTimezone: 'Mars/Olympus' }, 'body/scheduleTimezone'],
      ['window start = end', { scheduleStartTime: '09:00', scheduleEndTime: '09:00' }, 'body/scheduleEndTime'],
      ['window without days', { ...window, scheduleDaysOfWeek: [] }, 'body/scheduleDaysOfWeek'],
      ['window without start', { ...window, scheduleStartTime: undefined }, 'body/scheduleStartTime'],
      ['window without end', { ...window, scheduleEndTime: undefined }, 'body/scheduleEndTime'],
      ['all with ids', { targetScope: 'all', targetIds: [lobby.screenId] }, 'body/targetIds'],
      ['screens with none', { targetIds: [] }, 'body/targetIds'],
      ['unknown screen', { targetIds: [randomUUID()] }, 'body/targetIds'],
    ];
    for (const [what, overrides, expected] of cases) {
      const res = await api('POST', BASE, valid(overrides));
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(422);
      if (expected === SCHEMA) expect(res.body.error.code, what).to.equal(SCHEMA);
      else {
        expect(res.body.error.code, what).to.equal('invalid_plugin_configuration');
        expect(
          res.body.error.details.fields.map((f: any) => f.field),
          what,
        ).to.include(expected);
      }
    }
    expect((await api('GET', BASE)).body.data.items).to.deep.equal([]);
    expect(await k.db('noise_meter_instances').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('fills in the documented defaults, keeps a display window, and replaces every field on PUT', async () => {
    const created = await create({ scheduleTimezone: 'america/new_york' });
    expect(created).to.include({
      name: 'Library',
      message: '',
      warningLevel: 60,
      loudLevel: 80,
      sensitivity: 100,
      triggerHoldMs: 1000,
      clearHoldMs: 3000,
      displayMode: 'overlay',
      heightPx: 96,
      historyEnabled: true,
      historyRetentionDays: 7,
      historyActiveHoursOnly: true,
      scheduleEnabled: false,
      scheduleTimezone: 'America/New_York',
      revision: 1,
    });
    expect(created.scheduleDaysOfWeek).to.deep.equal([]);
    expect(created).not.to.have.property('scheduleStartTime');

    const full = {
      message: ' Please keep it down ',
      warningLevel: 40,
      loudLevel: 41,
      sensitivity: 300,
      triggerHoldMs: 100,
      clearHoldMs: 30_000,
      displayMode: 'push',
      heightPx: 320,
      historyEnabled: false,
      historyRetentionDays: 30,
      historyActiveHoursOnly: false,
      scheduleEnabled: true,
      scheduleDaysOfWeek: [0, 6],
      scheduleStartTime: '22:00',
      scheduleEndTime: '06:00',
      scheduleTimezone: 'Europe/Berlin',
    };
    const replaced = await api('PUT', `${BASE}/${created.id}`, valid(full));
    expect(replaced.status, JSON.stringify(replaced.body)).to.equal(200);
    const { scheduleDaysOfWeek, ...scalars } = full;
    expect(replaced.body.data).to.include({ ...scalars, message: 'Please keep it down', revision: 2 });
    expect(replaced.body.data.scheduleDaysOfWeek).to.deep.equal(scheduleDaysOfWeek);
    expect((await api('GET', `${BASE}/${created.id}`)).body.data).to.deep.equal(replaced.body.data);

    const reset = await api('PUT', `${BASE}/${created.id}`, valid({ warningLevel: 30 }));
    expect(reset.body.data).to.include({ warningLevel: 30, heightPx: 96, historyEnabled: true, scheduleEnabled: false, scheduleTimezone: 'UTC', revision: 3 });
    expect(reset.body.data).not.to.have.property('scheduleStartTime');

    expect((await api('DELETE', `${BASE}/${created.id}`)).status).to.equal(204);
    expect((await api('GET', `${BASE}/${created.id}`)).body.error.code).to.equal('plugin_instance_not_found');
  });

  it('lets Owners and Administrators change meters, everyone signed in read them, and nobody else in', async () => {
    const byAdmin = await api('POST', BASE, valid({ name: 'By admin' }), roles.administrator);
    expect(byAdmin.status).to.equal(201);
    const path = `${BASE}/${byAdmin.body.data.id}`;
    expect((await api('PUT', path, valid({ name: 'Renamed' }), roles.administrator)).status).to.equal(200);
    for (const role of ['editor', 'contributor', 'viewer']) {
      const by = roles[role];
      expect((await api('POST', BASE, valid(), by)).status, role).to.equal(403);
      expect((await api('PUT', path, valid(), by)).status, role).to.equal(403);
      expect((await api('DELETE', path, undefined, by)).status, role).to.equal(403);
      expect((await api('GET', path, undefined, by)).status, role).to.equal(200);
      expect((await api('GET', `${path}/history/summary`, undefined, by)).status, role).to.equal(200);
    }
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${path}/history/export.csv`],
    ] as const) {
      expect((await call(k, method, url, method === 'POST' ? valid() : undefined)).status, `${method} ${url}`).to.equal(401);
    }
    expect((await api('GET', BASE)).body.data.items.map((i: any) => i.name)).to.deep.equal(['Renamed']);
    expect((await api('DELETE', path, undefined, roles.administrator)).status).to.equal(204);
  });

  it('gives each screen only the enabled meter with the lowest id among those reaching it', async () => {
    const first = await create({ name: 'Lobby meter', message: 'Quiet please', warningLevel: 55 });
    const second = await create({ name: 'Everywhere', targetScope: 'all', targetIds: [] });
    const [low, high] = [first, second].sort((a, b) => (a.id < b.id ? -1 : 1));

    const lobbyEntries = await meterEntries(lobby);
    expect(lobbyEntries.map((e: any) => e.id)).to.deep.equal([low.id]);
    expect(lobbyEntries[0]).to.include({ type: 'noise_meter', version: 1 });
    expect(lobbyEntries[0]!.config).to.include({
      name: low.name,
      warningLevel: low.warningLevel,
      loudLevel: 80,
      heightPx: 96,
      historyRetentionDays: 7,
      scheduleTimezone: 'UTC',
    });
    expect((await meterEntries(hall)).map((e: any) => e.id)).to.deep.equal([second.id]);

    // Switching the winner off hands the lobby to the other one.
    expect((await api('PUT', `${BASE}/${low.id}`, valid({ ...strip(low), enabled: false }))).status).to.equal(200);
    expect((await meterEntries(lobby)).map((e: any) => e.id)).to.deep.equal([high.id]);
  });
});

/** A view as a request body again (PUT takes every field). */
function strip(view: Record<string, unknown>) {
  const { id: _id, revision: _r, createdAt: _c, updatedAt: _u, ...body } = view;
  return body;
}

describe('noise meter plugin: not installed', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins], install: [] });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner);
  });
  after(() => k?.stop());

  it('answers 409 plugin_not_installed and leaves pending history out of the heartbeat answer', async () => {
    for (const path of [BASE, `${BASE}/${randomUUID()}/history/summary`]) {
      const res = await consoleCall(k, owner, 'GET', path);
      expect([res.status, res.body.error.code], path).to.deep.equal([409, 'plugin_not_installed']);
    }
    const beat = await playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', {
      noiseMeter: {
        status: 'inactive',
        pendingHistory: [
          {
            startedAt: new Date(Math.floor(Date.now() / 10_000) * 10_000).toISOString(),
            averageLevel: 30,
            peakLevel: 40,
            monitoredMs: 10_000,
            warningMs: 0,
            loudMs: 0,
            triggerCount: 0,
          },
        ],
      },
    });
    expect(beat.status).to.equal(200);
    expect(beat.body.data).to.deep.equal({ accepted: true });
  });
});

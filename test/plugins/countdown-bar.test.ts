import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const BASE = '/api/v1/plugins/countdown-bar/instances';
const SCHEMA = 'validation_failed';
const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
const DEFAULTS = { completionText: '', progressFill: 'none', contentPadding: 4, textScale: 100, startingSoonSeconds: 300, urgentSeconds: 60, pulseSeconds: 10 };
// Turns a weekly body into a one-time one (undefined fields are left out of the JSON).
const ONE_TIME = { scheduleType: 'one_time', targetTime: undefined, daysOfWeek: undefined, oneTimeAt: '2026-12-31T23:00:00Z' };

describe('countdown bar plugin', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let branch: string;
  let lobby: PairedScreen, hall: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Doors open',
    message: 'Doors open in',
    showConfetti: true,
    scheduleType: 'weekly',
    targetTime: '09:00',
    daysOfWeek: [1, 2, 3, 4, 5],
    timezone: 'Europe/Berlin',
    leadTimeSeconds: 3600,
    displayMode: 'overlay',
    heightPx: 80,
    urgencyEnabled: true,
    enabled: true,
    priority: 0,
    targetScope: 'screens',
    targetIds: [lobby.screenId],
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await api('POST', BASE, valid(overrides));
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const entriesOf = async (screen: PairedScreen) => (await manifestOf(screen)).plugins.filter((p: any) => p.type === 'countdown_bar');

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins] });
    owner = await setUpOwner(k);
    branch = (await api('POST', '/api/v1/locations', { name: 'Branch' })).body.data.id;
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    hall = await pairScreen(k, owner, { name: 'Hall', approval: { locationId: branch } });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));
  afterEach(async () => {
    for (const item of (await api('GET', BASE)).body.data.items) await api('DELETE', `${BASE}/${item.id}`);
  });

  it('refuses each invalid configuration, one rule at a time, with 422 and stores nothing', async () => {
    // [what, overrides, SCHEMA or the field the service names]
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty name', { name: '' }, SCHEMA],
      ['long name', { name: 'x'.repeat(181) }, SCHEMA],
      ['empty message', { message: '' }, SCHEMA],
      ['blank message', { message: '  ' }, SCHEMA],
      ['long message', { message: 'x'.repeat(281) }, SCHEMA],
      ['long completion text', { completionText: 'x'.repeat(281) }, SCHEMA],
      ['confetti not a boolean', { showConfetti: 'yes' }, SCHEMA],
      ['schedule type', { scheduleType: 'daily' }, SCHEMA],
      ['weekly without targetTime', { targetTime: undefined }, 'body/targetTime'],
      ['weekly without daysOfWeek', { daysOfWeek: undefined }, 'body/daysOfWeek'],
      ['weekly with oneTimeAt', { oneTimeAt: '2026-12-31T23:00:00Z' }, 'body/oneTimeAt'],
      ['targetTime 24:00', { targetTime: '24:00' }, SCHEMA],
      ['targetTime 9:00', { targetTime: '9:00' }, SCHEMA],
      ['targetTime 09:60', { targetTime: '09:60' }, SCHEMA],
      ['no days', { daysOfWeek: [] }, SCHEMA],
      ['day 7', { daysOfWeek: [7] }, SCHEMA],
      ['day -1', { daysOfWeek: [-1] }, SCHEMA],
      ['repeated day', { daysOfWeek: [1, 1] }, SCHEMA],
      ['one_time without oneTimeAt', { ...ONE_TIME, oneTimeAt: undefined }, 'body/oneTimeAt'],
      ['one_time with targetTime', { ...ONE_TIME, targetTime: '09:00' }, 'body/targetTime'],
      ['one_time with daysOfWeek', { ...ONE_TIME, daysOfWeek: [1] }, 'body/daysOfWeek'],
      ['oneTimeAt not a time', { ...ONE_TIME, oneTimeAt: 'next friday' }, SCHEMA],
      ['oneTimeAt without zone', { ...ONE_TIME, oneTimeAt: '2026-12-31T23:00:00' }, SCHEMA],
      ['unknown time zone', { timezone: 'Mars/Olympus' }, 'body/timezone'],
      ['offset as time zone', { timezone: '+01:00' }, 'body/timezone'],
      ['empty time zone', { timezone: '' }, SCHEMA],
      ['lead 59', { leadTimeSeconds: 59 }, SCHEMA],
      ['lead 2592001', { leadTimeSeconds: 2_592_001 }, SCHEMA],
      ['display mode', { displayMode: 'slide' }, SCHEMA],
      ['height 39', { heightPx: 39 }, SCHEMA],
      ['height 321', { heightPx: 321 }, SCHEMA],
      ['progress fill', { progressFill: 'fill' }, SCHEMA],
      ['padding -1', { contentPadding: -1 }, SCHEMA],
      ['padding 41', { contentPadding: 41 }, SCHEMA],
      ['text scale 24', { textScale: 24 }, SCHEMA],
      ['text scale 501', { textScale: 501 }, SCHEMA],
      ['starting soon 1', { startingSoonSeconds: 1 }, SCHEMA],
      ['starting soon 86401', { startingSoonSeconds: 86_401 }, SCHEMA],
      ['urgent 1', { urgentSeconds: 1 }, SCHEMA],
      ['urgent 3601', { urgentSeconds: 3_601 }, SCHEMA],
      ['pulse 0', { pulseSeconds: 0 }, SCHEMA],
      ['pulse 61', { pulseSeconds: 61 }, SCHEMA],
      ['pulse 1.5', { pulseSeconds: 1.5 }, SCHEMA],
      ['priority -1001', { priority: -1001 }, SCHEMA],
      ['priority 1001', { priority: 1001 }, SCHEMA],
      ['starting soon = urgent (default)', { startingSoonSeconds: 60 }, 'body/urgentSeconds'],
      ['urgent = pulse (default)', { urgentSeconds: 10 }, 'body/urgentSeconds'],
      ['stages reversed', { startingSoonSeconds: 30, urgentSeconds: 60, pulseSeconds: 10 }, 'body/urgentSeconds'],
      ['ordering checked with urgency off', { urgencyEnabled: false, urgentSeconds: 600 }, 'body/urgentSeconds'],
      ['all with ids', { targetScope: 'all', targetIds: [lobby.screenId] }, 'body/targetIds'],
      ['locations with none', { targetScope: 'locations', targetIds: [] }, 'body/targetIds'],
      ['unknown location', { targetScope: 'locations', targetIds: [randomUUID()] }, 'body/targetIds'],
      ['251 ids', { targetIds: Array.from({ length: 251 }, () => randomUUID()) }, SCHEMA],
      ['missing message', { message: undefined }, SCHEMA],
      ['unknown field', { colour: 'red' }, SCHEMA],
    ];
    for (const [what, overrides, expected] of cases) {
      const res = await api('POST', BASE, valid(overrides));
      if (expected === SCHEMA) expect(errorOf(res), what).to.deep.equal([422, SCHEMA]);
      else expect([...errorOf(res), res.body.error.details?.fields?.[0]?.field], what).to.deep.equal([422, 'invalid_plugin_configuration', expected]);
    }
    expect((await api('GET', BASE)).body.data.items).to.deep.equal([]);
  });

  it('accepts every bound and both schedule types', async () => {
    await create({
      name: 'x'.repeat(180),
      message: 'x',
      leadTimeSeconds: 60,
      heightPx: 40,
      contentPadding: 0,
      textScale: 25,
      startingSoonSeconds: 3,
      urgentSeconds: 2,
      pulseSeconds: 1,
      priority: -1000,
      daysOfWeek: [0],
    });
    await create({
      message: 'x'.repeat(280),
      completionText: 'x'.repeat(280),
      leadTimeSeconds: 2_592_000,
      heightPx: 320,
      contentPadding: 40,
      textScale: 500,
      startingSoonSeconds: 86_400,
      urgentSeconds: 3_600,
      pulseSeconds: 60,
      priority: 1000,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      targetTime: '23:59',
      displayMode: 'push',
      progressFill: 'drain',
    });
    await create({ ...ONE_TIME, timezone: 'UTC', oneTimeAt: '2026-12-31T23:00:00+01:00' });
    // Players look zones up case-sensitively: stored in the canonical spelling.
    expect((await create({ timezone: 'europe/berlin' })).timezone).to.equal('Europe/Berlin');
    expect((await api('GET', BASE)).body.data.items).to.have.length(4);
  });

  it('stores the defaults of fields left out, and a full replace resets them', async () => {
    const created = await create();
    expect(created).to.deep.include({ ...DEFAULTS, revision: 1 });
    expect(created).not.to.have.any.keys('oneTimeAt');
    const tuned = await api('PUT', `${BASE}/${created.id}`, valid({ progressFill: 'drain', textScale: 150, pulseSeconds: 5 }));
    expect(tuned.body.data).to.deep.include({ progressFill: 'drain', textScale: 150, pulseSeconds: 5, revision: 2 });
    const reset = await api('PUT', `${BASE}/${created.id}`, valid({ ...ONE_TIME }));
    expect(reset.body.data).to.deep.include({ ...DEFAULTS, scheduleType: 'one_time', oneTimeAt: ONE_TIME.oneTimeAt, revision: 3 });
    expect(reset.body.data).not.to.have.any.keys('targetTime', 'daysOfWeek');
    expect((await api('GET', `${BASE}/${created.id}`)).body.data).to.deep.equal(reset.body.data);
    expect(errorOf(await api('GET', `${BASE}/${randomUUID()}`))).to.deep.equal([404, 'plugin_instance_not_found']);
  });

  it('lets only Owner and Administrator change instances', async () => {
    const roles = await sessionsByRole(k, owner, ['administrator', 'editor', 'viewer']);
    expect((await api('POST', BASE, valid(), roles.administrator)).status).to.equal(201);
    for (const role of ['editor', 'viewer'] as const)
      expect(errorOf(await api('POST', BASE, valid(), roles[role])), role).to.deep.equal([403, 'insufficient_role']);
    expect((await api('GET', BASE, undefined, roles.viewer)).body.data.items).to.have.length(1);
    expect((await call(k, 'POST', BASE, valid())).status).to.equal(401);
  });

  it('gives the targeted screens the whole timing rule, and pushes the change only to them', async () => {
    const hallSocket = await openPlayerSocket(k, hall.credential);
    const lobbySocket = await openPlayerSocket(k, lobby.credential);
    try {
      const bar = await create({ targetScope: 'locations', targetIds: [branch], completionText: 'We are open!' });
      await hallSocket.next('manifest.changed');
      expect(await entriesOf(hall)).to.deep.equal([
        {
          id: bar.id,
          type: 'countdown_bar',
          version: 1,
          config: {
            ...DEFAULTS,
            name: 'Doors open',
            message: 'Doors open in',
            completionText: 'We are open!',
            showConfetti: true,
            scheduleType: 'weekly',
            targetTime: '09:00',
            daysOfWeek: [1, 2, 3, 4, 5],
            timezone: 'Europe/Berlin',
            leadTimeSeconds: 3600,
            displayMode: 'overlay',
            heightPx: 80,
            urgencyEnabled: true,
            priority: 0,
          },
        },
      ]);
      expect(await entriesOf(lobby)).to.deep.equal([]);

      const oneTime = await create({ name: 'New year', ...ONE_TIME });
      await lobbySocket.next('manifest.changed');
      const [entry] = await entriesOf(lobby);
      expect(entry).to.deep.include({ id: oneTime.id, type: 'countdown_bar' });
      expect(entry.config).to.include({ scheduleType: 'one_time', oneTimeAt: ONE_TIME.oneTimeAt, timezone: 'Europe/Berlin' });
      expect(entry.config).not.to.have.any.keys('targetTime', 'daysOfWeek');

      // Disabling removes it; the same body again changes nothing a screen sees.
      const version = (await manifestOf(hall)).manifestVersion;
      const lobbyVersion = (await manifestOf(lobby)).manifestVersion;
      expect((await api('PUT', `${BASE}/${bar.id}`, valid({ targetScope: 'locations', targetIds: [branch], completionText: 'We are open!' }))).status).to.equal(
        200,
      );
      expect((await manifestOf(hall)).manifestVersion).to.equal(version);
      expect((await api('PUT', `${BASE}/${bar.id}`, valid({ enabled: false, targetScope: 'locations', targetIds: [branch] }))).status).to.equal(200);
      expect(await entriesOf(hall)).to.deep.equal([]);
      expect((await manifestOf(hall)).manifestVersion).to.equal(version + 1);
      // The lobby is not among the targets: its version stays, and nothing announces a later one to it
      // (an announcement repeated by the push's fallback on a slow machine says the same version).
      expect((await manifestOf(lobby)).manifestVersion).to.equal(lobbyVersion);
      const announced = lobbySocket.messages.filter((m) => m.type === 'manifest.changed').map((m) => m.manifestVersion as number);
      expect(announced.filter((v) => v > lobbyVersion)).to.deep.equal([]);
    } finally {
      hallSocket.ws.close();
      lobbySocket.ws.close();
    }
  });
});

import { eventually } from '../support/wait.js';
import { openConsoleSocket } from '../console-events/console-socket-client.js';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { SchedulesDeps } from '../../core-modules/schedules/schedules-deps.js';
import { schedulesJobs } from '../../core-modules/schedules/schedules.jobs.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage, sessionsByRole, setSettings } from '../support/library-assets.js';
import { deviceMetadata, openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('schedules', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let hall: PairedScreen;
  let kiosk: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const playlistWithImage = async (name = `list ${randomUUID().slice(0, 6)}`) => {
    const playlist = (await api('POST', '/api/v1/playlists', { name })).body.data;
    const image = await seedImage(k);
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 5000 });
    await publishPlaylist(k, owner, playlist.id);
    return { playlist, image };
  };
  const weekly = (playlistId: string, targets: { type: string; id: string }[], extra: Record<string, unknown> = {}) => ({
    name: `weekly ${randomUUID().slice(0, 6)}`,
    playlistId,
    type: 'weekly',
    timezone: 'Europe/Berlin',
    dailyStart: '07:00',
    dailyEnd: '11:00',
    daysOfWeek: [1, 2, 3, 4, 5],
    targets,
    ...extra,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/v1/schedules', body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ viewer } = await sessionsByRole(k, owner, ['viewer']));
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kiosk = await pairScreen(k, owner, { name: 'Kiosk' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('creates, reads, changes, disables and deletes a weekly schedule; readers read, administrators change', async () => {
    const { playlist } = await playlistWithImage('Breakfast');
    const created = await create(weekly(playlist.id, [{ type: 'screen', id: hall.screenId }], { priority: 5 }));
    expect(created).to.deep.include({
      playlistId: playlist.id,
      playlistName: 'Breakfast',
      presentationType: 'playlist',
      type: 'weekly',
      timezone: 'Europe/Berlin',
      priority: 5,
      enabled: true,
      dailyStart: '07:00',
      dailyEnd: '11:00',
      daysOfWeek: [1, 2, 3, 4, 5],
    });
    expect(created.targets).to.deep.equal([{ type: 'screen', id: hall.screenId, name: 'Hall' }]);
    expect(created).to.not.have.property('oneTimeStart');
    const listed = await api('GET', '/api/v1/schedules', undefined, viewer);
    expect(listed.body.data).to.deep.include({ defaultTimezone: 'UTC', page: 1, pageSize: 50 });
    expect(listed.body.data.items.map((s: any) => s.id)).to.include(created.id);
    expect(errorOf(await api('POST', '/api/v1/schedules', weekly(playlist.id, [{ type: 'screen', id: hall.screenId }]), viewer))[0]).to.equal(403);

    const patched = await api('PATCH', `/api/v1/schedules/${created.id}`, { dailyEnd: '06:00', daysOfWeek: [6, 0] });
    expect(patched.body.data).to.deep.include({ dailyStart: '07:00', dailyEnd: '06:00', daysOfWeek: [0, 6], priority: 5 });
    const once = await api('PATCH', `/api/v1/schedules/${created.id}`, {
      type: 'one_time',
      oneTimeStart: '2026-12-24T16:00:00Z',
      oneTimeEnd: '2026-12-24T20:00:00Z',
    });
    expect(once.body.data).to.deep.include({ type: 'one_time', oneTimeStart: '2026-12-24T16:00:00.000Z', oneTimeEnd: '2026-12-24T20:00:00.000Z' });
    expect(once.body.data).to.not.have.property('dailyStart');
    expect((await api('POST', `/api/v1/schedules/${created.id}/disable`)).body.data.enabled).to.equal(false);
    expect((await api('POST', `/api/v1/schedules/${created.id}/enable`)).body.data.enabled).to.equal(true);
    expect((await api('DELETE', `/api/v1/schedules/${created.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `/api/v1/schedules/${created.id}`))).to.deep.equal([404, 'schedule_not_found']);
    expect(errorOf(await api('POST', `/api/v1/schedules/${created.id}/enable`))).to.deep.equal([404, 'schedule_not_found']);
    expect((await api('DELETE', `/api/v1/playlists/${playlist.id}`)).status, 'no longer used').to.equal(204);
  });

  it('refuses what cannot be a schedule with the field at fault, and stores nothing', async () => {
    const { playlist } = await playlistWithImage();
    const target = [{ type: 'screen', id: hall.screenId }];
    const before = (await api('GET', '/api/v1/schedules?pageSize=100')).body.data.total;
    const cases: [Record<string, unknown>, number, string][] = [
      [weekly(playlist.id, target, { timezone: 'Mars/Olympus' }), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, target, { timezone: 'EST' }), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, target, { daysOfWeek: [] }), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, target, { dailyStart: '24:00' }), 400, ''],
      [weekly(playlist.id, target, { startDate: '2026-02-30' }), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, target, { startDate: '2026-03-01', endDate: '2026-02-01' }), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, target, { priority: 1000 }), 400, ''],
      [weekly(playlist.id, target, { layoutId: randomUUID() }), 422, 'schedule_validation_failed'],
      // Exactly one thing to play, but a layout that does not exist.
      [{ ...weekly(playlist.id, target), playlistId: undefined, layoutId: randomUUID() }, 404, 'layout_not_found'],
      [
        weekly(playlist.id, target, { type: 'one_time', oneTimeStart: '2026-12-24T20:00:00Z', oneTimeEnd: '2026-12-24T16:00:00Z' }),
        422,
        'schedule_validation_failed',
      ],
      [weekly(playlist.id, []), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, [...target, ...target]), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, [{ type: 'screen', id: randomUUID() }]), 422, 'schedule_validation_failed'],
      [weekly(playlist.id, [{ type: 'group', id: randomUUID() }]), 422, 'schedule_validation_failed'],
      [
        weekly(
          playlist.id,
          Array.from({ length: 251 }, () => ({ type: 'screen', id: randomUUID() })),
        ),
        422,
        'schedule_limit_exceeded',
      ],
      [weekly(randomUUID(), target), 404, 'playlist_not_found'],
      [weekly(playlist.id, target, { name: 'bad\u0000name' }), 400, ''],
    ];
    for (const [body, status, code] of cases) {
      const res = await api('POST', '/api/v1/schedules', body);
      expect(res.status, JSON.stringify(res.body)).to.equal(status === 400 ? res.status : status);
      expect(res.status).to.be.within(400, 499);
      if (code) expect(res.body.error.code, JSON.stringify(body).slice(0, 200)).to.equal(code);
    }
    expect((await api('GET', '/api/v1/schedules?pageSize=100')).body.data.total).to.equal(before);
  });

  it('tells signed-in consoles of each create, change, disable and delete once it is stored', async () => {
    const socket = await openConsoleSocket(k, viewer);
    try {
      const { playlist } = await playlistWithImage();
      const created = await create(weekly(playlist.id, [{ type: 'screen', id: kiosk.screenId }]));
      await api('PATCH', `/api/v1/schedules/${created.id}`, { dailyEnd: '12:00' });
      await api('POST', `/api/v1/schedules/${created.id}/disable`);
      // Refused: nothing changed, nothing is told.
      expect((await api('PATCH', `/api/v1/schedules/${created.id}`, { dailyStart: '25:00' })).status).to.be.within(400, 499);
      await api('DELETE', `/api/v1/schedules/${created.id}`);
      const mine = () =>
        socket.messages.filter((m) => m.type === 'resource.changed' && m.path.startsWith('/api/v1/schedules')).map((m) => `${m.method} ${m.path}`);
      expect(await eventually(mine, (changes) => changes.length >= 4)).to.deep.equal([
        'POST /api/v1/schedules',
        'PATCH /api/v1/schedules/{id}',
        'POST /api/v1/schedules/{id}/disable',
        'DELETE /api/v1/schedules/{id}',
      ]);
    } finally {
      socket.ws.close();
    }
  });

  it('holds at most 1,000 schedules (422 schedule_limit_exceeded)', async () => {
    const { playlist } = await playlistWithImage();
    const existing = Number((await k.db('schedules').count({ n: '*' }).first())!.n);
    const filler = Array.from({ length: 1000 - existing }, (_, i) => ({
      name: `filler ${i}`,
      content_type: 'playlist',
      content_id: playlist.id,
      type: 'weekly',
      timezone: 'UTC',
      daily_start: '01:00',
      daily_end: '02:00',
      days_of_week: [1],
      enabled: false,
    }));
    await k.db('schedules').insert(filler);
    try {
      expect(errorOf(await api('POST', '/api/v1/schedules', weekly(playlist.id, [{ type: 'screen', id: hall.screenId }])))).to.deep.equal([
        422,
        'schedule_limit_exceeded',
      ]);
    } finally {
      await k.db('schedules').where('name', 'like', 'filler %').delete();
    }
  });

  it('puts a schedule, its playlist and its files in the manifests of the screens it reaches, and tells their sockets', async () => {
    const { playlist: own } = await playlistWithImage();
    const { playlist: breakfast, image } = await playlistWithImage();
    await api('PUT', `/api/v1/screens/${hall.screenId}/playlist-assignment`, { playlistId: own.id });
    const before = await manifestOf(hall);
    const socket = await openPlayerSocket(k, hall.credential);
    let schedule: any;
    try {
      await socket.next('server.hello');
      schedule = await create(weekly(breakfast.id, [{ type: 'screen', id: hall.screenId }], { priority: 3 }));
      expect((await socket.next('manifest.changed')).manifestVersion).to.equal(before.manifestVersion + 1);
    } finally {
      socket.ws.close();
    }
    const manifest = await manifestOf(hall);
    expect(manifest.schedules).to.deep.equal([
      {
        id: schedule.id,
        playlistId: breakfast.id,
        type: 'weekly',
        timezone: 'Europe/Berlin',
        priority: 3,
        specificity: 1,
        dailyStart: '07:00',
        dailyEnd: '11:00',
        daysOfWeek: [1, 2, 3, 4, 5],
      },
    ]);
    expect(manifest.directFallbackPlaylist.id).to.equal(own.id);
    expect(manifest.playlist.id).to.equal(own.id);
    expect(manifest.playlists.map((p: any) => p.id)).to.have.members([own.id, breakfast.id]);
    expect(manifest.assets.map((a: any) => a.assetId)).to.include(image.id);
    expect((await manifestOf(kiosk)).schedules, 'a screen it does not reach').to.deep.equal([]);

    await api('POST', `/api/v1/schedules/${schedule.id}/disable`);
    const disabled = await manifestOf(hall);
    expect(disabled.schedules).to.deep.equal([]);
    expect(disabled.playlists.map((p: any) => p.id)).to.deep.equal([own.id]);
    expect(disabled.manifestVersion).to.be.greaterThan(manifest.manifestVersion);
    await api('DELETE', `/api/v1/schedules/${schedule.id}`);
    await api('DELETE', `/api/v1/screens/${hall.screenId}/playlist-assignment`);
  });

  it('normalises a grouped screen to its group, reaching every member with specificity 0', async () => {
    const { playlist } = await playlistWithImage();
    const group = (await api('POST', '/api/v1/screen-groups', { name: `floor ${randomUUID().slice(0, 4)}` })).body.data;
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: hall.screenId });
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: kiosk.screenId });
    const schedule = await create(weekly(playlist.id, [{ type: 'screen', id: kiosk.screenId }]));
    expect(schedule.targets).to.deep.equal([{ type: 'group', id: group.id, name: group.name }]);
    for (const screen of [hall, kiosk]) expect((await manifestOf(screen)).schedules.map((s: any) => [s.id, s.specificity])).to.deep.equal([[schedule.id, 0]]);
    const refused = await api('DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'playlist_conflict']);
    expect(refused.body.error.message).to.contain(schedule.name);
    await api('DELETE', `/api/v1/schedules/${schedule.id}`);
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
  });

  it('previews what a screen plays at an instant, why, and what a proposed schedule would change', async () => {
    const { playlist: own } = await playlistWithImage();
    const { playlist: lunch } = await playlistWithImage();
    const { playlist: promo } = await playlistWithImage();
    await api('PUT', `/api/v1/screens/${kiosk.screenId}/playlist-assignment`, { playlistId: own.id });
    const schedule = await create(
      weekly(lunch.id, [{ type: 'screen', id: kiosk.screenId }], { dailyStart: '12:00', dailyEnd: '14:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] }),
    );
    const preview = (timestamp: string, proposedSchedule?: unknown) =>
      api('POST', '/api/v1/schedules/preview', { screenId: kiosk.screenId, timestamp, ...(proposedSchedule ? { proposedSchedule } : {}) });
    // 2026-11-25 13:00 in Berlin is 12:00 UTC.
    const inside = (await preview('2026-11-25T12:00:00Z')).body.data;
    expect(inside.winningSchedule.id).to.equal(schedule.id);
    expect(inside).to.deep.include({
      winningPlaylistId: lunch.id,
      directFallbackPlaylistId: own.id,
      nextTransition: '2026-11-25T13:00:00.000Z',
      conflicts: [],
    });
    expect(inside.holding, 'every source that holds, the winner first: what it outranks follows').to.deep.equal([
      { source: 'schedules.schedule', id: schedule.id, playlistId: lunch.id },
      { source: 'playlists.assignment', id: own.id, playlistId: own.id },
    ]);
    const outside = (await preview('2026-11-25T14:00:00Z')).body.data;
    expect(outside.holding).to.deep.equal([{ source: 'playlists.assignment', id: own.id, playlistId: own.id }]);
    expect(outside).to.not.have.property('winningSchedule');
    expect(outside).to.deep.include({ winningPlaylistId: own.id, nextTransition: '2026-11-26T11:00:00.000Z', applicableSchedules: [] });
    const proposed = (
      await preview(
        '2026-11-25T12:00:00Z',
        weekly(promo.id, [{ type: 'screen', id: kiosk.screenId }], { name: 'Promo', priority: 10, dailyStart: '12:30', dailyEnd: '13:30', daysOfWeek: [3] }),
      )
    ).body.data;
    expect(proposed.winningSchedule).to.deep.include({ id: '00000000-0000-0000-0000-000000000000', name: 'Promo' });
    expect(proposed.winningPlaylistId).to.equal(promo.id);
    expect(proposed.applicableSchedules.map((s: any) => s.name)).to.deep.equal(['Promo', schedule.name]);
    expect(proposed.conflicts).to.have.length(1);
    expect(errorOf(await preview('2026-11-25T12:00:00Z', weekly(promo.id, [], {})))).to.deep.equal([422, 'schedule_validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/schedules/preview', { screenId: randomUUID() }))).to.deep.equal([404, 'screen_not_found']);
    expect(
      (await api('GET', '/api/v1/schedules?pageSize=100')).body.data.items.map((s: any) => s.name),
      'a preview stores nothing',
    ).to.not.include('Promo');
    await api('DELETE', `/api/v1/schedules/${schedule.id}`);
    await api('DELETE', `/api/v1/screens/${kiosk.screenId}/playlist-assignment`);
  });
  it('lists by a part of the name, as the console searches, and takes back what it answered (target names included)', async () => {
    const { playlist } = await playlistWithImage();
    const tag = randomUUID().slice(0, 8);
    const morning = await create(weekly(playlist.id, [{ type: 'screen', id: hall.screenId }], { name: `Morning_${tag} news` }));
    const evening = await create(weekly(playlist.id, [{ type: 'screen', id: kiosk.screenId }], { name: `Evening ${tag}` }));
    const names = async (search: string) =>
      (await api('GET', `/api/v1/schedules?page=1&pageSize=100&search=${encodeURIComponent(search)}`, undefined, viewer)).body.data.items.map(
        (s: any) => s.name,
      );
    expect(await names(`morning_${tag}`)).to.deep.equal([morning.name]);
    expect(await names(tag)).to.have.members([morning.name, evening.name]);
    expect(await names(`_${tag.toUpperCase()}`), 'an underscore is no wildcard').to.deep.equal([morning.name]);
    expect(await names('')).to.include.members([morning.name, evening.name]);
    expect((await api('GET', `/api/v1/schedules?search=${'x'.repeat(121)}`)).status).to.equal(422);

    // The console edits a schedule by sending back the fields it read, targets with their names.
    const { id, playlistName: _p, presentationType: _t, specificity: _s, createdAt: _c, updatedAt: _u, ...input } = morning;
    const renamed = await api('PATCH', `/api/v1/schedules/${id}`, {
      ...input,
      name: `Morning ${tag}`,
      targets: [{ type: 'screen', id: kiosk.screenId, name: 'not stored' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body.data.targets).to.deep.equal([{ type: 'screen', id: kiosk.screenId, name: 'Kiosk' }]);
    const copy = await api('POST', '/api/v1/schedules', { ...input, name: `Copy ${tag}` });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body.data.targets).to.deep.equal([{ type: 'screen', id: hall.screenId, name: 'Hall' }]);

    // A preview's proposal needs no name; one-time schedules still answer daysOfWeek, empty.
    const { name: _n, ...unnamed } = weekly(playlist.id, [{ type: 'screen', id: hall.screenId }]);
    const preview = await api('POST', '/api/v1/schedules/preview', { screenId: hall.screenId, proposedSchedule: unnamed });
    expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
    const once = await api('PATCH', `/api/v1/schedules/${copy.body.data.id}`, {
      type: 'one_time',
      oneTimeStart: '2026-12-24T16:00:00Z',
      oneTimeEnd: '2026-12-24T20:00:00Z',
    });
    expect(once.body.data).to.deep.include({ type: 'one_time', daysOfWeek: [] });
    for (const s of [morning, evening, copy.body.data]) await api('DELETE', `/api/v1/schedules/${s.id}`);
  });

  it('sends a one-time schedule once it is within the prefetch horizon, and the horizon job brings it in on time', async () => {
    const { playlist } = await playlistWithImage();
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await setSettings(k, owner, { 'scheduling.prefetch_days': 1 });
    try {
      const later = await create({
        ...weekly(playlist.id, [{ type: 'screen', id: kiosk.screenId }]),
        type: 'one_time',
        oneTimeStart: inHours(36),
        oneTimeEnd: inHours(37),
      });
      expect(
        (await manifestOf(kiosk)).schedules.map((s: any) => s.id),
        'beyond the horizon',
      ).to.deep.equal([]);
      await setSettings(k, owner, { 'scheduling.prefetch_days': 2 });
      // Every screen is rebuilt once the settings change commits.
      const reached = await eventually(
        async () => (await manifestOf(kiosk)).schedules.map((s: any) => s.id),
        (ids) => ids.length > 0,
      );
      expect(reached, 'a longer horizon reaches it').to.deep.equal([later.id]);
      await api('DELETE', `/api/v1/schedules/${later.id}`);

      // Written behind the service's back, as time passing would be: only the job tells the player.
      const before = await manifestOf(kiosk);
      expect(before.schedules).to.deep.equal([]);
      const [row] = await k
        .db('schedules')
        .insert({
          name: 'soon',
          content_type: 'playlist',
          content_id: playlist.id,
          type: 'one_time',
          timezone: 'UTC',
          one_time_start: inHours(48 - 0.1),
          one_time_end: inHours(49),
        })
        .returning('id');
      await k.db('schedule_targets').insert({ schedule_id: row.id, target_type: 'screen', target_id: kiosk.screenId });
      const socket = await openPlayerSocket(k, kiosk.credential);
      try {
        await socket.next('server.hello');
        const deps = k.containerOf('schedules').cradle as SchedulesDeps;
        const job = schedulesJobs.find((j) => j.name === 'schedules.refresh-horizon')!;
        await job.handler({}, deps, { id: 'test', retryCount: 0, signal: new AbortController().signal });
        expect((await socket.next('manifest.changed')).manifestVersion).to.equal(before.manifestVersion + 1);
      } finally {
        socket.ws.close();
      }
      expect((await manifestOf(kiosk)).schedules.map((s: any) => s.id)).to.deep.equal([row.id]);
      await api('DELETE', `/api/v1/schedules/${row.id}`);
    } finally {
      await setSettings(k, owner, { 'scheduling.prefetch_days': 14 });
    }
  });
  it('schedules display actions for Linux players only, and never sends one to an Android player', async () => {
    const android = await pairScreen(k, owner, { name: 'Android', metadata: deviceMetadata({ platform: 'android' }) });
    const off = { type: 'display_power_off' };
    const night = (targets: { type: string; id: string }[], displayAction: Record<string, unknown> = off) => {
      const { playlistId: _, ...rest } = weekly('', targets, { dailyStart: '22:00', dailyEnd: '06:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] });
      return { ...rest, displayAction };
    };
    expect(
      (await api('POST', '/api/v1/schedules', night([{ type: 'screen', id: hall.screenId }], { type: 'display_set_volume', volume: 101 }))).status,
    ).to.equal(422);
    for (const action of [
      { type: 'display_probe' },
      { type: 'display_set_volume' },
      { type: 'display_power_on', volume: 5 },
      { type: 'display_set_input', input: 'HDMI 1' },
    ]) {
      expect(errorOf(await api('POST', '/api/v1/schedules', night([{ type: 'screen', id: hall.screenId }], action))), JSON.stringify(action)).to.deep.equal([
        422,
        'schedule_validation_failed',
      ]);
    }
    expect(errorOf(await api('POST', '/api/v1/schedules', { ...night([{ type: 'screen', id: hall.screenId }]), playlistId: randomUUID() }))).to.deep.equal([
      422,
      'schedule_validation_failed',
    ]);
    expect(errorOf(await api('POST', '/api/v1/schedules', night([{ type: 'screen', id: android.screenId }])))).to.deep.equal([
      422,
      'display_control_unsupported',
    ]);

    const schedule = await create(night([{ type: 'screen', id: hall.screenId }], { type: 'display_set_input', input: 'HDMI-1' }));
    expect(schedule).to.deep.include({ presentationType: 'display_control', playlistName: '', displayAction: { type: 'display_set_input', input: 'HDMI-1' } });
    expect(schedule).to.not.have.property('playlistId');
    const manifest = await manifestOf(hall);
    expect(manifest.schedules).to.have.length(1);
    expect(manifest.schedules[0]).to.deep.include({ id: schedule.id, displayAction: { type: 'display_set_input', input: 'HDMI-1' } });
    expect(manifest.schedules[0]).to.not.have.property('playlistId');

    // A group it targets takes Linux players only; an Android screen would be sent a schedule it cannot run.
    const group = (await api('POST', '/api/v1/screen-groups', { name: `night ${randomUUID().slice(0, 4)}` })).body.data;
    const onGroup = await create(night([{ type: 'group', id: group.id }]));
    expect(errorOf(await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: android.screenId }))).to.deep.equal([
      422,
      'display_control_unsupported',
    ]);
    expect((await api('GET', `/api/v1/screen-groups/${group.id}`)).body.data.membershipCount).to.equal(0);
    // Written behind the guard's back (as an older server might have): the Android manifest still never carries it.
    await k.db('screen_group_members').insert({ group_id: group.id, screen_id: android.screenId });
    expect((await manifestOf(android)).schedules).to.deep.equal([]);
    const preview = (await api('POST', '/api/v1/schedules/preview', { screenId: hall.screenId, timestamp: '2026-11-25T23:00:00Z' })).body.data;
    expect(preview.applicableSchedules, 'display actions decide the display, not what plays').to.deep.equal([]);

    await api('DELETE', `/api/v1/schedules/${schedule.id}`);
    await api('DELETE', `/api/v1/schedules/${onGroup.id}`);
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
  });
});

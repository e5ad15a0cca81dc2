import { expect } from 'chai';
import { Schedule, ScheduleList, SchedulePreview } from '../fixtures/console-types/schedules.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, type PairedScreen } from '../support/player-client.js';

/** The fields the console's schedule builder copies from a schedule to edit it (its `scheduleToInput`). */
const INPUT_FIELDS = [
  'name',
  'description',
  'playlistId',
  'layoutId',
  'displayAction',
  'type',
  'timezone',
  'priority',
  'enabled',
  'startDate',
  'endDate',
  'oneTimeStart',
  'oneTimeEnd',
  'dailyStart',
  'dailyEnd',
  'daysOfWeek',
  'targets',
];
const asInput = (schedule: Record<string, unknown>) => Object.fromEntries(INPUT_FIELDS.filter((f) => schedule[f] !== undefined).map((f) => [f, schedule[f]]));

describe('schedules as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;
  let hall: PairedScreen;
  let playlistId: string;

  before(async () => {
    const { k, owner } = ui;
    hall = await pairScreen(k, owner, { name: 'Hall' });
    playlistId = (await call('POST', '/api/v1/playlists', { name: 'Breakfast' })).id;
    await call('POST', `/api/v1/playlists/${playlistId}/items`, { assetId: (await seedImage(k)).id, durationMs: 5000 });
  });

  it('creates from the builder’s new schedule, lists it by search with the default zone, and saves an edit of what it read', async () => {
    // The builder's initial schedule, with the organization's zone, a playlist and a target picked.
    const defaults = await call('GET', '/api/v1/schedules?page=1&pageSize=100&search=');
    expectConsoleShape(defaults, ScheduleList, 'GET /schedules (empty)');
    const created = await call('POST', '/api/v1/schedules', {
      name: 'Breakfast menu',
      description: '',
      playlistId,
      type: 'weekly',
      timezone: defaults.defaultTimezone,
      priority: 0,
      enabled: true,
      dailyStart: '09:00',
      dailyEnd: '17:00',
      daysOfWeek: [1, 2, 3, 4, 5],
      targets: [{ type: 'screen', id: hall.screenId }],
    });
    expectConsoleShape(created, Schedule, 'POST /schedules');
    const found = await call('GET', '/api/v1/schedules?page=1&pageSize=100&search=breakfast');
    expectConsoleShape(found, ScheduleList, 'GET /schedules?search=');
    expect(found.items.map((s: any) => s.id)).to.deep.equal([created.id]);

    const read = await call('GET', `/api/v1/schedules/${created.id}`);
    expectConsoleShape(read, Schedule, 'GET /schedules/{id}');
    // Switching to a one-time event keeps the weekly fields in the input; the server keeps only what the type uses.
    const edited = await call('PATCH', `/api/v1/schedules/${created.id}`, {
      ...asInput(read),
      type: 'one_time',
      oneTimeStart: '2026-12-24T16:00:00.000Z',
      oneTimeEnd: '2026-12-24T17:00:00.000Z',
    });
    expectConsoleShape(edited, Schedule, 'PATCH /schedules/{id}');
    expect(edited).to.deep.include({ type: 'one_time', daysOfWeek: [] });
    expect(edited).to.not.have.property('dailyStart');
    expect(edited.targets).to.deep.equal([{ type: 'screen', id: hall.screenId, name: 'Hall' }]);
    // …and back: the builder edits what it read again.
    const weekly = await call('PATCH', `/api/v1/schedules/${created.id}`, {
      ...asInput(edited),
      type: 'weekly',
      dailyStart: '09:00',
      dailyEnd: '17:00',
      daysOfWeek: [1],
    });
    expectConsoleShape(weekly, Schedule, 'PATCH /schedules/{id} (back to weekly)');
    // A date range set, then cleared: the builder leaves startDate and endDate out.
    const dated = await call('PATCH', `/api/v1/schedules/${created.id}`, { ...asInput(weekly), startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(dated).to.include({ startDate: '2026-12-01', endDate: '2026-12-31' });
    const { startDate: _s, endDate: _e, ...undated } = asInput(dated);
    expect(await call('PATCH', `/api/v1/schedules/${created.id}`, undated)).to.not.have.any.keys('startDate', 'endDate');
    expectConsoleShape(await call('POST', `/api/v1/schedules/${created.id}/disable`), Schedule, 'POST /schedules/{id}/disable');
    expectConsoleShape(await call('POST', `/api/v1/schedules/${created.id}/enable`), Schedule, 'POST /schedules/{id}/enable');
  });

  it('previews the builder’s input as it sends it', async () => {
    const current = (await call('GET', '/api/v1/schedules?page=1&pageSize=100&search=')).items[0];
    const preview = await call('POST', '/api/v1/schedules/preview', {
      screenId: hall.screenId,
      timestamp: '2026-12-21T10:00:00.000Z',
      proposedSchedule: { ...asInput(current), name: '', priority: 10 },
    });
    expectConsoleShape(preview, SchedulePreview, 'POST /schedules/preview');
    expect(preview.applicableSchedules.map((s: any) => s.specificity)).to.deep.equal([1, 1]);
  });
});

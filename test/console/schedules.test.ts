import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const ZONE = 'Europe/Berlin'; // the simulated players' zone (test/support/player-client.ts)
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The wall clock in the players' zone now: the calendar shows the screen's week in its zone. */
function zoneNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', weekday: 'long', hour: 'numeric', minute: 'numeric' })
      .formatToParts(Date.now())
      .map((p) => [p.type, p.value]),
  );
  return { weekday: DAY_NAMES.indexOf(parts.weekday!), hour: Number(parts.hour), minute: Number(parts.minute) };
}
const hh = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

/** The Schedules section: a week per screen drawn with the mouse or the keyboard, conflicts before saving, and what plays at a moment. */
describe('console: schedules', function () {
  this.timeout(240_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let morning: string;
  let evening: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const stored = async () => (await api('GET', '/api/v1/schedules?pageSize=100')).body.data.items as Record<string, any>[];
  const playlist = async (name: string) => {
    const id = (await api('POST', '/api/v1/playlists', { name })).body.data.id as string;
    expect((await api('POST', `/api/v1/playlists/${id}/items`, { assetId: (await seedImage(c.kernel, name)).id, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(c.kernel, owner, id);
    return id;
  };
  const seed = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/v1/schedules', { type: 'weekly', timezone: ZONE, targets: [{ type: 'screen', id: lobby.screenId }], ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Record<string, any>;
  };
  const openLobbyWeek = async (page: Page) => {
    await page.goto('/schedules');
    await pickOption(page, page.getByRole('textbox', { name: 'Screen', exact: true }), 'Lobby');
    const week = page.getByRole('region', { name: 'Week of schedules for Lobby' });
    await week.getByRole('columnheader').filter({ hasText: 'Monday' }).waitFor();
    return week;
  };
  /** A point on the calendar: a weekday at a wall-clock hour (its label's middle, in the hour's first quarter) and minutes after, found by the day's heading and the hour's label. */
  const cellAt = async (week: Locator, weekday: number, hour: number, minute = 0) => {
    const header = week.getByRole('columnheader').filter({ hasText: DAY_NAMES[weekday]! });
    const label = (h: number) => week.getByText(hh(h), { exact: true });
    // In the middle of the window: at its edge, the end of a drag would fall outside it (and the mouse up with it).
    await label(hour).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const column = (await header.boundingBox())!;
    const here = (await label(hour).boundingBox())!;
    const other = (await label(hour === 23 ? 22 : hour + 1).boundingBox())!;
    const hourHeight = Math.abs(other.y - here.y);
    return { x: column.x + column.width / 2, y: here.y + here.height / 2 + (minute / 60) * hourHeight };
  };
  const drag = async (page: Page, from: { x: number; y: number }, to: { x: number; y: number }) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 3, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
  };

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    lobby = await pairScreen(c.kernel, owner, { name: 'Lobby' });
    morning = await playlist('Morning');
    evening = await playlist('Evening');
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
    for (const s of await stored()) await api('DELETE', `/api/v1/schedules/${s.id}`);
  });

  it('a schedule drawn on the week plays on the screen: the preview for that moment names it and the player’s manifest holds it', async () => {
    const { page } = c;
    const week = await openLobbyWeek(page);
    const now = zoneNow();
    // Drawn over the current hour, so "now" (the preview's default moment) falls inside it.
    // From its first quarter to its last: the calendar snaps to quarter hours.
    const start = await cellAt(week, now.weekday, now.hour);
    const end = await cellAt(week, now.weekday, now.hour, 45);
    await drag(page, start, end);
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: DAY_NAMES[now.weekday]! }).isChecked(), 'the day drawn on').to.equal(true);
    expect(await dialog.getByLabel('From').inputValue()).to.equal(hh(now.hour));
    expect(await dialog.getByLabel('Until').inputValue()).to.equal(hh(now.hour + 1));
    expect(await dialog.getByRole('textbox', { name: 'Time zone' }).inputValue(), 'the screen’s zone').to.equal(ZONE);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Drawn breakfast');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Playlist' }), 'Morning');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [saved] = await stored();
    expect(saved).to.deep.include({
      name: 'Drawn breakfast',
      playlistId: morning,
      type: 'weekly',
      timezone: ZONE,
      dailyStart: hh(now.hour),
      dailyEnd: hh(now.hour + 1),
    });
    expect(saved!.daysOfWeek).to.deep.equal([now.weekday]);
    expect(saved!.targets.map((t: { id: string }) => t.id)).to.deep.equal([lobby.screenId]);
    await week.getByRole('button', { name: /^Drawn breakfast: Morning/ }).waitFor();

    const answer = page.getByRole('region', { name: 'What plays here, and why' });
    await answer.getByText('Plays: the playlist “Morning”').waitFor();
    await answer.getByText(/Because: the schedule “Drawn breakfast” \(priority 0\) holds now/).waitFor();
    const manifest = (await playerCall(c.kernel, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
    expect(manifest.schedules.map((s: { id: string; playlistId: string }) => [s.id, s.playlistId])).to.deep.equal([[saved!.id, morning]]);
    await expectAccessible(page, 'the schedules page with its week and answer');
    expect(c.problems).to.deep.equal([]);
  });

  it('moving an event changes its times, and pulling its end changes when it stops', async () => {
    const { page } = c;
    const weekday = zoneNow().weekday;
    const schedule = await seed({ name: 'Coffee', playlistId: morning, daysOfWeek: [weekday], dailyStart: '08:00', dailyEnd: '09:00' });
    const week = await openLobbyWeek(page);
    const event = week.getByRole('button', { name: /^Coffee: Morning/ });
    await event.waitFor();
    // Measured by the event itself, an hour tall: grabbed 7 minutes below its top, dropped two hours later.
    const box = (await event.boundingBox())!;
    const grab = { x: box.x + box.width / 2, y: box.y + box.height * (7 / 60) };
    await drag(page, grab, { x: grab.x, y: grab.y + 2 * box.height });
    await eventually(
      async () => (await api('GET', `/api/v1/schedules/${schedule.id}`)).body.data,
      (s) => s.dailyStart === '10:00',
    ).then((s) => expect(s).to.deep.include({ dailyStart: '10:00', dailyEnd: '11:00', daysOfWeek: [weekday] }));

    const moved = week.getByRole('button', { name: /^Coffee: Morning, \w+ 10:00–11:00/ });
    await moved.waitFor();
    const after = (await moved.boundingBox())!;
    await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2);
    // Its end pulled down an hour: the resize handle sits on the bottom edge.
    const edge = { x: after.x + after.width / 2, y: after.y + after.height - 3 };
    await drag(page, edge, { x: edge.x, y: edge.y + after.height });
    const resized = await eventually(
      async () => (await api('GET', `/api/v1/schedules/${schedule.id}`)).body.data,
      (s) => s.dailyEnd !== '11:00',
    );
    expect(resized).to.deep.include({ dailyStart: '10:00', dailyEnd: '12:00' });
  });

  it('says before saving that a schedule ties with another, and a keyboard alone creates and edits one', async () => {
    const { page } = c;
    await seed({ name: 'Lunch', playlistId: morning, daysOfWeek: [0, 1, 2, 3, 4, 5, 6], dailyStart: '12:00', dailyEnd: '14:00' });
    const week = await openLobbyWeek(page);
    await week
      .getByRole('button', { name: /^Lunch: Morning/ })
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'New schedule' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    await page.keyboard.type('Afternoon news');
    await dialog.getByRole('textbox', { name: 'Playlist' }).focus();
    await page.keyboard.type('Even');
    await page.getByRole('option', { name: 'Evening' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('textbox', { name: 'Playlist' }).inputValue()).to.equal('Evening');
    await dialog.getByRole('checkbox', { name: 'Wednesday' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('From').focus();
    await page.keyboard.type('1300');
    await dialog.getByLabel('Until').focus();
    await page.keyboard.type('1500');

    const conflict = dialog.getByRole('alert').filter({ hasText: 'Overlaps another schedule at the same priority' });
    await conflict.getByText('“Lunch” also plays on Lobby Wednesday 13:00–14:00 at priority 0.').waitFor();
    await expectAccessible(page, 'the dialog announcing a conflict');
    // A higher priority decides it: the warning goes before anything is saved.
    await dialog.getByRole('textbox', { name: 'Priority' }).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await conflict.waitFor({ state: 'detached' });
    expect(await stored(), 'nothing saved while the dialog is open').to.have.length(1);
    await name.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const created = (await stored()).find((s) => s.name === 'Afternoon news')!;
    expect(created).to.deep.include({ playlistId: evening, priority: 5, dailyStart: '13:00', dailyEnd: '15:00', timezone: ZONE, daysOfWeek: [3] });

    // The event itself opens its dialog with Enter.
    const event = week.getByRole('button', { name: /^Afternoon news: Evening, Wednesday 13:00–15:00, priority 5, weekly$/ });
    await event.focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit “Afternoon news”' });
    await edit.getByRole('textbox', { name: 'Name' }).waitFor();
    await edit.getByRole('switch', { name: 'Enabled' }).focus();
    await page.keyboard.press('Space');
    await edit.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Late news');
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'hidden' });
    expect((await api('GET', `/api/v1/schedules/${created.id}`)).body.data).to.deep.include({ name: 'Late news', enabled: false, priority: 5 });
    const disabled = week.getByRole('button', { name: /^Late news: Evening, Wednesday 13:00–15:00, priority 5, weekly, disabled$/ });
    await disabled.waitFor();

    // And deleted from its dialog, after a confirmation.
    await disabled.focus();
    await page.keyboard.press('Enter');
    const last = page.getByRole('dialog', { name: 'Edit “Late news”' });
    await last.getByRole('button', { name: 'Delete schedule' }).focus();
    await page.keyboard.press('Enter');
    await last.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await last.waitFor({ state: 'hidden' });
    expect((await api('GET', `/api/v1/schedules/${created.id}`)).status).to.equal(404);
    await disabled.waitFor({ state: 'detached' });
  });

  it('shows another person’s change without a reload', async () => {
    const { page } = c;
    const week = await openLobbyWeek(page);
    await seed({ name: 'Someone else’s', playlistId: evening, daysOfWeek: [zoneNow().weekday], dailyStart: '18:00', dailyEnd: '19:00' });
    await week.getByRole('button', { name: /^Someone else’s: Evening/ }).waitFor();
  });
});

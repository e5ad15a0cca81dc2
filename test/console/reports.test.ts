import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { openPlayerSocket, type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

const MINUTE = 60_000;
const FIVE_MINUTES = 5 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

/** Proof-of-play reports from what a simulated player reported, fleet uptime, a screen's timeline and its live view. */
describe('console: reports and the live view', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let kitchen: PairedScreen;
  let winter: string;
  let summer: string;
  let breakfast: string;
  const sequences = new Map<string, number>();

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);

  /** A presentation of the playlist and its items one after another, as the player reports them. */
  async function play(screen: PairedScreen, start: number, items: { asset: string; ms: number; result?: 'completed' | 'partial' }[]) {
    const root = randomUUID();
    const presentation = { presentationType: 'playlist', presentationId: breakfast, manifestVersion: 1, playerTimezone: 'UTC' };
    const events: Record<string, unknown>[] = [
      { eventType: 'presentation.started', occurredAt: at(start), activitySessionId: root, sessionType: 'presentation' },
    ];
    let t = start + 1_000;
    for (const item of items) {
      const child = randomUUID();
      const content = { activitySessionId: child, parentActivitySessionId: root, contentType: 'image', contentId: item.asset };
      events.push({ eventType: 'content.started', occurredAt: at(t), ...content });
      t += item.ms;
      const ended =
        item.result === 'partial' ? { terminalReason: 'player_restart', result: 'partial' } : { terminalReason: 'completed_duration', result: 'completed' };
      events.push({ eventType: 'content.completed', occurredAt: at(t), durationMs: item.ms, ...content, ...ended });
    }
    const batch = events.map((e) => {
      const sequence = (sequences.get(screen.screenId) ?? 0) + 1;
      sequences.set(screen.screenId, sequence);
      return { id: randomUUID(), sequence, elapsedRealtimeMs: sequence * 1000, ...presentation, ...e };
    });
    const posted = await playerCall(c.kernel, screen.credential, 'POST', '/api/v1/player/activity-events', { events: batch });
    expect(posted.body.data.rejected, JSON.stringify(posted.body)).to.deep.equal([]);
  }

  /** Telemetry every five minutes over the last three hours (a sample covers the five minutes before it), but for the skipped ones. */
  async function report(screen: PairedScreen, skipped: (n: number) => boolean) {
    const base = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
    for (let n = 36; n >= 0; n--) {
      if (skipped(n)) continue;
      const res = await playerCall(c.kernel, screen.credential, 'POST', '/api/v1/player/telemetry', {
        observedAt: at(base - n * FIVE_MINUTES + 1_000),
        interval: { seconds: 300, healthyPlaybackSeconds: 300 },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
    }
  }

  /** The table's row for a name: its cells' texts. */
  const row = async (page: Page, table: string, name: string) =>
    page
      .getByRole('table', { name: table })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell')
      .allTextContents();

  /** Picks an option of a segmented control, by clicking its text as a person does. */
  const choose = (page: Page, group: string, option: string) => page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    lobby = await pairScreen(c.kernel, owner, { name: 'Lobby' });
    kitchen = await pairScreen(c.kernel, owner, { name: 'Kitchen' });
    winter = (await seedImage(c.kernel, 'Winter menu')).id;
    summer = (await seedImage(c.kernel, 'Summer menu')).id;
    breakfast = (await api('POST', '/api/v1/playlists', { name: 'Breakfast' })).body.data.id;
    const start = Date.now() - 2 * 60 * MINUTE;
    await play(lobby, start, [
      { asset: winter, ms: 10_000 },
      { asset: summer, ms: 20_000 },
      { asset: winter, ms: 10_000 },
    ]);
    await play(kitchen, start, [{ asset: summer, ms: 15_000, result: 'partial' }]);
    // The lobby reported all along; the kitchen fell silent for an hour.
    await report(lobby, () => false);
    await report(kitchen, (n) => n >= 12 && n <= 24);
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('reports what the player played per screen, media and playlist, keeps the filters in the address, and downloads the same rows as CSV', async () => {
    const { page } = c;
    await page.goto('/screens');
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const byScreen = 'Proof of play by Screen';
    await page.getByRole('table', { name: byScreen }).getByRole('rowheader', { name: 'Kitchen' }).waitFor();
    expect(await row(page, byScreen, 'Lobby')).to.deep.equal(['3', '3', '100 %', '40 s', '0']);
    expect(await row(page, byScreen, 'Kitchen')).to.deep.equal(['1', '0', '0 %', '15 s', '1']);
    await expectAccessible(page, 'the proof-of-play report');

    await choose(page, 'Total by', 'Media');
    const byMedia = 'Proof of play by Media';
    await page.getByRole('table', { name: byMedia }).getByRole('rowheader', { name: 'Winter menu' }).waitFor();
    expect(await row(page, byMedia, 'Winter menu')).to.deep.equal(['2', '2', '100 %', '20 s', '0']);
    expect(await row(page, byMedia, 'Summer menu')).to.deep.equal(['2', '1', '50 %', '35 s', '1']);
    await choose(page, 'Total by', 'Playlist');
    const byPlaylist = 'Proof of play by Playlist';
    await page.getByRole('table', { name: byPlaylist }).getByRole('rowheader', { name: 'Breakfast' }).waitFor();
    expect(await row(page, byPlaylist, 'Breakfast')).to.deep.equal(['4', '3', '75 %', '55 s', '1']);

    // Narrowed to one screen and a month, one click right after the other: the address carries both
    // (it once kept only the second), so a reload (or a shared link) shows the same.
    await pickOption(page, page.getByRole('textbox', { name: 'Screen', exact: true }), 'Lobby');
    await choose(page, 'Range', '30 days');
    const address = await eventually(
      () => Object.fromEntries(new URL(page.url()).searchParams),
      (query) => query.range === '30d',
    );
    expect(address).to.deep.equal({ range: '30d', by: 'presentation', screen: lobby.screenId });
    await eventually(
      () => row(page, byPlaylist, 'Breakfast'),
      (cells) => cells[0] === '3',
    );
    await page.reload();
    await page.getByRole('table', { name: byPlaylist }).getByRole('rowheader', { name: 'Breakfast' }).waitFor();
    expect(await row(page, byPlaylist, 'Breakfast')).to.deep.equal(['3', '3', '100 %', '40 s', '0']);
    expect(await page.getByRole('textbox', { name: 'Screen', exact: true }).inputValue()).to.equal('Lobby');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    const header = lines[0]!.split(',');
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
    expect(rows.map((r) => [r.screen, r.content_id, r.duration_seconds, r.result])).to.deep.equal([
      ['Lobby', winter, '10.000', 'completed'],
      ['Lobby', summer, '20.000', 'completed'],
      ['Lobby', winter, '10.000', 'completed'],
    ]);
    expect(new Set(rows.map((r) => r.presentation_id))).to.deep.equal(new Set([breakfast]));
    expect(c.problems).to.deep.equal([]);
  });

  it('shows the fleet uptime with the screen that was offline, and a screen’s timeline over the range', async () => {
    const { page } = c;
    await page.goto('/reports?view=uptime');
    const table = 'Uptime per screen';
    await page.getByRole('table', { name: table }).getByRole('rowheader', { name: 'Kitchen' }).waitFor();
    const kitchenRow = await row(page, table, 'Kitchen');
    expect(kitchenRow.slice(1), 'an hour and five minutes unreported').to.deep.equal(['1 h 5 min', '0 s', 'Was down']);
    expect(Number.parseInt(kitchenRow[0]!, 10)).to.be.below(100);
    expect(await row(page, table, 'Lobby')).to.deep.equal(['100 %', '0 s', '0 s', 'Always up']);
    expect(await page.getByText('Screens that were down').locator('xpath=following-sibling::*[1]').textContent()).to.equal('1');
    await expectAccessible(page, 'the fleet uptime');

    await choose(page, 'Uptime window', 'Last 7 days');
    await page.waitForURL(/window=7d/);
    const week = await eventually(
      () => row(page, table, 'Kitchen'),
      (cells) => cells.length > 0,
    );
    expect(week[1], 'the same hour down within the week').to.equal('1 h 5 min');

    await page.getByRole('tab', { name: 'Screen timeline' }).click();
    await pickOption(page, page.getByRole('textbox', { name: 'Screen', exact: true }), 'Kitchen');
    await page.getByRole('heading', { name: 'Timeline over the range' }).waitFor();
    await page.getByRole('cell', { name: 'presentation.started' }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('screen')).to.equal(kitchen.screenId);
    await expectAccessible(page, 'a screen’s timeline');

    // An administrator keeps activity for another number of days; every activity class follows.
    const days = page.getByRole('textbox', { name: 'Keep activity for (days)' });
    expect(await days.inputValue()).to.equal('90');
    await days.fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Activity is now kept for 30 days.').waitFor();
    expect((await api('GET', '/api/v1/activity/retention')).body.data).to.include({ rawEventDays: 30, playbackSessionDays: 30, telemetryRollupDays: 30 });
  });

  it('watches a screen live beside its preview: the player is told to stream while someone watches, and to stop when they leave', async () => {
    const { page } = c;
    const session = async () => (await playerCall(c.kernel, lobby.credential, 'GET', '/api/v1/player/live-stream-session')).body.data;
    expect((await session()).active, 'nobody watches yet').to.equal(false);
    await page.goto(`/screens/${lobby.screenId}?tab=preview`);
    await page.getByRole('heading', { name: 'Live preview' }).waitFor();
    await page.getByRole('heading', { name: 'Live view' }).waitFor();
    const socket = await openPlayerSocket(c.kernel, lobby.credential);
    await socket.next('server.hello');
    await page.getByRole('button', { name: 'Watch live' }).click();
    await page.getByRole('img', { name: 'Live view of Lobby' }).waitFor({ state: 'attached' });
    // The player hears of it on its socket, then reads the session.
    await socket.next('live_stream.session_changed');
    socket.ws.close();
    const watching = await eventually(session, (s) => s.active);
    expect(watching).to.include({ active: true, screenId: lobby.screenId });
    await expectAccessible(page, 'the live view');

    // Past a lease (15 s) the session holds: the page renews it while watching.
    const renewed = await eventually(session, (s) => Date.parse(s.expiresAt) > Date.parse(watching.expiresAt), 12_000, 500);
    expect(renewed.id).to.equal(watching.id);

    await page.getByRole('tab', { name: 'Overview' }).click();
    expect((await eventually(session, (s) => !s.active)).active, 'leaving the live view ends the session').to.equal(false);
    expect(c.problems, 'the stream is an image the page’s policy allows').to.deep.equal([]);
  });
});

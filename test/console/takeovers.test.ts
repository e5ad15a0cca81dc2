import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import {
  type ConsoleUnderTest,
  describedText,
  expectAccessible,
  pickOption,
  screenshotOnFailure,
  signIn,
  startConsoleUnderTest,
} from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, type PairedScreen, type PlayerSocket, pairScreen, playerCall } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/** The header's Takeover action, the takeovers pages with live per-screen state, and quick present from a screen's page. */
describe('console: takeovers and quick present', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let bar: PairedScreen;
  let socket: PlayerSocket;
  let alarm: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const takeovers = async () =>
    (await api('GET', '/api/v1/takeovers')).body.data.items as { id: string; name: string; status: string; cancellationReason: string }[];
  const sessions = async () => (await api('GET', '/api/v1/presentation-overrides')).body.data.items as { id: string; targetId: string; contentName: string }[];
  const pick = (page: Page, scope: Locator, field: string, option: string) =>
    pickOption(page, scope.getByRole('textbox', { name: field, exact: true }), option);
  const openStartDialog = async (page: Page) => {
    await page.getByRole('button', { name: 'Takeover', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a takeover' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    return dialog;
  };
  const playlist = async (name: string, withItem: boolean) => {
    const id = (await api('POST', '/api/v1/playlists', { name })).body.data.id as string;
    if (withItem)
      expect((await api('POST', `/api/v1/playlists/${id}/items`, { assetId: (await seedImage(c.kernel, name)).id, durationMs: 5000 })).status).to.equal(201);
    if (withItem) await publishPlaylist(c.kernel, owner, id);
    return id;
  };

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    lobby = await pairScreen(c.kernel, owner, { name: 'Lobby' });
    bar = await pairScreen(c.kernel, owner, { name: 'Bar' });
    socket = await openPlayerSocket(c.kernel, lobby.credential);
    await socket.next('server.hello');
    alarm = await playlist('Alarm', true);
    await playlist('Nothing yet', false);
    await signIn(c.page, OWNER);
  });
  after(async () => {
    socket?.ws.close();
    await c?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
    for (const t of await takeovers()) if (t.status === 'active') await api('POST', `/api/v1/takeovers/${t.id}/cancel`, {});
  });

  it('starts a takeover from the header after a review, follows each screen live as its player reports, and cancels it with a reason', async () => {
    const { page } = c;
    await page.goto('/screens');
    const dialog = await openStartDialog(page);
    await dialog.getByRole('textbox', { name: 'Playlist' }).click();
    await page.getByRole('option', { name: 'Alarm' }).waitFor();
    expect(await page.getByRole('option', { name: 'Nothing yet' }).count(), 'an empty playlist cannot take over').to.equal(0);
    await page.getByRole('option', { name: 'Alarm' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).inputValue(), 'the default duration setting').to.equal('60');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('Give it a name.').waitFor();
    await dialog.getByText('Pick at least one screen or group.').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Evacuate');
    // The typed text is searched on the server (the fleet may be larger than one page of screens).
    await dialog.getByRole('textbox', { name: 'Screens', exact: true }).fill('lob');
    await page.getByRole('option', { name: 'Lobby', exact: true }).waitFor();
    await eventually(
      () => page.getByRole('option', { name: 'Bar', exact: true }).count(),
      (n) => n === 0,
    );
    await page.getByRole('option', { name: 'Lobby', exact: true }).click();
    const duration = dialog.getByRole('textbox', { name: 'Duration (minutes)' });
    await duration.fill('5000');
    await duration.press('Tab');
    await eventually(
      () => duration.inputValue(),
      (v) => v === '1440',
    );
    expect(await duration.inputValue(), 'bounded by the maximum duration setting').to.equal('1440');
    await duration.fill('30');
    await expectAccessible(page, 'the takeover dialog');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('Start this takeover now?').waitFor();
    expect(await takeovers(), 'nothing starts before the confirmation').to.deep.equal([]);
    await dialog.getByRole('button', { name: 'Start now' }).click();

    await page.getByRole('heading', { level: 1, name: 'Takeover: Evacuate' }).waitFor();
    const [started] = await takeovers();
    expect(started).to.include({ name: 'Evacuate', status: 'active' });
    expect(page.url()).to.match(new RegExp(`/takeovers/${started!.id}$`));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Lobby' }) });
    await row.getByText('Notified').waitFor();
    await expectAccessible(page, 'a running takeover');

    // The player reports it playing: the row and the counts follow without a reload.
    expect(
      (
        await playerCall(c.kernel, lobby.credential, 'POST', '/api/v1/player/heartbeat', {
          activeTakeoverId: started!.id,
          takeoverState: 'active',
          takeoverPreparationProgress: 100,
        })
      ).status,
    ).to.equal(200);
    await row.getByText('Playing').waitFor();
    await row.getByText('100%').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Playing: 1' }).waitFor();

    await page.getByRole('button', { name: 'Cancel takeover' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel “Evacuate”?' });
    await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('All clear');
    await expectAccessible(page, 'the cancel confirmation');
    await confirm.getByRole('button', { name: 'Cancel takeover' }).click();
    await page.getByText('Reason: All clear').waitFor();
    await row.getByText('Cancelled').waitFor();
    expect((await takeovers())[0]).to.include({ status: 'cancelled', cancellationReason: 'All clear' });

    await page.getByRole('link', { name: 'Takeovers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Takeovers' }).waitFor();
    await page.getByText('No takeover is running.').waitFor();
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Evacuate' }) })
      .getByText('Cancelled')
      .waitFor();
    await expectAccessible(page, 'the takeovers page');
  });

  it('asks for the password when the setting wants it and shows a wrong one at the field', async () => {
    const { page } = c;
    await setSettings(c.kernel, owner, { 'takeover.reauthentication_required': true, 'takeover.confirmation_required': false });
    try {
      await page.goto('/takeovers');
      const dialog = await openStartDialog(page);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Lockdown');
      await pick(page, dialog, 'Playlist', 'Alarm');
      await pick(page, dialog, 'Screens', 'Bar');
      await dialog.getByLabel('Your password').fill('not my password');
      await dialog.getByRole('button', { name: 'Start takeover' }).click();
      const field = dialog.getByLabel('Your password');
      await dialog.getByText('Confirm your current password to start a takeover.').waitFor();
      const describedBy = await describedText(field);
      expect(describedBy, 'the refusal is said at the password field').to.contain('Confirm your current password to start a takeover.');
      expect((await takeovers()).filter((t) => t.status === 'active')).to.deep.equal([]);
      await field.fill(OWNER.password);
      await dialog.getByRole('button', { name: 'Start takeover' }).click();
      await page.getByRole('heading', { level: 1, name: 'Takeover: Lockdown' }).waitFor();
      expect((await takeovers()).find((t) => t.name === 'Lockdown')).to.include({ status: 'active' });
    } finally {
      await setSettings(c.kernel, owner, { 'takeover.reauthentication_required': false, 'takeover.confirmation_required': true });
    }
  });

  it('quick presents a playlist on a screen and stops it; a screen a takeover holds is explained', async () => {
    const { page } = c;
    await page.goto(`/screens/${lobby.screenId}?tab=present`);
    const panel = page.getByRole('tabpanel', { name: 'Quick present' });
    await pick(page, panel, 'Content', 'Alarm');
    await pick(page, panel, 'How long', '5 minutes');
    await panel.getByRole('button', { name: 'Present now' }).click();
    await panel.getByText('Presenting “Alarm” (Playlist)', { exact: false }).waitFor();
    expect(await sessions()).to.have.length(1);
    expect((await sessions())[0]).to.include({ targetId: lobby.screenId, contentName: 'Alarm' });
    await expectAccessible(page, 'a running quick presentation');
    await panel.getByRole('button', { name: 'Stop presenting' }).click();
    await panel.getByRole('button', { name: 'Present now' }).waitFor();
    expect(await sessions()).to.deep.equal([]);

    expect(
      (
        await api('POST', '/api/v1/takeovers', {
          name: 'Drill',
          playlistId: alarm,
          screenIds: [bar.screenId],
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        })
      ).status,
    ).to.equal(201);
    await page.goto(`/screens/${bar.screenId}?tab=present`);
    await pick(page, panel, 'Content', 'Alarm');
    await panel.getByRole('button', { name: 'Present now' }).click();
    await panel.getByText('This screen is already held: a takeover or another quick presentation covers it.', { exact: false }).waitFor();
    expect(await sessions()).to.deep.equal([]);
    await expectAccessible(page, 'a refused quick presentation');
  });

  it('shows an editor the takeovers read-only: no Takeover action, no cancel, no quick present', async () => {
    const editor = await newSignedInUser(c.kernel, owner, 'editor password 123', 'editor', 'editor');
    expect(
      (
        await api('POST', '/api/v1/takeovers', {
          name: 'Drill',
          playlistId: alarm,
          screenIds: [bar.screenId],
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        })
      ).status,
    ).to.equal(201);
    const page = await c.newPage();
    try {
      await signIn(page, { username: editor.username, password: 'editor password 123' });
      await page.goto('/takeovers');
      await page.getByText('Only administrators start or cancel takeovers.').waitFor();
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'Drill' }) })
        .getByText('Active')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Takeover', exact: true }).count()).to.equal(0);
      expect(await page.getByRole('button', { name: /Cancel/ }).count()).to.equal(0);
      await expectAccessible(page, 'the takeovers page for an editor');
      await page.goto(`/screens/${lobby.screenId}?tab=present`);
      await page.getByText('Only administrators present content here.').waitFor();
    } finally {
      await page.context().close();
    }
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { makeJpeg } from '../support/media-files.js';
import {
  bearer,
  createPairingSession,
  deviceMetadata,
  openPlayerSocket,
  type PairedScreen,
  type PlayerSocket,
  pairScreen,
  playerCall,
  poll,
} from '../support/player-client.js';
import { call } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('console: screens, locations and fleet health', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobby: { screenId: string; credential: string; socket: PlayerSocket };
  let kitchen: PairedScreen;

  const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const screensOf = async () =>
    (await consoleCall(c.kernel, owner, 'GET', '/api/v1/screens?pageSize=100')).body.data.items as {
      id: string;
      name: string;
      status: string;
      locationId?: string;
    }[];

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    // No fade-ins: axe then reads notifications and dialogs as they finally look.
    await c.page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(c.page, OWNER);
  });
  after(async () => {
    lobby?.socket.ws.close();
    await c?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('pairs a screen by the code it shows: names it, creates its location on the spot, and lists it online once the player connects', async () => {
    const { page } = c;
    const player = await createPairingSession(c.kernel, deviceMetadata({ manufacturer: 'lobby-pc', model: 'Linux x64' }));
    await page.goto('/screens');
    await page.getByRole('heading', { level: 1, name: 'Screens' }).waitFor();
    await page.getByText('No screens yet. Add one with the code it shows.').waitFor();
    // The request is also listed as waiting, for an administrator who did not see the code.
    await page.getByRole('heading', { name: 'Waiting to be paired' }).waitFor();
    await expectAccessible(page, 'the empty screens page with a waiting request');

    await page.getByRole('button', { name: 'Add screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a screen' });
    await dialog.getByLabel('Pairing code').fill('ZZ99ZZ');
    await dialog.getByRole('button', { name: 'Find screen' }).click();
    await dialog.getByText('No screen shows this code. Check the code on the screen and try again.').waitFor();
    await expectAccessible(page, 'the pairing dialog with an unknown code');

    await dialog.getByLabel('Pairing code').fill(player.code);
    await dialog.getByRole('button', { name: 'Find screen' }).click();
    await dialog.getByText('lobby-pc Linux x64, linux').waitFor();
    await dialog.getByLabel('Screen name').fill('Lobby screen');
    await dialog.getByRole('button', { name: 'New location' }).click();
    await dialog.getByLabel('New location name').fill('Front desk');
    await dialog.getByRole('button', { name: 'Create location' }).click();
    await eventually(
      () => dialog.getByRole('textbox', { name: 'Location', exact: true }).inputValue(),
      (v) => v === 'Front desk',
    );
    expect(await dialog.getByRole('textbox', { name: 'Location', exact: true }).inputValue()).to.equal('Front desk');
    await expectAccessible(page, 'the pairing dialog with the device found');
    await dialog.getByRole('button', { name: 'Approve and add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'Lobby screen').waitFor();

    const [listed] = await screensOf();
    const locations = (await consoleCall(c.kernel, owner, 'GET', '/api/v1/locations')).body.data.items;
    expect(listed?.name).to.equal('Lobby screen');
    expect(locations.map((l: { name: string }) => l.name)).to.deep.equal(['Front desk']);
    expect(listed?.locationId).to.equal(locations[0].id);

    // The player picks up its approval, enrolls and connects.
    const claimed = await poll(c.kernel, player.id, player.pollSecret);
    const enrolled = await call(c.kernel, 'POST', '/api/v1/player/enroll', { pairingSessionId: player.id, enrollmentToken: claimed.body.data.enrollmentToken });
    expect(enrolled.status).to.equal(201);
    const credential = enrolled.body.data.deviceCredential as string;
    const socket = await openPlayerSocket(c.kernel, credential);
    lobby = { screenId: enrolled.body.data.screenId, credential, socket };
    await eventually(screensOf, (s) => s[0]?.status === 'online');
    await page.reload();
    await row(page, 'Lobby screen').getByText('Online').waitFor();
    await row(page, 'Lobby screen').getByText('Front desk').waitFor();
    expect(await page.getByRole('heading', { name: 'Waiting to be paired' }).count()).to.equal(0);
  });

  it('narrows the list by search and status, keeps the filters in the address, and the back button undoes them', async () => {
    const { page } = c;
    kitchen = await pairScreen(c.kernel, owner, { name: 'Kitchen menu board' });
    // Last heard from an hour ago: offline.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await c.kernel
      .db('screen_status')
      .insert({ screen_id: kitchen.screenId, last_contact_at: hourAgo, last_heartbeat_at: hourAgo })
      .onConflict('screen_id')
      .merge();
    await page.goto('/screens');
    await row(page, 'Kitchen menu board').waitFor();
    await row(page, 'Lobby screen').waitFor();

    await page.getByLabel('Search screens').fill('kitchen');
    await page.waitForURL(/\?q=kitchen$/);
    await row(page, 'Lobby screen').waitFor({ state: 'detached' });
    await row(page, 'Kitchen menu board').waitFor();
    expect(await row(page, 'Lobby screen').count()).to.equal(0);

    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    await row(page, 'Lobby screen').waitFor();
    expect(await page.getByLabel('Search screens').inputValue()).to.equal('');

    await page.getByRole('textbox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Online' }).click();
    await page.waitForURL(/\?status=online$/);
    await row(page, 'Kitchen menu board').waitFor({ state: 'detached' });
    await row(page, 'Lobby screen').waitFor();
    expect(await row(page, 'Kitchen menu board').count()).to.equal(0);

    // The address is shareable: opened afresh it shows the same narrowed list.
    await page.goto('/screens?status=offline');
    await row(page, 'Kitchen menu board').waitFor();
    expect(await row(page, 'Lobby screen').count()).to.equal(0);
    expect(await page.getByRole('textbox', { name: 'Status', exact: true }).inputValue()).to.equal('Offline');
    await expectAccessible(page, 'the filtered screens list');
  });

  it('assigns a playlist on the screen page, which the server and the player’s manifest then have', async () => {
    const { page } = c;
    const asset = await seedAsset(c.kernel, { name: 'Breakfast menu' });
    const playlist = (await consoleCall(c.kernel, owner, 'POST', '/api/v1/playlists', { name: 'Morning loop' })).body.data;
    const added = await consoleCall(c.kernel, owner, 'POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: asset.id, durationMs: 10_000 });
    expect(added.status, JSON.stringify(added.body)).to.be.oneOf([200, 201]);
    await publishPlaylist(c.kernel, owner, playlist.id);

    await page.goto('/screens');
    await page.getByRole('link', { name: 'Lobby screen', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Screen Lobby screen' }).waitFor();
    await page.getByText('lobby-pc Linux x64').waitFor();
    await expectAccessible(page, 'the screen page overview');

    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByText('Nothing assigned').waitFor();
    await page.getByRole('textbox', { name: 'Playlist', exact: true }).click();
    await page.getByRole('option', { name: 'Morning loop' }).click();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Now assigned: Morning loop').waitFor();
    await expectAccessible(page, 'the screen page content tab');

    const assignment = await consoleCall(c.kernel, owner, 'GET', `/api/v1/screens/${lobby.screenId}/playlist-assignment`);
    expect(assignment.body.data.playlistId).to.equal(playlist.id);
    const manifest = await playerCall(c.kernel, lobby.credential, 'GET', '/api/v1/player/manifest');
    expect(manifest.status).to.equal(200);
    expect(JSON.stringify(manifest.body)).to.contain(asset.id);
  });

  it('renames the screen and sets its room from its page', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lobby screen north');
    await page.getByLabel('Room').fill('Entrance');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Screen Lobby screen north' }).waitFor();
    const screen = (await consoleCall(c.kernel, owner, 'GET', `/api/v1/screens/${lobby.screenId}`)).body.data;
    expect([screen.name, screen.roomName]).to.deep.equal(['Lobby screen north', 'Entrance']);
  });

  it('shows the live preview once the player uploads a capture while the page watches', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Live preview' }).click();
    await page.getByText(/Waiting for the screen to send a picture/).waitFor();
    // Opening the preview started the lease: the player is asked to capture.
    const lease = await eventually(
      () => playerCall(c.kernel, lobby.credential, 'GET', '/api/v1/player/preview-session'),
      (r) => r.body?.data?.active === true,
    );
    expect(lease.body.data.active).to.equal(true);

    const form = new FormData();
    form.append('playerVersion', '1.4.2');
    form.append('capturedAt', new Date().toISOString());
    form.append('width', '640');
    form.append('height', '360');
    form.append('preview', new Blob([new Uint8Array(await makeJpeg(640, 360))], { type: 'image/jpeg' }), 'preview.jpg');
    const uploaded = await c.kernel.request('/api/v1/player/preview', { method: 'POST', headers: bearer(lobby.credential), body: form });
    expect(uploaded.status).to.equal(204);

    const image = page.getByRole('img', { name: /What Lobby screen north showed at/ });
    await image.waitFor();
    await eventually(
      () => image.evaluate((img: HTMLImageElement) => img.naturalWidth),
      (w) => w === 640,
    );
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).to.equal(640);
    await expectAccessible(page, 'the screen page live preview');
  });

  it('sends commands (asking first for one that interrupts), lists them with their state and cancels an open one', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Commands' }).click();
    await page.getByText('No commands sent yet.').waitFor();
    await page.getByRole('textbox', { name: 'Command', exact: true }).click();
    await page.getByRole('option', { name: 'Sync now' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('cell', { name: 'Sync now', exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Command', exact: true }).click();
    await page.getByRole('option', { name: 'Restart the player' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Restart the player?' });
    await confirm.waitFor();
    await expectAccessible(page, 'the command confirmation');
    await confirm.getByRole('button', { name: 'Send it' }).click();
    await page.getByRole('cell', { name: 'Restart the player', exact: true }).waitFor();

    const sent = (await consoleCall(c.kernel, owner, 'GET', `/api/v1/screens/${lobby.screenId}/commands`)).body.data.items as { type: string; state: string }[];
    expect(sent.map((s) => s.type)).to.deep.equal(['restart_player_process', 'sync_now']);
    await expectAccessible(page, 'the commands tab');

    await page.getByRole('button', { name: 'Cancel Restart the player' }).click();
    await page.getByRole('row').filter({ hasText: 'Restart the player' }).getByText('Cancelled').waitFor();
    const after = (await consoleCall(c.kernel, owner, 'GET', `/api/v1/screens/${lobby.screenId}/commands`)).body.data.items as {
      type: string;
      state: string;
    }[];
    expect(after.find((s) => s.type === 'restart_player_process')?.state).to.equal('cancelled');
  });

  it('shows the screen’s timeline and proof of play', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('heading', { name: 'Timeline (last 24 hours)' }).waitFor();
    await expectAccessible(page, 'the timeline tab');
    await page.getByRole('tab', { name: 'Proof of play' }).click();
    await page.getByText('No confirmed playback in the last 7 days.').waitFor();
    await expectAccessible(page, 'the proof of play tab');
  });

  it('adds, edits and deletes locations, and says so when a location still has screens', async () => {
    const { page } = c;
    await page.goto('/locations');
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Front desk' }).waitFor();
    await expectAccessible(page, 'the locations page');

    await page.getByRole('button', { name: 'Add location' }).click();
    const add = page.getByRole('dialog', { name: 'Add a location' });
    await add.getByLabel('Name').fill('Warehouse');
    await add.getByLabel('City').fill('Hamburg');
    await add.getByLabel('Country').fill('Germany');
    await expectAccessible(page, 'the add location dialog');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Hamburg, Germany' }).waitFor();

    await page.getByRole('button', { name: 'Edit Warehouse' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Warehouse' });
    await edit.getByLabel('Name').fill('Main warehouse');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Main warehouse', exact: true }).waitFor();
    let names = (await consoleCall(c.kernel, owner, 'GET', '/api/v1/locations')).body.data.items.map(
      (l: { name: string; city: string }) => `${l.name}/${l.city}`,
    );
    expect(names).to.have.members(['Front desk/', 'Main warehouse/Hamburg']);

    // Kitchen menu board stands at Front desk now: the location is in use.
    await consoleCall(c.kernel, owner, 'PATCH', `/api/v1/screens/${kitchen.screenId}`, {
      locationId: (await consoleCall(c.kernel, owner, 'GET', '/api/v1/locations')).body.data.items.find((l: { name: string }) => l.name === 'Front desk').id,
    });
    await page.reload();
    await page.getByRole('button', { name: 'Delete Front desk' }).click();
    await page.getByRole('dialog', { name: 'Delete Front desk?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Front desk still has screens. Move them to another location first.').waitFor();

    await page.getByRole('button', { name: 'Delete Main warehouse' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Main warehouse?' });
    await expectAccessible(page, 'the delete location confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Main warehouse', exact: true }).waitFor({ state: 'detached' });
    names = (await consoleCall(c.kernel, owner, 'GET', '/api/v1/locations')).body.data.items.map((l: { name: string }) => l.name);
    expect(names).to.deep.equal(['Front desk']);
  });

  it('shows fleet health: counts by status and the screens out of touch, linked to their pages (light and dark)', async () => {
    const { page } = c;
    await page.goto('/fleet');
    await page.getByRole('heading', { level: 1, name: 'Fleet health' }).waitFor();
    const problems = page.getByRole('region', { name: 'Screens that need attention' });
    await problems.getByRole('link', { name: 'Kitchen menu board' }).waitFor();
    expect(await problems.getByRole('link', { name: 'Lobby screen north' }).count()).to.equal(0);
    const statusCards = page.getByRole('region', { name: 'Screens by status' });
    await statusCards.getByText('All screens').waitFor();
    await expectAccessible(page, 'the fleet health page');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectAccessible(page, 'the fleet health page in dark mode');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await problems.getByRole('link', { name: 'Kitchen menu board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Screen Kitchen menu board' }).waitFor();
  });

  it('lists screens with their status on a phone', async () => {
    const phone = await c.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(phone, OWNER);
      await phone.goto('/screens');
      const list = phone.getByRole('list', { name: 'Screens' });
      const item = list.getByRole('listitem').filter({ hasText: 'Lobby screen north' });
      await item.getByText('Online').waitFor();
      await item.locator('time').waitFor();
      expect(await phone.getByRole('table', { name: 'Screens' }).count()).to.equal(0);
      await expectAccessible(phone, 'the screens list on a phone');
    } finally {
      await phone.close();
    }
  });

  it('rejects a waiting pairing request after asking, and the player learns it was turned down', async () => {
    const { page } = c;
    const player = await createPairingSession(c.kernel, deviceMetadata({ manufacturer: 'hallway-pc', model: 'NUC 12' }));
    await page.goto('/screens');
    await page.getByRole('heading', { name: 'Waiting to be paired' }).waitFor();
    await page.getByRole('button', { name: 'Reject the request from hallway-pc NUC 12' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reject this pairing request?' });
    await expectAccessible(page, 'the reject confirmation');
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('heading', { name: 'Waiting to be paired' }).waitFor({ state: 'detached' });
    const polled = await poll(c.kernel, player.id, player.pollSecret);
    expect(polled.body.data.status).to.equal('rejected');
  });

  it('shows a viewer everything read-only: no pairing, no editing, no commands, and says what the role may not see', async () => {
    const viewer = await newSignedInUser(c.kernel, owner, 'viewer password 123', 'viewer', 'viewer');
    const page = await c.newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(page, { username: viewer.username, password: 'viewer password 123' });
      await page.goto('/screens');
      await row(page, 'Lobby screen north').waitFor();
      expect(await page.getByRole('button', { name: 'Add screen' }).count()).to.equal(0);

      await page.getByRole('link', { name: 'Lobby screen north', exact: true }).click();
      await page.getByText('Only administrators can change screens.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).to.equal(true);
      expect(await page.getByRole('button', { name: 'Save changes' }).count()).to.equal(0);
      await page.getByRole('tab', { name: 'Commands' }).click();
      await page.getByText('Only administrators can send commands.').waitFor();
      await page.getByRole('cell', { name: 'Sync now', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Cancel / }).count()).to.equal(0);
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.getByText('Not allowed for your role').waitFor();
      await expectAccessible(page, 'the screen page for a viewer');

      await page.goto('/locations');
      await page.getByText('Only administrators can change locations.').waitFor();
      expect(await page.getByRole('button', { name: 'Add location' }).count()).to.equal(0);
    } finally {
      await page.close();
    }
  });

  it('stays usable with 5,000 screens: renders a window of rows, scrolls to the last one, and search finds one', async () => {
    const { page } = c;
    await c.kernel.db.raw(
      `WITH made AS (
         INSERT INTO screens (player_installation_id, name, platform, manufacturer, model, paired_at)
         SELECT gen_random_uuid(), 'Bulk screen ' || lpad(g::text, 4, '0'), 'linux', 'bulk', 'B1', now() FROM generate_series(1, 5000) g
         RETURNING id)
       INSERT INTO screen_status (screen_id) SELECT id FROM made`,
    );
    await page.goto('/screens');
    await page.getByText('5002 screens', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Screens' });
    expect(await table.getAttribute('aria-rowcount')).to.equal('5003');
    expect(await table.getByRole('row').count()).to.be.below(120);

    const scroller = await table.evaluateHandle((t) => t.parentElement as HTMLElement);
    const lastRow = table.locator('tr[aria-rowindex="5003"]');
    for (let i = 0; i < 200 && (await lastRow.count()) === 0; i++) {
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(100);
    }
    await lastRow.waitFor();
    expect(await table.getByRole('row').count()).to.be.below(120);

    await page.getByLabel('Search screens').fill('Bulk screen 4321');
    await page.getByText('1 screen', { exact: true }).waitFor();
    await row(page, 'Bulk screen 4321').waitFor();
    expect(await table.getByRole('row').count()).to.equal(2);
    expect(c.problems).to.deep.equal([]);
  });
});

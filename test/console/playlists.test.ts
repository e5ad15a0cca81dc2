import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  type ConsoleUnderTest,
  expectAccessible,
  pickOption,
  pickUpWithKeyboard,
  screenshotOnFailure,
  signIn,
  startConsoleUnderTest,
} from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

describe('console: playlists', function () {
  this.timeout(120_000);
  // Each step builds on the one before: after a failure the rest would only repeat it.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let playlistId: string;
  const pages: Page[] = [];

  const playlistOnServer = async (id = playlistId) => (await consoleCall(c.kernel, owner, 'GET', `/api/v1/playlists/${id}`)).body?.data;
  const orderOnServer = async () => ((await playlistOnServer()).items as { assetName: string }[]).map((i) => i.assetName);
  const orderBecomes = async (expected: string[]) => expect(await eventually(orderOnServer, (o) => o.join() === expected.join())).to.deep.equal(expected);

  before(async function () {
    // Building the console (when its sources changed) and booting every module take a while on a busy machine.
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    pages.push(c.page);
    owner = await setUpOwner(c.kernel);
    for (const name of ['Alpha poster', 'Bravo menu', 'Charlie offer']) await seedImage(c.kernel, name);
    // Dialogs open without their fade, so axe never measures colours half-way through it.
    await c.page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, pages);
  });

  it('creates a playlist in the console and opens it in the editor', async () => {
    const { page } = c;
    await page.goto('/playlists');
    await page.getByRole('heading', { level: 1, name: 'Playlists' }).waitFor();
    await page.getByText('No playlists yet.').waitFor();
    await expectAccessible(page, 'the empty playlists list');
    await page.getByRole('button', { name: 'New playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'New playlist' });
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    await dialog.getByText('Give the playlist a name.').waitFor();
    await dialog.getByLabel('Name').fill('Lobby loop');
    await dialog.getByLabel('Description').fill('Mornings in the lobby');
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    await page.waitForURL(/\/playlists\/[0-9a-f-]{36}$/);
    playlistId = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: 'Lobby loop' }).waitFor();
    const stored = await playlistOnServer();
    expect(stored).to.include({ name: 'Lobby loop', description: 'Mornings in the lobby', itemCount: 0 });
  });

  it('adds three library assets through the picker, searching and choosing several at once', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Add media' }).click();
    const picker = page.getByRole('dialog', { name: 'Add media from the library' });
    await picker.getByRole('checkbox', { name: 'Select Alpha poster' }).waitFor();
    expect(await picker.locator('img').count(), 'a thumbnail per asset').to.equal(3);
    await eventually(
      () => picker.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      (loaded) => loaded,
    );
    await expectAccessible(page, 'the media picker');
    await picker.getByLabel('Search media').fill('brav');
    await picker.getByRole('checkbox', { name: 'Select Alpha poster' }).waitFor({ state: 'detached' });
    await picker.getByRole('checkbox', { name: 'Select Bravo menu' }).click();
    await picker.getByLabel('Search media').fill('');
    await picker.getByRole('checkbox', { name: 'Select Charlie offer' }).click();
    await picker.getByRole('checkbox', { name: 'Select Alpha poster' }).click();
    expect(await picker.getByRole('checkbox', { name: 'Select Bravo menu' }).getAttribute('aria-checked')).to.equal('true');
    await picker.getByRole('button', { name: 'Add 3 items' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Move Alpha poster', exact: true }).waitFor();
    expect(await orderOnServer()).to.deep.equal(['Bravo menu', 'Charlie offer', 'Alpha poster']);
    await page.getByText('3 items · 30 s').waitFor();
    await expectAccessible(page, 'the playlist editor');
  });

  it('reorders with the keyboard (Space, arrow, Space) and says so, then saves the order', async () => {
    const { page } = c;
    await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Move Bravo menu', exact: true }), 'Picked up Bravo menu, at position 1 of 3.');
    await page.keyboard.press('ArrowDown');
    await page.getByText('Bravo menu is now at position 2 of 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await orderBecomes(['Charlie offer', 'Bravo menu', 'Alpha poster']);
    await page.getByText('Bravo menu dropped at position 2 of 3.').waitFor({ state: 'attached' });
  });

  it('reorders by dragging a row with the mouse, and saves the order', async () => {
    const { page } = c;
    const handle = (await page.getByRole('button', { name: 'Move Alpha poster', exact: true }).boundingBox())!;
    const target = (await page.getByRole('button', { name: 'Move Charlie offer', exact: true }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + 2, { steps: 15 });
    await page.mouse.up();
    await orderBecomes(['Alpha poster', 'Charlie offer', 'Bravo menu']);
    // The page shows the saved order: Alpha poster in the first row.
    await page.getByRole('table', { name: 'Items in play order' }).getByRole('row').nth(1).getByText('Alpha poster', { exact: true }).waitFor();
  });

  it('sets duration, fit, transition and volume 40 %, which the server stores as 0.4', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Settings of Charlie offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of “Charlie offer”' });
    await dialog.getByLabel('Duration (seconds)').fill('15');
    await dialog.getByRole('textbox', { name: 'Fit' }).click();
    await page.getByRole('option', { name: 'Fill and crop (cover)' }).click();
    await dialog.getByRole('textbox', { name: 'Transition' }).click();
    await page.getByRole('option', { name: 'Crossfade' }).click();
    await dialog.getByLabel('Volume (%)').fill('40');
    await expectAccessible(page, 'the item settings dialog');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = (await playlistOnServer()).items.find((i: { assetName: string }) => i.assetName === 'Charlie offer');
    expect(item).to.include({ durationMs: 15_000, fitMode: 'cover', transition: 'crossfade', volume: 0.4 });
    const row = page.getByRole('row', { name: /Charlie offer/ });
    for (const text of ['15 s', 'Fill and crop (cover)', 'Crossfade', '40 %']) await row.getByText(text, { exact: true }).waitFor();
    await page.getByText('3 items · 35 s').waitFor();
  });

  it('sets one duration for several chosen items at once, and puts them back when the server refuses removing them', async () => {
    const { page } = c;
    await page.getByRole('checkbox', { name: 'Choose Alpha poster' }).check();
    await page.getByRole('checkbox', { name: 'Choose Bravo menu' }).check();
    const bar = page.getByRole('region', { name: 'Chosen items' });
    await bar.getByText('2 items chosen').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Choose every item' }).isChecked(), 'two of three').to.equal(false);
    await expectAccessible(page, 'the playlist editor with chosen items');
    await bar.getByLabel('Duration (seconds)').fill('20');
    await bar.getByRole('button', { name: 'Set duration' }).click();
    await bar.waitFor({ state: 'detached' });
    const durations = async () =>
      Object.fromEntries((await playlistOnServer()).items.map((i: { assetName: string; durationMs: number }) => [i.assetName, i.durationMs]));
    expect(await durations()).to.deep.equal({ 'Alpha poster': 20_000, 'Charlie offer': 15_000, 'Bravo menu': 20_000 });
    await page.getByText('3 items · 55 s').waitFor();

    // Meanwhile one asset went back to processing: the server refuses the new item list, and the
    // rows the page took away at once come back.
    const bravo = (await playlistOnServer()).items.find((i: { assetName: string }) => i.assetName === 'Bravo menu').assetId;
    await c.kernel.db('assets').where({ id: bravo }).update({ processing_status: 'processing' });
    try {
      await page.getByRole('checkbox', { name: 'Choose every item' }).check();
      await page.getByRole('checkbox', { name: 'Choose Alpha poster' }).uncheck();
      await page.getByRole('checkbox', { name: 'Choose Bravo menu' }).uncheck();
      await bar.getByRole('button', { name: 'Remove 1 item' }).click();
      await page.getByRole('dialog', { name: 'Remove 1 item?' }).getByRole('button', { name: 'Remove 1 item' }).click();
      await page.getByText(/only ready assets can be played/).waitFor();
      await page.getByRole('button', { name: 'Move Charlie offer', exact: true }).waitFor();
      expect(await orderOnServer()).to.deep.equal(['Alpha poster', 'Charlie offer', 'Bravo menu']);
      await bar.getByText('1 item chosen').waitFor();
      await page.getByRole('checkbox', { name: 'Choose Charlie offer' }).uncheck();
    } finally {
      await c.kernel.db('assets').where({ id: bravo }).update({ processing_status: 'ready' });
    }
  });

  it('removes an item, and the running time follows', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Remove Bravo menu' }).click();
    await page.getByRole('button', { name: 'Move Bravo menu', exact: true }).waitFor({ state: 'detached' });
    expect(await orderOnServer()).to.deep.equal(['Alpha poster', 'Charlie offer']);
    await page.getByText('2 items · 35 s').waitFor();
  });

  it('renames the playlist and saves its description', async () => {
    const { page } = c;
    await page.getByLabel('Name').fill('Lobby loop (day)');
    await page.getByRole('button', { name: 'Save playlist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lobby loop (day)' }).waitFor();
    expect((await playlistOnServer()).name).to.equal('Lobby loop (day)');
  });

  it('saves a tag rule and shows what it adds; while it is on, items chosen by hand are locked', async () => {
    const { page } = c;
    const tag = await consoleCall(c.kernel, owner, 'POST', '/api/v1/content-tags', { name: 'Summer' });
    expect(tag.status).to.equal(201);
    const tagged = await seedImage(c.kernel, 'Delta beach');
    const organized = await consoleCall(c.kernel, owner, 'POST', '/api/v1/assets/bulk-organize', { assetIds: [tagged.id], addTagIds: [tag.body.data.id] });
    expect(organized.status).to.equal(200);
    await page.reload();
    await page.getByLabel('Fill with tagged media').check();
    await page.getByText('All of the tags', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Summer' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Image duration (seconds)').fill('8');
    await page.getByRole('button', { name: 'Save tag rule' }).click();
    await page.getByText('1 asset matches now.').waitFor();
    const stored = await playlistOnServer();
    expect(stored.tagRule).to.include({ enabled: true, match: 'all', imageDurationMs: 8000 });
    expect(stored.tagRule.tagIds).to.deep.equal([tag.body.data.id]);
    await page.getByRole('table', { name: 'Added by the tag rule' }).getByText('Delta beach').waitFor();
    expect(await page.getByRole('button', { name: 'Add media' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: /^Move / }).count()).to.equal(0);
    await expectAccessible(page, 'the editor with a tag rule');
  });

  it('duplicates a playlist, and deletes one only when nothing plays it (the dialog shows where it plays)', async () => {
    const { page } = c;
    await page.goto('/playlists');
    await page.getByRole('button', { name: 'Duplicate Lobby loop (day)' }).click();
    await page.getByRole('link', { name: 'Lobby loop (day) copy' }).waitFor();
    const list = (await consoleCall(c.kernel, owner, 'GET', '/api/v1/playlists')).body.data.items as { id: string; name: string; itemCount: number }[];
    const copy = list.find((p) => p.name === 'Lobby loop (day) copy')!;
    expect(copy.itemCount).to.equal(2);
    await expectAccessible(page, 'the playlists list');

    const screen = await pairScreen(c.kernel, owner, { name: 'Lobby screen' });
    const assigned = await consoleCall(c.kernel, owner, 'PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId });
    expect(assigned.status).to.equal(200);
    await page.getByRole('button', { name: 'Delete Lobby loop (day)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Lobby loop (day)”?' });
    await dialog.getByText('Screens: Lobby screen').waitFor();
    await dialog.getByText('This playlist is playing').waitFor();
    await expectAccessible(page, 'the delete dialog of a playlist in use');
    await dialog.getByRole('button', { name: 'Delete playlist' }).click();
    await page.getByText(/Not deleted: the playlist is still in use\./).waitFor();
    expect((await consoleCall(c.kernel, owner, 'GET', `/api/v1/playlists/${playlistId}`)).status).to.equal(200);

    await page.getByRole('button', { name: 'Delete Lobby loop (day) copy' }).click();
    const copyDialog = page.getByRole('dialog', { name: 'Delete “Lobby loop (day) copy”?' });
    await copyDialog.getByText('No screen, group or schedule plays it.').waitFor();
    await copyDialog.getByRole('button', { name: 'Delete playlist' }).click();
    await page.getByRole('link', { name: 'Lobby loop (day) copy' }).waitFor({ state: 'detached' });
    expect((await consoleCall(c.kernel, owner, 'GET', `/api/v1/playlists/${copy.id}`)).status).to.equal(404);
  });

  it('shows the editor to a viewer without any control that changes it (also in dark mode and on a phone)', async () => {
    const viewer = await newSignedInUser(c.kernel, owner, 'a viewer password', 'viewer', 'viewer');
    const page = await c.newPage({ viewport: { width: 390, height: 844 } });
    pages.push(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, { username: viewer.username, password: 'a viewer password' });
    await page.goto('/playlists');
    await page.getByRole('link', { name: 'Lobby loop (day)' }).waitFor();
    await page.getByText('Your role may look at playlists but not change them.').waitFor();
    expect(await page.getByRole('button', { name: 'New playlist' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: /^(Duplicate|Delete) / }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Lobby loop (day)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lobby loop (day)' }).waitFor();
    await page.getByText('Your role may look at this playlist but not change it.').waitFor();
    await page.getByRole('cell', { name: 'Alpha poster' }).waitFor();
    for (const name of [/^Move /, /^Settings of /, /^Remove /, 'Add media', 'Delete playlist', 'Save playlist', 'Save tag rule']) {
      expect(await page.getByRole('button', { name }).count(), String(name)).to.equal(0);
    }
    expect(await page.getByLabel('Name').isEditable()).to.equal(false);
    expect(await page.getByLabel('Image duration (seconds)').isEditable()).to.equal(false);
    expect(await page.getByLabel('Fill with tagged media').isDisabled()).to.equal(true);
    await expectAccessible(page, 'the read-only editor on a phone');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await expectAccessible(page, 'the read-only editor in dark mode');
  });

  it('lets a contributor create and duplicate but not delete, and says who may', async () => {
    const contributor = await newSignedInUser(c.kernel, owner, 'a contributor password', 'contributor', 'contributor');
    const page = await c.newPage();
    pages.push(page);
    await signIn(page, { username: contributor.username, password: 'a contributor password' });
    await page.goto('/playlists');
    await page.getByRole('button', { name: 'Duplicate Lobby loop (day)' }).waitFor();
    await page.getByRole('button', { name: 'New playlist' }).waitFor();
    await page.getByText('Only editors and above may delete playlists.').waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).to.equal(0);
  });

  it('shows a playlist someone else made at once, and keeps search and sort in the address to share', async () => {
    const watcher = pages.at(-1)!; // the contributor, still on the list
    const made = await consoleCall(c.kernel, owner, 'POST', '/api/v1/playlists', { name: 'Lobby loop (night)' });
    expect(made.status).to.equal(201);
    await watcher.getByRole('link', { name: 'Lobby loop (night)' }).waitFor();

    const { page } = c;
    await page.goto('/playlists');
    await page.getByLabel('Search playlists').fill('lobby');
    await page.waitForURL(/\?q=lobby$/);
    await pickOption(page, page.getByRole('textbox', { name: 'Sort by' }), 'Last changed');
    await page.waitForURL(/\?q=lobby&sort=updated$/);
    const names = async (p: Page) => p.getByRole('link', { name: /^Lobby loop/ }).allTextContents();
    expect(
      await eventually(
        () => names(page),
        (n) => n[0] === 'Lobby loop (night)',
      ),
    ).to.deep.equal(['Lobby loop (night)', 'Lobby loop (day)']);

    const shared = await c.newPage();
    pages.push(shared);
    // A link someone sent: through the sign-in, to the same list.
    await shared.goto(page.url());
    await shared.getByLabel('Username').fill(OWNER.username);
    await shared.getByLabel('Password').fill(OWNER.password);
    await shared.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shared.getByRole('link', { name: 'Lobby loop (night)' }).waitFor();
    expect(shared.url()).to.equal(page.url());
    expect(await shared.getByLabel('Search playlists').inputValue()).to.equal('lobby');
    expect(await shared.getByRole('textbox', { name: 'Sort by' }).inputValue()).to.equal('Last changed');
    expect(await names(shared)).to.deep.equal(['Lobby loop (night)', 'Lobby loop (day)']);

    await page.goBack();
    await page.waitForURL(/\?q=lobby$/);
    expect(
      await eventually(
        () => names(page),
        (n) => n[0] === 'Lobby loop (day)',
      ),
    ).to.deep.equal(['Lobby loop (day)', 'Lobby loop (night)']);
  });

  it('shows every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

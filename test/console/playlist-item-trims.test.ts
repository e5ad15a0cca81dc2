import { expect } from 'chai';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { seedAsset, seedImage } from '../support/library-assets.js';

describe('console: a video item’s start and end', function () {
  this.timeout(120_000);
  // Each step builds on the one before: after a failure the rest would only repeat it.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let playlistId: string;

  const call = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const clipOnServer = async () =>
    ((await call('GET', `/api/v1/playlists/${playlistId}`)).body.data.items as { assetName: string }[]).find((i) => i.assetName === 'Harbour timelapse')!;

  before(async function () {
    // Building the console (when its sources changed) and booting every module take a while on a busy machine.
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    const clip = await seedAsset(c.kernel, { type: 'video', name: 'Harbour timelapse' });
    await c.kernel.db('assets').where({ id: clip.id }).update({ duration_seconds: 30 });
    const poster = await seedImage(c.kernel, 'Ferry poster');
    playlistId = (await call('POST', '/api/v1/playlists', { name: 'Harbour loop' })).body.data.id;
    for (const item of [{ assetId: clip.id }, { assetId: poster.id, durationMs: 5000 }]) {
      expect((await call('POST', `/api/v1/playlists/${playlistId}/items`, item)).status).to.equal(201);
    }
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, c ? [c.page] : []);
  });

  it('says what is wrong with a start or an end before saving, and saves nothing then', async () => {
    const { page } = c;
    await page.goto(`/playlists/${playlistId}`);
    await page.getByText('2 items · 35 s').waitFor();
    await page.getByRole('button', { name: 'Settings of Harbour timelapse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of “Harbour timelapse”' });
    await dialog.getByText('Empty: to the end (30 s).').waitFor();
    await dialog.getByLabel('Start at (seconds)').fill('12.5');
    await dialog.getByLabel('End at (seconds)').fill('10');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.getByText('End after the start.').waitFor();
    await dialog.getByLabel('End at (seconds)').fill('40');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.getByText('End no later than the video does (30 s).').waitFor();
    await dialog.getByLabel('Start at (seconds)').fill('30');
    await dialog.getByLabel('End at (seconds)').fill('');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.getByText('Start before the video ends (30 s).').waitFor();
    await expectAccessible(page, 'the item settings dialog of a video with a wrong start');
    expect(await clipOnServer()).not.to.have.any.keys('videoStartOffsetMs', 'videoEndOffsetMs');
  });

  it('saves a start and an end in seconds with decimals, shows the part in the row and counts it in the running time', async () => {
    const { page } = c;
    const dialog = page.getByRole('dialog', { name: 'Settings of “Harbour timelapse”' });
    await dialog.getByLabel('Start at (seconds)').fill('12.5');
    await dialog.getByLabel('End at (seconds)').fill('20.25');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clipOnServer()).to.include({ videoStartOffsetMs: 12_500, videoEndOffsetMs: 20_250 });
    const row = page.getByRole('row', { name: /Harbour timelapse/ });
    await row.getByText('Plays 12.5 s to 20.25 s', { exact: true }).waitFor();
    // 7.75 s of video and the poster's 5 s.
    await page.getByText('2 items · 13 s').waitFor();
  });

  it('shows the saved trim when opened again, and plays from the beginning once the start is emptied', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Settings of Harbour timelapse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of “Harbour timelapse”' });
    expect(await dialog.getByLabel('Start at (seconds)').inputValue()).to.equal('12.5');
    expect(await dialog.getByLabel('End at (seconds)').inputValue()).to.equal('20.25');
    await dialog.getByLabel('Start at (seconds)').fill('');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.waitFor({ state: 'detached' });
    const clip = await clipOnServer();
    expect(clip).to.include({ videoEndOffsetMs: 20_250 }).and.not.have.property('videoStartOffsetMs');
    await page
      .getByRole('row', { name: /Harbour timelapse/ })
      .getByText('Plays to 20.25 s', { exact: true })
      .waitFor();
  });

  it('offers no start or end for an image', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Settings of Ferry poster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of “Ferry poster”' });
    await dialog.getByLabel('Duration (seconds)').waitFor();
    expect(await dialog.getByLabel('Start at (seconds)').count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(c.problems).to.deep.equal([]);
  });
});

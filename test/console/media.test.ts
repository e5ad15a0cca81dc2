import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { makeH264Mp4, makePng } from '../support/media-files.js';
import { sha256, uploadRequest } from '../support/uploads.js';

const MIB = 1024 * 1024;
/** The server's upload limit for this file: a little above the resumed file, below the refused one. */
const LIMIT = 8 * MIB;
const CHUNK = 5 * MIB;

/** A real PNG of random pixels (it does not compress): about 7 MB, so it takes two chunks. */
const makeNoisePng = () =>
  sharp({ create: { width: 1600, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function listed(c: ConsoleUnderTest, s: ConsoleSession, query = '') {
  const res = await consoleCall(c.kernel, s, 'GET', `/api/v1/assets?pageSize=100${query}`);
  expect(res.status).to.equal(200);
  return res.body.data.items as { id: string; name: string; sha256: string; folderId?: string; tags: { name: string }[]; processingStatus: string }[];
}

/** The files chosen with the upload panel's button, as a person picks them in the file dialog. */
async function choose(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files, { timeout: 30_000 });
}

const uploadOf = (page: Page, name: string) => page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name });
const assetCards = (page: Page) => page.getByRole('list', { name: 'Assets' }).getByRole('listitem');

describe('console: media library and uploads', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;

  before(async () => {
    c = await startConsoleUnderTest({ env: { MEDIA_MAX_UPLOAD_BYTES: String(LIMIT) } });
    // Dialogs appear at once (no fade), so axe sees them as they are.
    await c.page.emulateMedia({ reducedMotion: 'reduce' });
    owner = await setUpOwner(c.kernel);
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('uploads several chosen files, shows their progress and total, follows each to Ready, and the assets exist', async () => {
    const { page } = c;
    await page.goto('/media');
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    await page.getByText('The library is empty.', { exact: false }).waitFor();
    await expectAccessible(page, 'the empty media library');
    const [red, green, clip] = await Promise.all([makePng(64, 48), makePng(96, 64), makeH264Mp4(2)]);
    await choose(page, [
      { name: 'red-square.png', mimeType: 'image/png', buffer: red },
      { name: 'green-banner.png', mimeType: 'image/png', buffer: green },
      { name: 'opening-clip.mp4', mimeType: 'video/mp4', buffer: clip },
    ]);
    for (const name of ['red-square.png', 'green-banner.png', 'opening-clip.mp4']) {
      await uploadOf(page, name).getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    }
    const total = `${(red.length / 1024 + green.length / 1024 + clip.length / 1024).toFixed(1)} KB`;
    await page.getByText(`${total} of ${total} sent · 3 of 3 ready`).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Total upload progress' }).getAttribute('aria-valuenow')).to.equal('100');
    await expectAccessible(page, 'the upload panel with finished uploads');

    const assets = await listed(c, owner);
    expect(assets.map((a) => a.name).sort()).to.deep.equal(['green-banner', 'opening-clip', 'red-square']);
    expect(assets.every((a) => a.processingStatus === 'ready')).to.equal(true);
    expect(assets.find((a) => a.name === 'red-square')?.sha256).to.equal(sha256(red));
    // The library shows them too, each with its thumbnail and status in words.
    await expect(await assetCards(page).count()).to.equal(3);
    await assetCards(page).filter({ hasText: 'opening-clip' }).getByText('Ready').waitFor();
  });

  it('says plainly that a file of another kind is not supported, with no retry', async () => {
    const { page } = c;
    await choose(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping list: milk, eggs\n'.repeat(40)) }]);
    const row = uploadOf(page, 'notes.txt');
    await row.getByRole('alert').filter({ hasText: 'Not a supported file' }).waitFor();
    await row.getByText('Failed', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Retry notes.txt' }).count()).to.equal(0);
    await row.getByRole('button', { name: 'Remove notes.txt from the list' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await listed(c, owner)).map((a) => a.name)).to.not.include('notes');
  });

  it('refuses a file above the server’s limit, naming the limit', async () => {
    const { page } = c;
    await choose(page, [{ name: 'long-film.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(LIMIT + 1) }]);
    const row = uploadOf(page, 'long-film.mp4');
    await row.getByRole('alert').filter({ hasText: 'Too large: this server takes files up to 8.0 MB.' }).waitFor();
    expect(await row.getByRole('button', { name: 'Retry long-film.mp4' }).count()).to.equal(0);
    await row.getByRole('button', { name: 'Remove long-film.mp4 from the list' }).click();
  });

  it('resumes an upload whose connection dropped from the server’s offset instead of starting over', async () => {
    const { page } = c;
    const big = await makeNoisePng();
    expect(big.length).to.be.within(CHUNK + 1, LIMIT);
    const offsets: number[] = [];
    let dropped = false;
    // The chunk sent again waits until the test has read the progress shown meanwhile.
    let progressSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => {
      progressSeen = resolve;
    });
    await page.route('**/api/v1/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = Number(await request.headerValue('upload-offset'));
      offsets.push(offset);
      // The second chunk's connection drops once, before the server sees it.
      if (offset === CHUNK && !dropped) {
        dropped = true;
        return route.abort('connectionreset');
      }
      if (offset === CHUNK) await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      return route.continue();
    });
    try {
      await choose(page, [{ name: 'noise-poster.png', mimeType: 'image/png', buffer: big }]);
      const row = uploadOf(page, 'noise-poster.png');
      // The first chunk counts: 5 MiB of the file, shown in bytes and as the file's and the total's bar.
      await row.getByText(`5.0 MB of ${(big.length / MIB).toFixed(1)} MB`).waitFor();
      const percent = String(Math.round((CHUNK / big.length) * 100));
      expect(await row.getByRole('progressbar', { name: 'Upload of noise-poster.png' }).getAttribute('aria-valuenow')).to.equal(percent);
      await page.getByText(/ sent · 3 of 4 ready$/).waitFor();
      progressSeen();
      await row.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    } finally {
      await page.unroute('**/api/v1/uploads/*');
    }
    // Chunk 1 at 0, chunk 2 dropped at 5 MiB, then sent again from 5 MiB (the server's offset).
    expect(offsets).to.deep.equal([0, CHUNK, CHUNK]);
    const asset = (await listed(c, owner, '&search=noise-poster'))[0];
    expect(asset?.sha256, 'the stored file is the whole file, in order').to.equal(sha256(big));
  });

  it('filters by search, type, folder and tag in the address, and organizes and renames an asset in its drawer', async () => {
    const { page } = c;
    await page.goto('/media');
    await assetCards(page).first().waitFor();
    expect(await assetCards(page).count()).to.equal(4);

    await page.getByLabel('Search').fill('banner');
    await page.waitForURL(/[?&]q=banner/);
    await expectOnly(page, ['green-banner']);
    await page.getByLabel('Search').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));

    await pickOption(page, page.getByRole('textbox', { name: 'Type', exact: true }), 'Video');
    await page.waitForURL(/[?&]type=video/);
    await expectOnly(page, ['opening-clip']);
    await pickOption(page, page.getByRole('textbox', { name: 'Type', exact: true }), 'All types');

    // A folder made in the console, then the clip moved there from its drawer.
    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('Menus');
    await expectAccessible(page, 'the new folder dialog');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await folderDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open opening-clip' }).click();
    const drawer = page.getByRole('dialog', { name: 'opening-clip' });
    await drawer.getByLabel('Preview of opening-clip').waitFor();
    await expectAccessible(page, 'the asset drawer');
    await pickOption(page, drawer.getByRole('textbox', { name: 'Folder', exact: true }), 'Menus');
    await drawer.getByRole('textbox', { name: 'Tags' }).fill('summer');
    await drawer.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await drawer.getByText('summer', { exact: true }).waitFor();
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Opening clip (summer)');
    await drawer.getByRole('button', { name: 'Rename' }).click();
    const renamed = page.getByRole('dialog', { name: 'Opening clip (summer)' });
    await renamed.waitFor();
    const clip = (await listed(c, owner, '&type=video'))[0]!;
    expect(clip.name).to.equal('Opening clip (summer)');
    expect(clip.tags.map((t) => t.name)).to.deep.equal(['summer']);
    expect(clip.folderId).to.be.a('string');
    await page.getByRole('button', { name: 'Close asset' }).click();
    await renamed.waitFor({ state: 'detached' });

    await pickOption(page, page.getByRole('textbox', { name: 'Folder', exact: true }), 'Menus');
    await page.waitForURL(new RegExp(`[?&]folder=${clip.folderId}`));
    await expectOnly(page, ['Opening clip (summer)']);
    await pickOption(page, page.getByRole('textbox', { name: 'Folder', exact: true }), 'No folder');
    await expectOnly(page, ['green-banner', 'noise-poster', 'red-square']);
    await pickOption(page, page.getByRole('textbox', { name: 'Folder', exact: true }), 'All folders');
    await pickOption(page, page.getByRole('textbox', { name: 'Tag', exact: true }), 'summer');
    await page.waitForURL(/[?&]tag=/);
    await expectOnly(page, ['Opening clip (summer)']);

    // The address keeps the filters: reloading shows the same list.
    await page.reload();
    await expectOnly(page, ['Opening clip (summer)']);
    await page.goto('/media?view=list');
    await page.getByRole('columnheader', { name: 'Status' }).waitFor();
    expect(await page.getByRole('row').count()).to.equal(5);
    await expectAccessible(page, 'the library as a list');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectAccessible(page, 'the library as a list in dark mode');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  });

  it('shows where an asset is used before deleting it, and deletes it once nothing uses it', async () => {
    const { page } = c;
    const red = (await listed(c, owner, '&search=red-square'))[0]!;
    const playlist = await consoleCall(c.kernel, owner, 'POST', '/api/v1/playlists', { name: 'Lobby loop' });
    expect(playlist.status).to.equal(201);
    const item = await consoleCall(c.kernel, owner, 'POST', `/api/v1/playlists/${playlist.body.data.id}/items`, { assetId: red.id, durationMs: 8000 });
    expect(item.status).to.equal(201);

    await page.goto('/media');
    await page.getByRole('button', { name: 'Open red-square' }).click();
    await page.getByRole('dialog', { name: 'red-square' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “red-square”?' });
    await confirm.getByText('Playlist “Lobby loop”').waitFor();
    await expectAccessible(page, 'the delete dialog of an asset in use');
    await confirm.getByRole('button', { name: 'Delete asset' }).click();
    await confirm.getByRole('alert', { name: 'Not deleted' }).filter({ hasText: 'Lobby loop' }).waitFor();
    expect((await consoleCall(c.kernel, owner, 'GET', `/api/v1/assets/${red.id}`)).status).to.equal(200);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    expect((await consoleCall(c.kernel, owner, 'DELETE', `/api/v1/playlists/${playlist.body.data.id}`)).status).to.equal(204);
    await page.getByRole('dialog', { name: 'red-square' }).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('Nothing uses it.').waitFor();
    await confirm.getByRole('button', { name: 'Delete asset' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open red-square' }).waitFor({ state: 'detached' });
    expect((await consoleCall(c.kernel, owner, 'GET', `/api/v1/assets/${red.id}`)).status).to.equal(404);
  });

  it('cancels an upload in flight, and the server drops it', async () => {
    const { page } = c;
    await page.goto('/media');
    let uploadId = '';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      uploadId = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      await held;
      await route.continue().catch(() => undefined); // the page has given up on it
    });
    try {
      await choose(page, [{ name: 'cancel-me.png', mimeType: 'image/png', buffer: await makePng(40, 40) }]);
      const row = uploadOf(page, 'cancel-me.png');
      await row.getByText('Uploading', { exact: true }).waitFor();
      // Its first chunk is on its way (held here) when the person cancels.
      for (let i = 0; i < 100 && !uploadId; i++) await page.waitForTimeout(100);
      expect(uploadId).to.not.equal('');
      await row.getByRole('button', { name: 'Cancel upload of cancel-me.png' }).click();
      await row.waitFor({ state: 'detached' });
      const deadline = Date.now() + 10_000;
      let status = '';
      while (Date.now() < deadline && status !== 'cancelled') {
        status = (await uploadRequest(c.kernel, owner, 'HEAD', `/api/v1/uploads/${uploadId}`)).headers.get('upload-status') ?? '';
        if (status !== 'cancelled') await page.waitForTimeout(100);
      }
      expect(status).to.equal('cancelled');
    } finally {
      release();
      await page.unroute('**/api/v1/uploads/*');
    }
    expect((await listed(c, owner, '&search=cancel-me')).length).to.equal(0);
  });

  it('renames and deletes a folder, and files an asset in a new collection', async () => {
    const { page } = c;
    await page.goto('/media');
    await page.getByRole('button', { name: 'New collection' }).click();
    const collectionDialog = page.getByRole('dialog', { name: 'New collection' });
    await collectionDialog.getByLabel('Collection name').fill('Summer campaign');
    await collectionDialog.getByRole('button', { name: 'Create collection' }).click();
    await collectionDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open noise-poster' }).click();
    const drawer = page.getByRole('dialog', { name: 'noise-poster' });
    await pickOption(page, drawer.getByRole('textbox', { name: 'Collections' }), 'Summer campaign');
    await drawer.getByText('Summer campaign', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close asset' }).click();
    await drawer.waitFor({ state: 'detached' });
    await pickOption(page, page.getByRole('textbox', { name: 'Collection', exact: true }), 'Summer campaign');
    await page.waitForURL(/[?&]collection=/);
    await expectOnly(page, ['noise-poster']);
    const collections = (await consoleCall(c.kernel, owner, 'GET', '/api/v1/content-collections')).body.data;
    expect(collections.map((x: { name: string; assetCount: number }) => [x.name, x.assetCount])).to.deep.equal([['Summer campaign', 1]]);
    await pickOption(page, page.getByRole('textbox', { name: 'Collection', exact: true }), 'All collections');

    await pickOption(page, page.getByRole('textbox', { name: 'Folder', exact: true }), 'Menus');
    await page.getByRole('button', { name: 'Rename folder' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename folder' });
    await renameDialog.getByLabel('Folder name').fill('Breakfast menus');
    await renameDialog.getByRole('button', { name: 'Save name' }).click();
    await renameDialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'Folder', exact: true }).inputValue()).to.equal('Breakfast menus');

    await page.getByRole('button', { name: 'Delete folder' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete folder “Breakfast menus”?' });
    await expectAccessible(page, 'the delete folder dialog');
    await deleteDialog.getByRole('button', { name: 'Delete folder' }).click();
    await page.waitForURL((url) => !url.searchParams.has('folder'));
    expect((await consoleCall(c.kernel, owner, 'GET', '/api/v1/content-folders')).body.data).to.deep.equal([]);
    const clip = (await listed(c, owner, '&type=video'))[0]!;
    expect(clip.folderId, 'its assets stay, in no folder').to.equal(undefined);
  });

  it('archives an asset after checking its uses, shows it among the archived, and restores it', async () => {
    const { page } = c;
    await page.goto('/media');
    await page.getByRole('button', { name: 'Open green-banner' }).click();
    await page.getByRole('dialog', { name: 'green-banner' }).getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive “green-banner”?' });
    await confirm.getByText('Nothing uses it.').waitFor();
    await confirm.getByRole('button', { name: 'Archive asset' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open green-banner' }).waitFor({ state: 'detached' });
    expect((await listed(c, owner, '&search=green-banner')).length).to.equal(0);

    await page.getByRole('switch', { name: 'Archived' }).click();
    await page.waitForURL(/[?&]archived=true/);
    await expectOnly(page, ['green-banner']);
    await page.getByRole('button', { name: 'Open green-banner' }).click();
    await page.getByRole('dialog', { name: 'green-banner' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('“green-banner” restored.').waitFor();
    expect((await listed(c, owner, '&search=green-banner')).length).to.equal(1);
  });

  it('adds a website, and pages through a long library with “Show more”', async () => {
    const { page } = c;
    await page.goto('/media');
    await page.getByRole('button', { name: 'Add website' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add website' });
    await dialog.getByLabel('Name').fill('Daily menu');
    await dialog.getByLabel('Address (https://…)').fill('https://example.com/menu');
    await expectAccessible(page, 'the add website dialog');
    await dialog.getByRole('button', { name: 'Add website' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await listed(c, owner, '&type=website')).map((a) => a.name)).to.deep.equal(['Daily menu']);

    for (let i = 1; i <= 21; i++) {
      const res = await consoleCall(c.kernel, owner, 'POST', '/api/v1/assets/websites', { name: `Notice ${i}`, url: `https://example.com/notice/${i}` });
      expect(res.status).to.equal(201);
    }
    await page.reload();
    await page.getByText('Showing 24 of 25').waitFor();
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByText('Showing 25 of 25').waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).to.equal(0);
    expect(await assetCards(page).count()).to.equal(25);
  });

  it('uploads a file dropped on the drop zone', async () => {
    const { page } = c;
    const png = await makePng(30, 20);
    const dataTransfer = await page.evaluateHandle(
      ({ name, bytes }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        return transfer;
      },
      { name: 'dropped-logo.png', bytes: [...png] },
    );
    const zone = page.getByText('Drag images and videos here');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await uploadOf(page, 'dropped-logo.png').getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    expect((await listed(c, owner, '&search=dropped-logo'))[0]?.sha256).to.equal(sha256(png));
  });

  it('fails a file whose connection keeps dropping, then a retry continues from the server’s offset', async () => {
    const { page } = c;
    const big = await makeNoisePng();
    const offsets: number[] = [];
    let offline = true;
    await page.route('**/api/v1/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = Number(await request.headerValue('upload-offset'));
      offsets.push(offset);
      if (offset === CHUNK && offline) return route.abort('internetdisconnected');
      return route.continue();
    });
    try {
      await choose(page, [{ name: 'flaky-network.png', mimeType: 'image/png', buffer: big }]);
      const row = uploadOf(page, 'flaky-network.png');
      await row.getByRole('alert').filter({ hasText: 'The server could not be reached.' }).waitFor({ timeout: 30_000 });
      await row.getByText(`5.0 MB of ${(big.length / MIB).toFixed(1)} MB`).waitFor();
      offline = false;
      offsets.length = 0;
      await row.getByRole('button', { name: 'Retry flaky-network.png' }).click();
      await row.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    } finally {
      await page.unroute('**/api/v1/uploads/*');
    }
    expect(offsets, 'the retry sends only what the server lacks').to.deep.equal([CHUNK]);
    expect((await listed(c, owner, '&search=flaky-network'))[0]?.sha256).to.equal(sha256(big));
  });

  it('lets a viewer on a phone browse the library and open an asset, with no upload or delete offered', async () => {
    const viewer = await newSignedInUser(c.kernel, owner, 'viewer password 1', 'viewer', 'viewer');
    const phone = await c.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(phone, { username: viewer.username, password: 'viewer password 1' });
      await phone.goto('/media?q=green-banner');
      await phone.getByText('Your role may look at the library but not upload to it.').waitFor();
      expect(await phone.getByRole('button', { name: 'Choose files' }).count()).to.equal(0);
      await phone.getByRole('button', { name: 'Open green-banner' }).click();
      const drawer = phone.getByRole('dialog', { name: 'green-banner' });
      await drawer.getByText('Your role may not archive or delete assets.').waitFor();
      expect(await drawer.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
      expect(await drawer.getByRole('textbox', { name: 'Tags' }).isDisabled()).to.equal(true);
      await expectAccessible(phone, 'the asset drawer of a viewer on a phone');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'nothing wider than the phone').to.be.at.most(390);
    } finally {
      await phone.close();
    }
  });

  it('shows every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

/** Waits until the library lists exactly these assets (by name, any order). */
async function expectOnly(page: Page, names: string[]) {
  const cards = page.getByRole('list', { name: 'Assets' }).getByRole('listitem');
  const deadline = Date.now() + 10_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = (await cards.getByRole('button').allTextContents()).sort();
    if (JSON.stringify(seen) === JSON.stringify([...names].sort())) return;
    await page.waitForTimeout(100);
  }
  expect(seen).to.deep.equal([...names].sort());
}

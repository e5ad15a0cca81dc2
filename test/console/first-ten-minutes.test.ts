import { expect } from 'chai';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, startConsoleUnderTest } from '../support/console-browser.js';
import { makeJpeg, makePng } from '../support/media-files.js';
import { bearer, createPairingSession, openPlayerSocket, type PlayerSocket, playerCall, poll } from '../support/player-client.js';
import { call } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/**
 * A new owner with nothing but a browser and a player gets a picture on the screen: set up, pair
 * the screen by its code, upload an image, build and publish a playlist, assign it, watch the live preview.
 * The page is never reloaded: what the player does reaches it through the console's event socket.
 */
describe('console: the first ten minutes', function () {
  this.timeout(240_000);
  let c: ConsoleUnderTest;
  let player: PlayerSocket | undefined;

  before(async () => {
    c = await startConsoleUnderTest();
  });
  after(async () => {
    player?.ws.close();
    await c?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('goes from an empty server to the screen playing an uploaded image, seen in the live preview', async () => {
    const { page, kernel } = c;

    // 1. Setup.
    await page.goto('/');
    await page.getByLabel('Organization name').fill('Corner Café');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your name').fill('Olivia Owner');
    await page.getByLabel('Username').fill('olivia');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Screens' }).waitFor();

    // 2. A player starts and shows its code; the owner pairs it, naming it and its place.
    const pairing = await createPairingSession(kernel);
    await page.getByRole('button', { name: 'Add screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a screen' });
    await dialog.getByLabel('Pairing code').fill(pairing.code);
    await dialog.getByRole('button', { name: 'Find screen' }).click();
    await dialog.getByLabel('Screen name').fill('Front window');
    await dialog.getByRole('button', { name: 'New location' }).click();
    await dialog.getByLabel('New location name').fill('Café');
    await dialog.getByRole('button', { name: 'Create location' }).click();
    await eventually(
      () => dialog.getByRole('textbox', { name: 'Location', exact: true }).inputValue(),
      (v) => v === 'Café',
    );
    await dialog.getByRole('button', { name: 'Approve and add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Front window', exact: true }) });
    await row.waitFor();

    // The player is told, enrolls and connects: the list shows it online without a reload.
    const claimed = await poll(kernel, pairing.id, pairing.pollSecret);
    const enrolled = await call(kernel, 'POST', '/api/v1/player/enroll', { pairingSessionId: pairing.id, enrollmentToken: claimed.body.data.enrollmentToken });
    expect(enrolled.status).to.equal(201);
    const credential = enrolled.body.data.deviceCredential as string;
    player = await openPlayerSocket(kernel, credential);
    await row.getByText('Online').waitFor({ timeout: 20_000 });

    // 3. An image, uploaded with the media page's file chooser, until it is ready.
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles([{ name: 'welcome.png', mimeType: 'image/png', buffer: await makePng(320, 180) }]);
    const upload = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'welcome.png' });
    await upload.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });

    // 4. A playlist with it.
    await page.getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('button', { name: 'New playlist' }).click();
    const create = page.getByRole('dialog', { name: 'New playlist' });
    await create.getByLabel('Name').fill('Welcome');
    await create.getByRole('button', { name: 'Create playlist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Add media' }).click();
    const picker = page.getByRole('dialog', { name: 'Add media from the library' });
    await picker.getByRole('checkbox', { name: 'Select welcome' }).click();
    await picker.getByRole('button', { name: 'Add 1 item' }).click();
    await page.getByRole('button', { name: 'Move welcome', exact: true }).waitFor();
    // Edits wait in the draft until published: one click with review off.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: screens now show revision 2.').waitFor();

    // 5. Assigned to the screen; the player's manifest has the image.
    await page.getByRole('link', { name: 'Screens' }).click();
    await page.getByRole('link', { name: 'Front window', exact: true }).click();
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('textbox', { name: 'Playlist', exact: true }).click();
    await page.getByRole('option', { name: 'Welcome' }).click();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Now assigned: Welcome').waitFor();
    const assets = await page.evaluate(async () => (await fetch('/api/v1/assets')).json());
    const welcome = assets.data.items.find((a: { name: string }) => a.name === 'welcome').id as string;
    const manifest = await eventually(
      () => playerCall(kernel, credential, 'GET', '/api/v1/player/manifest'),
      (m) => JSON.stringify(m.body).includes(welcome),
    );
    expect(JSON.stringify(manifest.body)).to.contain(welcome);

    // 6. The live preview: the console's lease asks the player for a picture, which then shows.
    await page.getByRole('tab', { name: 'Live preview' }).click();
    await eventually(
      () => playerCall(kernel, credential, 'GET', '/api/v1/player/preview-session'),
      (r) => r.body?.data?.active === true,
    );
    const form = new FormData();
    form.append('playerVersion', '1.4.2');
    form.append('capturedAt', new Date().toISOString());
    form.append('width', '480');
    form.append('height', '270');
    form.append('preview', new Blob([new Uint8Array(await makeJpeg(480, 270))], { type: 'image/jpeg' }), 'preview.jpg');
    const uploaded = await kernel.request('/api/v1/player/preview', { method: 'POST', headers: bearer(credential), body: form });
    expect(uploaded.status).to.equal(204);
    const image = page.getByRole('img', { name: /What Front window showed at/ });
    await image.waitFor({ timeout: 15_000 });
    expect(
      await eventually(
        () => image.evaluate((img: HTMLImageElement) => img.naturalWidth),
        (w) => w === 480,
      ),
    ).to.equal(480);
    await expectAccessible(page, 'the screen with its live preview');
    expect(c.problems).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { CodehostServer } from '../support/codehost-server.js';
import { deviceMetadata, type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { type ReleaseSigner, releaseSigner, signedRelease, uploadRelease } from '../support/player-release-fixtures.js';

/** The Player updates pages: a release uploaded from the console, the codehost sign-in's code, and a canary deployment followed screen by screen. */
describe('console: player updates', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let codehost: CodehostServer;
  let signer: ReleaseSigner;
  let lobby: PairedScreen;
  let bar: PairedScreen;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  // axe once dialogs and notifications have finished appearing or leaving (their fades lower contrast meanwhile).
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };

  before(async function () {
    this.timeout(300_000);
    signer = releaseSigner();
    codehost = await new CodehostServer().start();
    c = await startConsoleUnderTest({ env: { ...codehost.env(), UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey } });
    owner = await setUpOwner(c.kernel);
    const held = await uploadRelease(c.kernel, owner, signedRelease(signer, { platform: 'linux', versionCode: 500, versionName: '5.0.0' }).files);
    expect(held.status, JSON.stringify(held.body)).to.equal(201);
    lobby = await pairScreen(c.kernel, owner, { name: 'Lobby', metadata: deviceMetadata({ platform: 'linux' }) });
    bar = await pairScreen(c.kernel, owner, { name: 'Bar', metadata: deviceMetadata({ platform: 'linux' }) });
    await signIn(c.page, OWNER);
  });
  after(async () => {
    await c?.stop();
    await codehost?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('uploads a signed release with its manifest, and connects a codehost account by its code and disconnects it', async () => {
    const { page } = c;
    await page.getByRole('link', { name: 'Player updates', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Player updates' }).waitFor();
    const release = signedRelease(signer, { platform: 'linux', versionCode: 510, versionName: '5.1.0' });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Release files' }).click();
    await (await chooser).setFiles(release.files.map((f) => ({ name: f.name, mimeType: f.contentType, buffer: f.bytes })));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Release 5.1.0 was uploaded and verified.').waitFor();
    const row = page.getByRole('table', { name: 'Releases' }).getByRole('row').filter({ hasText: '5.1.0 (510)' });
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByText('Cached', { exact: true }).waitFor();
    await accessible(page, 'the player updates page');

    codehost.tokenAnswers.push(codehost.issue('device-token', 'octo-admin'));
    await page.getByRole('button', { name: 'Connect account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a codehost account' });
    await dialog.getByText('WDJB-MJHT').waitFor();
    expect(await dialog.getByRole('link', { name: `Open ${codehost.url}/login/device` }).getAttribute('href')).to.equal(`${codehost.url}/login/device`);
    // Its loader spins until the approval, so the page never stops animating: axe now (reduced motion shows the dialog at once).
    await expectAccessible(page, 'the codehost sign-in');
    // The codehost approves at the first poll (its interval is 5 s): the dialog closes and the account shows.
    await page.getByText('Connected as octo-admin.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Codehost account: Signed in as octo-admin.').waitFor();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Disconnect' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Codehost account: Releases are read without an account (a lower API allowance).').waitFor();
  });

  it('reads the codehost on demand and downloads a listed release, following the download until it is cached', async () => {
    const { page } = c;
    codehost.publish(signedRelease(signer, { platform: 'linux', versionCode: 520, versionName: '5.2.0', artifact: 256 * 1024 }));
    await page.goto('/player-updates');
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('The codehost’s releases were read.').waitFor();
    const row = page.getByRole('table', { name: 'Releases' }).getByRole('row').filter({ hasText: '5.2.0 (520)' });
    await row.getByText('Manifest verified', { exact: true }).waitFor();
    await row.getByText('Not downloaded', { exact: true }).waitFor();
    let finish = () => {};
    codehost.filesHeld = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const catalogRead = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/player-releases' && r.request().method() === 'GET');
    await row.getByRole('button', { name: 'Download to server: 5.2.0' }).click();
    await page.getByText('Downloading 5.2.0.').waitFor();
    await row.getByRole('progressbar', { name: 'Download of 5.2.0' }).waitFor({ state: 'attached' });
    // Nothing tells the console when a download ends: while one runs, the page reads the catalog again and again.
    await catalogRead();
    await catalogRead();
    finish();
    codehost.filesHeld = undefined;
    await row.getByText('Cached', { exact: true }).waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();
  });

  it('starts a canary deployment, shows its screens live, pauses on a failed canary, retries it and cancels the rest', async () => {
    const { page } = c;
    await page.goto('/player-updates');
    await page.getByRole('button', { name: 'New deployment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deployment' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Spring build');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Release' }), '5.0.0 (500) (Linux, Stable)');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Screens', exact: true }), 'Lobby');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Screens', exact: true }), 'Bar');
    await dialog.getByRole('textbox', { name: 'Canary size' }).fill('1');
    await accessible(page, 'the new deployment form');
    await dialog.getByRole('button', { name: 'Start deployment' }).click();

    await page.getByRole('heading', { level: 1, name: 'Deployment: Spring build' }).waitFor();
    const id = page.url().split('/').pop()!;
    const detail = (await api('GET', `/api/v1/update-deployments/${id}`)).body.data;
    const canaryId = detail.screens.find((s: { isCanary: boolean }) => s.isCanary).screenId as string;
    const [canary, other] = canaryId === lobby.screenId ? [lobby, bar] : [bar, lobby];
    const canaryName = canary === lobby ? 'Lobby' : 'Bar';
    const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    const canaryRow = rowOf(canaryName);
    await canaryRow.getByText('Canary', { exact: true }).waitFor();
    await canaryRow.getByText('Offline', { exact: true }).waitFor();
    await rowOf(other === lobby ? 'Lobby' : 'Bar')
      .getByText('Waiting for the canary')
      .waitFor();

    // The canary's player reports a failure: the page follows without a reload.
    const reported = await playerCall(c.kernel, canary.credential, 'POST', `/api/v1/player/update-deployments/${id}/status`, {
      state: 'failed',
      downloadedBytes: 1024,
      error: 'Checksum mismatch',
    });
    expect(reported.status, JSON.stringify(reported.body)).to.equal(200);
    await canaryRow.getByText('Failed', { exact: true }).waitFor();
    await canaryRow.getByText('Checksum mismatch').waitFor();
    await page.getByText('Paused: a canary screen failed').waitFor();
    await accessible(page, 'a paused deployment');

    await canaryRow.getByRole('button', { name: `Retry ${canaryName}` }).click();
    await page.getByText(`${canaryName} is offline: it gets the update when it next connects.`).waitFor();
    await canaryRow.getByText('Offline', { exact: true }).waitFor();
    const retried = (await api('GET', `/api/v1/update-deployments/${id}`)).body.data;
    expect(retried.screens.find((s: { screenId: string }) => s.screenId === canaryId).state).to.equal('offline');

    await page.getByRole('button', { name: 'Cancel deployment' }).click();
    await page.getByRole('dialog', { name: 'Cancel “Spring build”?' }).getByRole('button', { name: 'Cancel deployment' }).click();
    await page.getByText('Deployment “Spring build” was cancelled.').waitFor();
    expect((await api('GET', `/api/v1/update-deployments/${id}`)).body.data.status).to.equal('cancelled');

    await page.getByRole('link', { name: 'All player updates' }).click();
    await page
      .getByRole('table', { name: 'Deployments' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Spring build' }) })
      .getByText('Cancelled')
      .waitFor();
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { makePng } from '../support/media-files.js';
import { uploadFile } from '../support/uploads.js';
import { eventually } from '../support/wait.js';

describe('console: organization settings', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;

  before(async function () {
    // The first run after a change of the console's sources builds it.
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    // A shared two-core machine can take a while to serve the console's first load.
    c.page.setDefaultTimeout(20_000);
    owner = await setUpOwner(c.kernel);
  });
  after(() => c?.stop());
  const slowPage = async (options?: Parameters<ConsoleUnderTest['newPage']>[0]) => {
    const page = await c.newPage(options);
    page.setDefaultTimeout(20_000);
    return page;
  };
  // axe once dialogs and menus have finished appearing or leaving (their fades lower contrast meanwhile).
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  const values = async () => (await consoleCall(c.kernel, owner, 'GET', '/api/v1/settings')).body.data;

  it('changes a setting through the form generated from its definition', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Organization' }).waitFor();
    await accessible(page, 'the settings page');
    await page.getByRole('tab', { name: 'Security' }).click();
    const idle = page.getByLabel('Sign out after inactivity (minutes)');
    expect(await idle.inputValue()).to.equal('30');
    await idle.fill('45');
    await page.getByText('1 unsaved change').waitFor();
    await accessible(page, 'the security settings with a change');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect((await values()).values['security.session_idle_timeout_minutes']).to.equal(45);
    await page.getByRole('button', { name: 'Save changes' }).and(page.locator(':disabled')).waitFor();
  });

  it('says so when the settings changed meanwhile, and shows the current values', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.getByLabel('No-content title').fill('Back soon');
    const doc = await values();
    const elsewhere = await consoleCall(c.kernel, owner, 'PATCH', '/api/v1/settings', {
      revision: doc.revision,
      values: { 'security.session_idle_timeout_minutes': 60 },
    });
    expect(elsewhere.status).to.equal(200);
    // The live channel brings the other change into the fields not edited here; the edit stays.
    await page.getByRole('tab', { name: 'Security' }).click();
    const shown = await eventually(
      () => page.getByLabel('Sign out after inactivity (minutes)').inputValue(),
      (v) => v === '60',
      10_000,
    );
    expect(shown).to.equal('60');
    await page.getByRole('tab', { name: 'Branding' }).click();
    expect(await page.getByLabel('No-content title').inputValue()).to.equal('Back soon');
    // Saving is still refused: the edit was made against the older revision, and writing it would put back what was changed meanwhile.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').getByText('Someone changed the settings since this page loaded', { exact: false }).waitFor();
    await accessible(page, 'the settings conflict message');
    expect(await page.getByLabel('No-content title').inputValue()).to.equal('No content assigned');
    const now = await values();
    expect(now.values['branding.no_content_title']).to.equal('No content assigned');
    expect(now.values['security.session_idle_timeout_minutes'], 'the other change kept').to.equal(60);
    await page.getByRole('tab', { name: 'Security' }).click();
    expect(await page.getByLabel('Sign out after inactivity (minutes)').inputValue()).to.equal('60');
  });

  it('sets and removes the sign-in background from the media library', async () => {
    const { page } = c;
    const { res } = await uploadFile(c.kernel, owner, 'lobby.png', await makePng(320, 200), 'image/png');
    const assetId = res.body.data.id as string;
    await eventually(
      async () => (await consoleCall(c.kernel, owner, 'GET', `/api/v1/assets/${assetId}`)).body.data?.processingStatus,
      (status) => status === 'ready',
      30_000,
      250,
    );
    await page.reload();
    const section = page.getByRole('region', { name: 'Sign-in background' });
    await section.getByText('No image is set.').waitFor();
    await section.getByRole('textbox', { name: 'Image' }).click();
    await page.getByRole('option', { name: 'lobby' }).click();
    await section.getByRole('button', { name: 'Use this image' }).click();
    await section.getByRole('img', { name: 'The current sign-in background' }).waitFor();
    expect((await consoleCall(c.kernel, owner, 'GET', '/api/v1/settings/login-background')).body.data.assetId).to.equal(assetId);
    await accessible(page, 'the settings page with a sign-in background');
    await section.getByRole('button', { name: 'Remove image' }).click();
    await section.getByText('No image is set.').waitFor();
    expect((await consoleCall(c.kernel, owner, 'GET', '/api/v1/settings/login-background')).body.data.assetId).to.equal(undefined);
  });

  it('is usable in dark mode on a phone', async () => {
    const phone = await slowPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, OWNER);
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.goto('/settings');
    await phone.getByRole('tab', { name: 'Security' }).waitFor();
    await accessible(phone, 'the settings page on a phone in dark mode');
    await phone.close();
  });

  it('showed every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

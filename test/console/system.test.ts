import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { setSettings } from '../support/library-assets.js';

const KEY = 'takeover.reauthentication_required';

/** The System page: status, a maintenance action run, and the owners' settings export and previewed import. */
describe('console: system', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;

  const settingNow = async () => (await consoleCall(c.kernel, owner, 'GET', '/api/v1/settings')).body.data.values[KEY];
  // axe once dialogs and notifications have finished appearing or leaving (their fades lower contrast meanwhile).
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };
  /** The settings file chosen in the import field, as a person picks it in the file dialog. */
  const chooseFile = async (page: Page, document: unknown) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Settings file to import' }).click();
    await (await chooser).setFiles({ name: 'settings.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) });
  };

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('shows the server’s status and runs a maintenance action after a confirmation', async () => {
    const { page } = c;
    await page.getByRole('link', { name: 'System', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();
    const database = page.getByRole('region', { name: 'Database' });
    await database.getByText('Healthy').waitFor();
    await page.getByRole('button', { name: /^Migrations: \d+ modules, 0 migrations pending$/ }).click();
    await page.getByRole('cell', { name: 'kernel', exact: true }).waitFor();
    await accessible(page, 'the system page');

    await page.getByRole('button', { name: 'Run: Resend configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run “Resend configuration” now?' });
    await dialog.getByText('Every screen is told its configuration again.').waitFor();
    await dialog.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('“Resend configuration” was accepted and runs in the background.').waitFor();
  });

  it('exports the settings, previews an import’s differences, applies it, and asks for a new preview when the settings changed meanwhile', async () => {
    const { page } = c;
    await setSettings(c.kernel, owner, { [KEY]: false });
    await page.goto('/system');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export settings' }).click()]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported).to.include({ schemaVersion: 1 });
    expect(exported.organization.values[KEY]).to.equal(false);

    const edited = { ...exported, organization: { ...exported.organization, values: { [KEY]: true } } };
    await chooseFile(page, edited);
    await page.getByRole('button', { name: 'Preview import' }).click();
    const row = page.getByRole('table', { name: 'What the import would change' }).getByRole('row').filter({ hasText: KEY });
    await row.getByRole('cell', { name: 'false', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'true', exact: true }).waitFor();
    await accessible(page, 'an import preview');
    expect(await settingNow(), 'a preview changes nothing').to.equal(false);

    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog', { name: 'Import these settings?' }).getByRole('button', { name: 'Apply import' }).click();
    await page.getByText('The settings were imported.').waitFor();
    expect(await settingNow()).to.equal(true);

    // Previewed, then changed by someone else before the apply: nothing is imported.
    await chooseFile(page, { ...edited, organization: { ...edited.organization, values: { [KEY]: false } } });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('table', { name: 'What the import would change' }).waitFor();
    await setSettings(c.kernel, owner, { 'takeover.confirmation_required': false });
    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog', { name: 'Import these settings?' }).getByRole('button', { name: 'Apply import' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The settings changed since the preview' })
      .getByText('Preview the file again.', { exact: false })
      .waitFor();
    expect(await settingNow(), 'the conflicting apply changed nothing').to.equal(true);
  });

  it('offers administrators the status and maintenance but not the owners’ settings transfer', async () => {
    const admin = await newSignedInUser(c.kernel, owner, 'admin password 1', 'administrator', 'admin');
    const page = await c.newPage();
    await signIn(page, { username: admin.username, password: 'admin password 1' });
    await page.goto('/system');
    await page.getByRole('heading', { level: 2, name: 'Maintenance' }).waitFor();
    await page.getByRole('region', { name: 'Database' }).getByText('Healthy').waitFor();
    expect(await page.getByRole('heading', { name: 'Settings transfer' }).count()).to.equal(0);
  });
});

import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';

describe('console: plugins and their instances', function () {
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

  const catalogEntry = async (id: string) =>
    (await consoleCall(c.kernel, owner, 'GET', '/api/v1/plugins')).body.data.items.find((p: { id: string }) => p.id === id);
  const instances = async () => (await consoleCall(c.kernel, owner, 'GET', '/api/v1/plugins/countdown-bar/instances')).body.data.items;
  // A generated field by its label, which a required field follows with an asterisk.
  const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));

  it('uninstalls and installs an optional plugin from the catalog, each after confirmation', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/plugins');
    await page.getByRole('heading', { level: 1, name: 'Plugins' }).waitFor();
    const card = page.getByRole('region', { name: 'Countdown bar' });
    await card.getByText('Installed', { exact: true }).waitFor();
    await accessible(page, 'the plugin catalog');
    await card.getByRole('button', { name: 'Uninstall Countdown bar' }).click();
    await page.getByRole('dialog', { name: 'Uninstall Countdown bar?' }).getByRole('button', { name: 'Uninstall' }).click();
    await card.getByText('Not installed').waitFor();
    expect((await catalogEntry('countdown_bar')).installed).to.equal(false);

    await card.getByRole('button', { name: 'Install Countdown bar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Install Countdown bar?' });
    await accessible(page, 'the install confirmation');
    await confirm.getByRole('button', { name: 'Install' }).click();
    await card.getByText('Installed', { exact: true }).waitFor();
    expect((await catalogEntry('countdown_bar')).installed).to.equal(true);
    await card.getByText('No instances yet.').waitFor();
  });

  it('creates an instance through the form generated from its schema, showing the server refusal at the field', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Add instance: Countdown bar' }).click();
    const form = page.getByRole('dialog', { name: 'New instance of Countdown bar' });
    await field(form, 'Name').waitFor();
    await accessible(page, 'the generated instance form');
    await field(form, 'Name').fill('Closing time');
    await field(form, 'Enabled').check();
    await field(form, 'Message').fill('We close soon');
    // A required choice starts at its first option.
    expect(await form.getByRole('textbox', { name: 'Schedule type' }).inputValue()).to.equal('weekly');
    await field(form, 'Target time').fill('21:45');
    const days = form.getByRole('group', { name: 'Days of week' });
    // At least one day: the form starts the list with its first (empty) day.
    await days.getByRole('textbox', { name: 'Days of week-1' }).fill('5');
    await field(form, 'Timezone').fill('Mars/Olympus');
    await field(form, 'Lead time seconds').fill('3600');
    await field(form, 'Height px').fill('80');
    await field(form, 'Priority').fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    await refusal.getByText('The server did not accept this configuration').waitFor();
    // At the field it is about.
    await form.getByText('Unknown time zone "Mars/Olympus"', { exact: false }).first().waitFor();
    await accessible(page, 'the instance form with the server refusal');
    expect(await instances()).to.deep.equal([]);

    await field(form, 'Timezone').fill('Europe/Berlin');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Closing time', exact: true }).waitFor();
    const [created] = await instances();
    expect(created).to.include({ name: 'Closing time', enabled: true, message: 'We close soon', timezone: 'Europe/Berlin', targetTime: '21:45' });
    expect(created.daysOfWeek).to.deep.equal([5]);
  });

  it('edits the instance in the same generated form', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Edit Closing time' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Closing time' });
    expect(await field(form, 'Message').inputValue()).to.equal('We close soon');
    await field(form, 'Message').fill('Last orders');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByText('Closing time was saved.').waitFor();
    const [saved] = await instances();
    expect(saved).to.include({ message: 'Last orders', targetTime: '21:45' });
  });

  it('deletes the instance, then uninstalls the plugin', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Delete Closing time' }).click();
    await page.getByRole('dialog', { name: 'Delete Closing time?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('region', { name: 'Countdown bar' }).getByText('No instances yet.').waitFor();
    expect(await instances()).to.deep.equal([]);

    await page.getByRole('button', { name: 'Uninstall Countdown bar' }).click();
    await page.getByRole('dialog', { name: 'Uninstall Countdown bar?' }).getByRole('button', { name: 'Uninstall' }).click();
    await page.getByRole('region', { name: 'Countdown bar' }).getByText('Not installed').waitFor();
    expect((await catalogEntry('countdown_bar')).installed).to.equal(false);
  });

  it('shows an editor the catalog without the buttons only administrators may use', async () => {
    const editor = await newSignedInUser(c.kernel, owner, 'editor password 12');
    const other = await slowPage();
    await signIn(other, { username: editor.username, password: 'editor password 12' });
    await other.goto('/plugins');
    await other.getByText('Only administrators install plugins or change their instances.').waitFor();
    expect(await other.getByRole('button', { name: 'Install Countdown bar' }).count()).to.equal(0);
    await accessible(other, 'the plugin catalog for an editor');
    await other.close();
  });

  it('showed every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

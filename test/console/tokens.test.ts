import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';

describe('console: integration tokens', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let secret = '';

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

  const metrics = (bearer: string) => c.kernel.request('/api/v1/integration/metrics', { headers: { authorization: `Bearer ${bearer}` } });

  it('creates a token and shows its secret once, in a dialog', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/tokens');
    await page.getByRole('heading', { level: 1, name: 'Integration tokens' }).waitFor();
    await page.getByText('No integration tokens yet.').waitFor();
    await accessible(page, 'the tokens page');

    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create an integration token' });
    await form.getByLabel('Name').fill('Monitoring');
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText('Choose at least one permission.').waitFor();
    await accessible(page, 'the create-token dialog');
    await form.getByLabel('Read fleet activity and metrics').check();
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new token now' });
    await shown.getByText('This is the only time the token is shown.', { exact: false }).waitFor();
    secret = (await shown.getByLabel('Token Monitoring').textContent()) ?? '';
    expect(secret).to.match(/^svci_[^.]+\..+/);
    await accessible(page, 'the secret dialog');
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: /Monitoring/ });
    await row.getByText('Read fleet activity and metrics').waitFor();
    await row.getByText('Never').waitFor();
    expect(await page.content()).not.to.include(secret.split('.')[1]);
    const listed = await consoleCall(c.kernel, owner, 'GET', '/api/v1/integration-tokens');
    expect(JSON.stringify(listed.body)).not.to.include(secret.split('.')[1]);
    await page.reload();
    await page.getByRole('row', { name: /Monitoring/ }).waitFor();
    expect(await page.getByRole('dialog').count()).to.equal(0);
  });

  it('gives a token that works until it is revoked', async () => {
    const { page } = c;
    expect((await metrics(secret)).status).to.equal(200);
    await page.reload();
    await page
      .getByRole('row', { name: /Monitoring/ })
      .getByText('Never')
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Revoke Monitoring' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Monitoring?' });
    await accessible(page, 'the revoke confirmation');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Monitoring was revoked.').waitFor();
    expect((await metrics(secret)).status).to.equal(401);
  });

  it('tells an administrator that tokens are for owners', async () => {
    const admin = await newSignedInUser(c.kernel, owner, 'admin password 12', 'administrator', 'admin');
    const other = await slowPage();
    await signIn(other, { username: admin.username, password: 'admin password 12' });
    await other.goto('/tokens');
    await other.getByText('Not allowed for your role').waitFor();
    expect(await other.getByRole('button', { name: 'Create token' }).count()).to.equal(0);
    await other.close();
  });

  it('showed every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

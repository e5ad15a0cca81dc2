import { expect } from 'chai';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, startConsoleUnderTest } from '../support/console-browser.js';
import { OWNER } from '../support/console-client.js';

describe('console: first run and sign-in', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;

  before(async () => {
    c = await startConsoleUnderTest();
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('sends a new owner from any address to the setup wizard, which creates the owner and signs in', async () => {
    const { page } = c;
    await page.goto('/media');
    await page.waitForURL('**/setup');
    await expectAccessible(page, 'the setup wizard');
    await page.getByLabel('Organization name').fill(OWNER.organizationName);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your name').fill(OWNER.ownerName);
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill('too short');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await expect(page.getByText('At least 12 characters.').first()).to.exist;
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.waitForURL('**/screens');
    await page.getByRole('heading', { level: 1, name: 'Screens' }).waitFor();
  });

  it('signs out, and signs in again to the page asked for', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Account of ${OWNER.ownerName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto('/playlists');
    await page.waitForURL(/\/sign-in\?next=%2Fplaylists/);
    await expectAccessible(page, 'the sign-in page');
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/playlists');
  });

  it('follows a session that ended elsewhere back to sign-in, and returns to the page afterwards', async () => {
    const { page } = c;
    await page.goto('/locations');
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    // The session ends on the server (another tab signed out): the next request answers 401.
    await page.context().clearCookies();
    await page.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL(/\/sign-in\?next=%2Fmedia/);
  });

  it('shows pages with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';

describe('console: users and roles', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  const EDDIE = { username: 'eddie', password: 'eddie password 12' };

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

  const userOnServer = async (username: string) => {
    const list = await consoleCall(c.kernel, owner, 'GET', '/api/v1/users');
    return list.body.data.items.find((u: { username: string }) => u.username === username);
  };
  const openActions = async (name: string, action: string) => {
    await c.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await c.page.getByRole('menuitem', { name: action }).click();
    await c.page.getByRole('menu').waitFor({ state: 'detached' });
  };

  it('adds an editor, who can then sign in', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('cell', { name: OWNER.ownerName, exact: true }).waitFor();
    await page.getByText('Sees the console, changes nothing.').waitFor();
    await accessible(page, 'the users page');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel(/^Name( \*)?$/).fill('Eddie Editor');
    await dialog.getByLabel('Username').fill(EDDIE.username);
    await dialog.getByLabel('Initial password').fill('short');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Use at least 12 characters.').waitFor();
    await accessible(page, 'the add-user dialog');
    await dialog.getByLabel('Initial password').fill(EDDIE.password);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Eddie Editor', exact: true }).waitFor();

    const eddie = await userOnServer(EDDIE.username);
    expect(eddie).to.include({ name: 'Eddie Editor', role: 'editor', active: true });
    const other = await slowPage();
    await signIn(other, EDDIE);
    await other.getByRole('heading', { level: 1, name: 'Screens' }).waitFor();
    await other.close();
  });

  it('shows an editor who opens the users page that the role may not', async () => {
    const other = await slowPage();
    await signIn(other, EDDIE);
    await other.goto('/users');
    await other.getByText('Not allowed for your role').waitFor();
    expect(await other.getByRole('button', { name: 'Add user' }).count()).to.equal(0);
    await accessible(other, 'the users page refused');
    await other.close();
  });

  it("changes a user's role, and shows the server's refusal to leave no owner", async () => {
    const { page } = c;
    await openActions('Eddie Editor', 'Change role, name or password');
    const dialog = page.getByRole('dialog', { name: 'Change Eddie Editor' });
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Contributor' }).click();
    await dialog.getByText('Uploads media and edits playlists and data sources.').waitFor();
    await accessible(page, 'the change-user dialog');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await userOnServer(EDDIE.username)).role).to.equal('contributor');

    await openActions(OWNER.ownerName, 'Change role, name or password');
    const own = page.getByRole('dialog', { name: `Change ${OWNER.ownerName}` });
    await own.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await own.getByRole('button', { name: 'Save changes' }).click();
    await own.getByRole('alert').getByText('at least one active Owner').waitFor();
    await own.getByRole('button', { name: 'Cancel' }).click();
    expect((await userOnServer(OWNER.username)).role).to.equal('owner');
  });

  it('deactivates a user, who then cannot sign in, and reactivates them', async () => {
    const { page } = c;
    await openActions('Eddie Editor', 'Deactivate');
    const confirm = page.getByRole('dialog', { name: 'Deactivate Eddie Editor?' });
    await accessible(page, 'the deactivate confirmation');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('row', { name: /Eddie Editor/ })
      .getByText('Deactivated')
      .waitFor();
    expect((await userOnServer(EDDIE.username)).active).to.equal(false);

    const other = await slowPage();
    await other.goto('/sign-in');
    await other.getByLabel('Username').fill(EDDIE.username);
    await other.getByLabel('Password').fill(EDDIE.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('alert').waitFor();
    expect(new URL(other.url()).pathname).to.equal('/sign-in');
    await other.close();

    await openActions('Eddie Editor', 'Reactivate');
    await page
      .getByRole('row', { name: /Eddie Editor/ })
      .getByText('Active', { exact: true })
      .waitFor();
    expect((await userOnServer(EDDIE.username)).active).to.equal(true);
  });

  it('deletes a deactivated user for good, after confirmation', async () => {
    const { page } = c;
    await openActions('Eddie Editor', 'Deactivate');
    await page.getByRole('dialog', { name: 'Deactivate Eddie Editor?' }).getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('row', { name: /Eddie Editor/ })
      .getByText('Deactivated')
      .waitFor();
    await openActions('Eddie Editor', 'Delete for good');
    await page.getByRole('dialog', { name: 'Delete Eddie Editor for good?' }).getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('cell', { name: 'Eddie Editor', exact: true }).waitFor({ state: 'detached' });
    expect(await userOnServer(EDDIE.username)).to.equal(undefined);
  });

  it('is usable on a phone and in dark mode', async () => {
    const phone = await slowPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, OWNER);
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.goto('/users');
    await phone.getByRole('button', { name: 'Add user' }).waitFor();
    await accessible(phone, 'the users page on a phone in dark mode');
    await phone.close();
  });

  it('showed every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

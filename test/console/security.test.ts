import { expect } from 'chai';
import { generate } from 'otplib';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';

describe('console: my security and second-factor sign-in', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let secret = '';
  let recoveryCode = '';

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  const signOut = async () => {
    await c.page.getByRole('button', { name: `Account of ${OWNER.ownerName}` }).click();
    await c.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await c.page.waitForURL(/\/sign-in/);
  };

  it('turns on an authenticator app by scanning its code and confirming one', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/security');
    await page.getByRole('heading', { level: 1, name: 'My security' }).waitFor();
    await expectAccessible(page, 'my security');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'Setup code for your authenticator app' }).waitFor();
    secret = (await page.locator('code').textContent()) ?? '';
    expect(secret).to.match(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, 'authenticator setup');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Code from the app').and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'Remove authenticator app' }).waitFor();
    const overview = await consoleCall(c.kernel, owner, 'GET', '/api/v1/me/security');
    expect(overview.body.data.totpEnrolled).to.equal(true);
  });

  it('shows new recovery codes once, after the password', async () => {
    const { page } = c;
    await page.getByRole('button', { name: /recovery codes/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new recovery codes' });
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByLabel('Current password').and(page.locator('[aria-invalid="true"]')).waitFor();
    await dialog.getByLabel('Current password').fill(OWNER.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    await expectAccessible(page, 'fresh recovery codes');
    const items = await codes.getByRole('listitem').allTextContents();
    expect(items).to.have.length(10);
    recoveryCode = items[0]!;
    await page.keyboard.press('Escape');
    await page.getByText('10 unused codes left.').waitFor();
  });

  it('asks for the authenticator code after the password, and signs in with it', async () => {
    const { page } = c;
    await signOut();
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
    await expectAccessible(page, 'the second-factor step');
    // The code of the next 30-second step: the one of this step was used to confirm the app.
    await page.getByLabel('Code from your authenticator app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/screens');
  });

  it('signs in with a recovery code instead', async () => {
    const { page } = c;
    await signOut();
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('radio', { name: 'Recovery code' }).check({ force: true });
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/screens');
  });

  it('adds a passkey from the browser, then signs in with it alone', async () => {
    const { page } = c;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto('/security');
    await page.getByLabel('Name for a new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('cell', { name: 'Test laptop', exact: true }).waitFor();
    await expectAccessible(page, 'my security with a passkey');
    await signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/screens');
    const status = await page.evaluate(async () => (await fetch('/api/v1/auth/status')).json());
    expect(status.data.authMethod).to.equal('passkey');
  });

  it('sends a person who owes a second factor to My security, and lets them on once they have one', async () => {
    const doc = await consoleCall(c.kernel, owner, 'GET', '/api/v1/settings');
    expect(
      (await consoleCall(c.kernel, owner, 'PATCH', '/api/v1/settings', { revision: doc.body.data.revision, values: { 'security.mfa_required_scope': 'all' } }))
        .status,
    ).to.equal(200);
    const created = await consoleCall(c.kernel, owner, 'POST', '/api/v1/users', {
      name: 'Eddie Editor',
      username: 'eddie',
      password: 'eddie password 12',
      role: 'editor',
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const page = await c.newPage();
    await signIn(page, { username: 'eddie', password: 'eddie password 12' });
    await page.waitForURL('**/security');
    await page.getByText('A second factor is required').waitFor();
    await page.goto('/media');
    await page.waitForURL('**/security');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const eddieSecret = (await page.locator('code').textContent()) ?? '';
    await page.getByLabel('Code from the app').fill(await generate({ secret: eddieSecret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'Remove authenticator app' }).waitFor();
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
  });

  it('showed every page with no Content-Security-Policy violation or script error', () => {
    expect(c.problems).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { call } from '../support/test-kernel.js';

describe('console: demo banner', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let credentials: { username: string; password: string };

  before(async function () {
    // The first run after a change of the console's sources builds it; seeding renders a clip.
    this.timeout(480_000);
    c = await startConsoleUnderTest({ env: { SIGNAGE_ENV: 'demo' } });
    for (;;) {
      const demo = (await call(c.kernel, 'GET', '/api/v1/demo')).body.data;
      if (demo.status !== 'seeding') {
        expect(demo.status).to.equal('ready');
        credentials = demo.credentials;
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };

  it('shows the demo sign-in on the sign-in page, and lets the owner reset the demo after confirming', async () => {
    const { page } = c;
    await page.goto('/sign-in');
    const banner = page.getByRole('region', { name: 'Demo installation' });
    await banner.getByText(credentials.password).waitFor();
    expect(await banner.textContent()).to.contain(credentials.username);
    await accessible(page, 'the sign-in page with the demo banner');

    await signIn(page, credentials);
    await page.getByRole('region', { name: 'Demo installation' }).getByRole('button', { name: 'Reset demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the demo?' });
    await dialog.waitFor();
    await accessible(page, 'the reset confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await call(c.kernel, 'GET', '/api/v1/demo')).body.data.resetAt, 'cancelled: no reset').to.equal(null);

    await page.getByRole('button', { name: 'Reset demo' }).click();
    await page.getByRole('dialog', { name: 'Reset the demo?' }).getByRole('button', { name: 'Reset', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    await page.getByRole('region', { name: 'Demo installation' }).getByText(credentials.password).waitFor();
    expect((await call(c.kernel, 'GET', '/api/v1/demo')).body.data.resetAt).to.be.a('string');
    expect(c.problems).to.deep.equal([]);
  });
});

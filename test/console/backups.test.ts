import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { OWNER, setUpOwner } from '../support/console-client.js';

/** The owners' Backups section of /system: back up now, download, restore through the plan, delete. */
describe('console: backups', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;

  const archives = (page: Page) => page.getByRole('table', { name: 'Backup archives' });
  // axe once dialogs and notifications have finished appearing or leaving (their fades lower contrast meanwhile).
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    await setUpOwner(c.kernel);
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('backs up now, shows the archive verified, and links to its download', async () => {
    const { page } = c;
    await page.goto('/system');
    await page.getByRole('heading', { level: 2, name: 'Backups' }).waitFor();
    await page.getByText('No backups yet.').waitFor();
    await page.getByText('No scheduled backup has run yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Change the schedule in Settings' }).getAttribute('href')).to.equal('/settings');

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('The backup started.').waitFor();
    const row = archives(page).getByRole('row').filter({ hasText: 'Manual' });
    await row.getByText('Verified').waitFor();
    await row.getByText(/^database: \d+ files/).waitFor();
    await accessible(page, 'the backups section');

    const download = row.getByRole('link', { name: /^Download the backup of / });
    const answer = await page.request.get((await download.getAttribute('href')) as string);
    expect(answer.status()).to.equal(200);
    expect(answer.headers()['content-type']).to.equal('application/x-tar');
    expect(answer.headers()['content-disposition']).to.match(/^attachment/);
  });

  it('restores another installation’s archive only once confirmed, shows its progress, then asks to sign in again', async () => {
    const { page } = c;
    // This server becomes another installation, so the archive made above is not its own.
    await c.kernel.db('organization').update({ installation_id: c.kernel.db.raw('gen_random_uuid()') });
    await page.goto('/system');
    await archives(page)
      .getByRole('button', { name: /^Restore the backup of / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Restore the backup of / });
    await dialog.getByText('This archive comes from another installation.', { exact: false }).waitFor();
    const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
    expect(await restore.isDisabled(), 'not confirmed yet').to.equal(true);
    await dialog.getByLabel('I want to restore another installation’s archive over this one').check();
    await accessible(page, 'a restore plan');

    // The restore waits behind this lock while it replaces the rows, so the page shows it running.
    const trx = await c.kernel.db.transaction();
    try {
      await trx.raw('LOCK TABLE playlists IN ACCESS SHARE MODE');
      await restore.click();
      await page.getByText(/^Restoring the database \(\d+ %\)$/).waitFor();
      await page.getByRole('progressbar', { name: 'Restore progress' }).waitFor();
    } finally {
      await trx.rollback();
    }
    await page.getByText('Everyone was signed out. Sign in again with the archive’s accounts.').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    await signIn(page, OWNER);
  });

  it('deletes an archive after a confirmation, and says so when it is the newest complete one', async () => {
    const { page } = c;
    await page.goto('/system');
    await archives(page).getByRole('row').filter({ hasText: 'Before a restore' }).waitFor();
    const manual = archives(page).getByRole('row').filter({ hasText: 'Manual' });
    await manual.getByRole('button', { name: /^Delete the backup of / }).click();
    let dialog = page.getByRole('dialog', { name: /^Delete the backup of / });
    await dialog.getByText('The archive file is removed from this server.').waitFor();
    expect(await dialog.getByText('This is the newest complete backup', { exact: false }).count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The backup was deleted.').first().waitFor();
    await manual.waitFor({ state: 'detached' });

    await archives(page)
      .getByRole('button', { name: /^Delete the backup of / })
      .click();
    dialog = page.getByRole('dialog', { name: /^Delete the backup of / });
    await dialog.getByText('This is the newest complete backup', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No backups yet.').waitFor();
    expect(Number((await c.kernel.db('backup_archives').count({ n: '*' }).first())?.n)).to.equal(0);
  });

  it('shows a check that found the archive damaged', async () => {
    const { page } = c;
    await page.goto('/system');
    await page.getByRole('button', { name: 'Back up now' }).click();
    const row = archives(page).getByRole('row').filter({ hasText: 'Manual' });
    await row.getByText('Verified').waitFor();
    const archive = await c.kernel.db('backup_archives').first();
    const path = join(c.kernel.dataDir, 'backups', archive.file_name);
    await writeFile(path, (await readFile(path)).subarray(0, 4096));

    await row.getByRole('button', { name: /^Check the backup of / }).click();
    await row.getByText('Failed').waitFor();
    await page.getByRole('alert').filter({ hasText: 'The last job failed:' }).waitFor();
    await accessible(page, 'a failed check');
  });
});

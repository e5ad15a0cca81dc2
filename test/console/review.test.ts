import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  type ConsoleUnderTest,
  describedText,
  expectAccessible,
  pickOption,
  screenshotOnFailure,
  signIn,
  startConsoleUnderTest,
} from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { box, layoutWith, saveDraft } from '../editorial/editorial-fixtures.js';
import { seedImage } from '../support/library-assets.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const PASSWORD = 'review journey password';

describe('console: publish, review and history', function () {
  this.timeout(180_000);
  // One journey: each step builds on the one before.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let contributor: { username: string; session: ConsoleSession };
  let editor: { username: string; session: ConsoleSession };
  let screen: PairedScreen;
  let author: Page;
  let reviewer: Page;
  let layout: { id: string; name: string; draftRevision: number; draft: Record<string, unknown> };
  const pages: Page[] = [];

  const api = (who: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(c.kernel, who, method, path, body);
  const asOwner = (method: string, path: string, body?: unknown) => api(owner, method, path, body);
  const current = async () => (await asOwner('GET', `/api/v1/layouts/${layout.id}`)).body.data;
  const submissions = async () => (await asOwner('GET', '/api/v1/content-submissions')).body.data.items;
  const onScreen = async () => (await playerCall(c.kernel, screen.credential, 'GET', '/api/v1/player/manifest')).body.data.layout;
  const card = (page: Page) => page.getByRole('article', { name: layout.name });
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
  /** Presses Tab until the focus is on the named control, as a keyboard user would. */
  const tabTo = async (page: Page, name: string) => {
    for (let i = 0; i < 80 && (await focusedName(page)) !== name; i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).to.equal(name);
  };
  // axe once dialogs have finished appearing or leaving (their fades lower contrast meanwhile).
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    contributor = await newSignedInUser(c.kernel, owner, PASSWORD, 'contributor', 'carla');
    editor = await newSignedInUser(c.kernel, owner, PASSWORD, 'editor', 'eli');
    screen = await pairScreen(c.kernel, owner, { name: 'Canteen' });
    const made = await layoutWith((m, p, b) => asOwner(m, p, b), box('Breakfast'));
    expect((await asOwner('POST', `/api/v1/layouts/${made.id}/publish`, { expectedDraftRevision: made.draftRevision })).status).to.equal(201);
    expect((await asOwner('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { layoutId: made.id })).status).to.equal(200);
    layout = made;
    pages.push(c.page);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, pages);
  });

  it('asks review of contributors once the owner turns it on in the settings page’s content review settings', async () => {
    const { page } = c;
    await signIn(page, OWNER);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Content review' }).click();
    await page.getByLabel('Allow self-approval').waitFor();
    await page.getByLabel('Publish approved submissions automatically').waitFor();
    await pickOption(page, page.getByRole('textbox', { name: 'Content review policy' }), 'contributors');
    await accessible(page, 'the content review settings');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect((await asOwner('GET', '/api/v1/settings')).body.data.values['content.review_policy']).to.equal('contributors');
  });

  it('lets a contributor submit a draft for review, which an editor sees arrive in the inbox without reloading', async () => {
    reviewer = await c.newPage();
    author = await c.newPage();
    pages.push(reviewer, author);
    await signIn(reviewer, { username: editor.username, password: PASSWORD });
    await reviewer.goto('/review');
    await reviewer.getByRole('heading', { level: 1, name: 'Content review' }).waitFor();
    await reviewer.getByText('Nothing here.').waitFor();
    await accessible(reviewer, 'an empty review inbox');

    layout = await saveDraft((m, p, b) => api(contributor.session, m, p, b), await current(), [box('Lunch')]);
    await signIn(author, { username: contributor.username, password: PASSWORD });
    await author.goto(`/layouts/${layout.id}`);
    await author.getByText('Unpublished changes (revision 1 on screens)').waitFor();
    expect(await author.getByRole('button', { name: 'Publish', exact: true }).count(), 'contributors do not publish').to.equal(0);
    await author.getByRole('button', { name: 'Submit for review' }).click();
    const dialog = author.getByRole('dialog', { name: 'Submit for review' });
    await dialog.getByText(`revision ${layout.draftRevision}`, { exact: false }).waitFor();
    await accessible(author, 'the submit for review dialog');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await author.getByText(/Submitted for review/).waitFor();
    await author.getByRole('status').filter({ hasText: 'In review' }).waitFor();

    await card(reviewer).waitFor();
    await reviewer.getByText('1 submission waits for review').waitFor();
    await card(reviewer).getByText('User', { exact: false }).first().waitFor();
    await card(reviewer).getByRole('button', { name: 'What is reviewed (the snapshot)' }).click();
    await card(reviewer).getByText('Lunch').waitFor();
    await accessible(reviewer, 'a submission in review with its snapshot');
  });

  it('sends it back with a note the editor must write, which the contributor sees at once', async () => {
    await card(reviewer)
      .getByRole('button', { name: `Request changes to ${layout.name}` })
      .click();
    const dialog = reviewer.getByRole('dialog', { name: `Request changes to “${layout.name}”` });
    const note = dialog.getByRole('textbox', { name: 'What should change' });
    expect(await describedText(note)).to.contain('A note is required');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await dialog.getByText('Write a note saying what to change.').waitFor();
    expect(await describedText(note)).to.contain('Write a note saying what to change.');
    await accessible(reviewer, 'a note left blank');
    await note.fill('Add the soup of the day, please.');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await reviewer.getByText('Nothing here.').waitFor();

    const sentBack = author.getByRole('status').filter({ hasText: 'Changes requested' });
    await sentBack.getByText('Add the soup of the day, please.').waitFor();
    await accessible(author, 'a draft sent back with a note');
    expect((await submissions())[0]).to.deep.include({ status: 'changes_requested', reviewNote: 'Add the soup of the day, please.' });
  });

  it('resubmits after the changes; a stale revision is said and the draft read again first', async () => {
    // The change is saved elsewhere (another tab): this page still holds the older draft revision.
    layout = await saveDraft((m, p, b) => api(contributor.session, m, p, b), await current(), [box('Lunch'), box('Soup of the day', 400)]);
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await author.getByRole('dialog', { name: 'Submit for review' }).getByRole('button', { name: 'Submit', exact: true }).click();
    await author.getByText(/Someone changed the draft meanwhile/).waitFor();
    await author.getByRole('button', { name: 'Move Soup of the day' }).waitFor();
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await author.getByRole('dialog', { name: 'Submit for review' }).getByRole('button', { name: 'Submit', exact: true }).click();
    await author.getByRole('status').filter({ hasText: 'In review' }).waitFor();
    expect((await submissions())[0]).to.deep.include({ status: 'in_review', workingRevision: layout.draftRevision });
  });

  it('approves by keyboard alone, then publishes exactly the snapshot, not the draft edited since', async () => {
    await card(reviewer).waitFor();
    await tabTo(reviewer, `Approve ${layout.name}`);
    await reviewer.keyboard.press('Enter');
    const dialog = reviewer.getByRole('dialog', { name: `Approve “${layout.name}”` });
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).waitFor();
    await accessible(reviewer, 'the approve dialog');
    await reviewer.keyboard.type('Looks good.');
    await tabTo(reviewer, 'Approve');
    await reviewer.keyboard.press('Enter');
    await reviewer.getByText('Nothing here.').waitFor();
    const [approved] = await submissions();
    expect(approved).to.deep.include({ status: 'approved', reviewNote: 'Looks good.' });

    // Edited after approval: what goes on air is still what was approved.
    await saveDraft((m, p, b) => api(contributor.session, m, p, b), await current(), [box('Dinner')]);
    await reviewer.getByRole('tab', { name: 'Approved' }).click();
    await card(reviewer).getByText('Newer draft exists').waitFor();
    await accessible(reviewer, 'an approved submission with a newer draft');
    await card(reviewer)
      .getByRole('button', { name: `Publish ${layout.name} now` })
      .click();
    await reviewer
      .getByRole('dialog', { name: `Publish “${layout.name}” now?` })
      .getByRole('button', { name: 'Publish' })
      .click();
    await reviewer.getByText(`Published “${layout.name}”.`).waitFor();

    const aired = await onScreen();
    expect(aired).to.deep.include({ id: layout.id, revision: 2, documentSha256: approved.snapshotSha256 });
    await author.getByText('Unpublished changes (revision 2 on screens)').waitFor();
  });

  it('compares two publications side by side and rolls the screen back to the earlier one', async () => {
    await reviewer.goto(`/layouts/${layout.id}`);
    const history = reviewer.getByRole('table', { name: 'Publications' });
    await history.getByRole('checkbox', { name: 'Compare revision 1' }).check();
    await history.getByRole('checkbox', { name: 'Compare revision 2' }).check();
    const comparison = reviewer.getByRole('table', { name: 'Revision 1 compared with revision 2' });
    const removed = comparison.getByRole('row').filter({ hasText: 'Removed' });
    // Side by side: what revision 1 held, and its absence from revision 2.
    await removed.getByRole('cell').nth(1).getByText('Breakfast', { exact: true }).waitFor();
    expect(await removed.getByRole('cell').nth(2).textContent()).to.equal('Not in this revision');
    const added = comparison.getByRole('row').filter({ hasText: 'Added' }).filter({ hasText: 'Soup of the day' });
    expect(await added.getByRole('cell').nth(1).textContent()).to.equal('Not in this revision');
    await added.getByRole('cell').nth(2).getByText(/x 400/).waitFor();
    await accessible(reviewer, 'two publications compared');

    const first = (await asOwner('GET', `/api/v1/content-history/layout/${layout.id}/publications`)).body.data.items[1];
    await history.getByRole('button', { name: 'Roll back to revision 1' }).click();
    await reviewer.getByRole('dialog', { name: 'Roll back to revision 1?' }).getByRole('button', { name: 'Roll back' }).click();
    await reviewer.getByText('Revision 1 is on screens again, as revision 3.').waitFor();
    await history.getByRole('cell', { name: 'Rollback' }).waitFor();
    expect(await onScreen()).to.deep.include({ revision: 3, documentSha256: first.snapshotSha256 });
    expect(c.problems).to.deep.equal([]);
  });

  it('takes a contributor’s playlist through review too: the screen plays exactly the approved items, and rolls back', async () => {
    const [menu, soup] = await Promise.all([seedImage(c.kernel, 'Menu board'), seedImage(c.kernel, 'Soup special')]);
    const made = (await asOwner('POST', '/api/v1/playlists', { name: 'Canteen loop' })).body.data;
    await asOwner('POST', `/api/v1/playlists/${made.id}/items`, { assetId: menu.id, durationMs: 5000 });
    await publishPlaylist(c.kernel, owner, made.id);
    expect((await asOwner('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: made.id })).status).to.equal(200);
    const played = async () =>
      ((await playerCall(c.kernel, screen.credential, 'GET', '/api/v1/player/manifest')).body.data.playlist?.items ?? []).map(
        (i: { assetId: string }) => i.assetId,
      );
    expect(await played()).to.deep.equal([menu.id]);

    await api(contributor.session, 'POST', `/api/v1/playlists/${made.id}/items`, { assetId: soup.id, durationMs: 8000 });
    await author.goto(`/playlists/${made.id}`);
    await author.getByText('Unpublished changes (revision 2 on screens)').waitFor();
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await author.getByRole('dialog', { name: 'Submit for review' }).getByRole('button', { name: 'Submit', exact: true }).click();
    await author.getByRole('status').filter({ hasText: 'In review' }).waitFor();
    await accessible(author, 'a playlist in review');

    await reviewer.goto('/review');
    const entry = reviewer.getByRole('article', { name: 'Canteen loop' });
    await entry.getByRole('button', { name: 'Approve Canteen loop' }).click();
    await reviewer.getByRole('dialog', { name: 'Approve “Canteen loop”' }).getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByRole('tab', { name: 'Approved' }).click();
    await entry.getByRole('button', { name: 'Publish Canteen loop now' }).click();
    await reviewer.getByRole('dialog', { name: 'Publish “Canteen loop” now?' }).getByRole('button', { name: 'Publish' }).click();
    await reviewer.getByText('Published “Canteen loop”.').waitFor();
    expect(await played()).to.deep.equal([menu.id, soup.id]);

    await reviewer.goto(`/playlists/${made.id}`);
    const history = reviewer.getByRole('table', { name: 'Publications' });
    await history.getByRole('checkbox', { name: 'Compare revision 2' }).check();
    await history.getByRole('checkbox', { name: 'Compare revision 3' }).check();
    const comparison = reviewer.getByRole('table', { name: 'Revision 2 compared with revision 3' });
    await comparison
      .getByRole('row')
      .filter({ hasText: 'Added' })
      .getByText(/duration ms 8000/)
      .waitFor();
    await accessible(reviewer, 'a playlist’s history compared');
    await history.getByRole('button', { name: 'Roll back to revision 2' }).click();
    await reviewer.getByRole('dialog', { name: 'Roll back to revision 2?' }).getByRole('button', { name: 'Roll back' }).click();
    await reviewer.getByText('Revision 2 is on screens again, as revision 4.').waitFor();
    expect(await played()).to.deep.equal([menu.id]);
    expect(c.problems).to.deep.equal([]);
  });
});

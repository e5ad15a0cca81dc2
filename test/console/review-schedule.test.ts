import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, setUpOwner } from '../support/console-client.js';
import { box, layoutWith, saveDraft, setReview } from '../editorial/editorial-fixtures.js';

const PASSWORD = 'schedule journey password';

describe('console: publishing an approved submission later', function () {
  this.timeout(180_000);
  // One journey: each step builds on the one before.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let contributor: ConsoleSession;
  let reviewer: Page;
  let layout: { id: string; name: string; draftRevision: number };
  // A whole hour ahead (seconds dropped, as the picker shows minutes): the minute job leaves it alone meanwhile.
  const requested = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000).toISOString();

  const asOwner = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const submission = async () => (await asOwner('GET', '/api/v1/content-submissions')).body.data.items[0];
  const card = () => reviewer.getByRole('article', { name: layout.name });
  const accessible = async (what: string) => {
    await reviewer.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(reviewer, what);
  };

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    contributor = (await newSignedInUser(c.kernel, owner, PASSWORD, 'contributor', 'cora')).session;
    const editor = await newSignedInUser(c.kernel, owner, PASSWORD, 'editor', 'ed');
    await setReview(asOwner, { review_policy: 'contributors' });
    const made = await layoutWith(asOwner, box('Opening hours'));
    expect((await asOwner('POST', `/api/v1/layouts/${made.id}/publish`, { expectedDraftRevision: made.draftRevision })).status).to.equal(201);
    layout = await saveDraft((m, p, b) => consoleCall(c.kernel, contributor, m, p, b), made, [box('Holiday hours')]);
    // The contributor asks for a publication time with the submission.
    const submitted = await consoleCall(c.kernel, contributor, 'POST', `/api/v1/content-submissions/layout/${layout.id}`, {
      expectedRevision: layout.draftRevision,
      requestedPublicationAt: requested,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(201);
    reviewer = c.page;
    await signIn(reviewer, { username: editor.username, password: PASSWORD });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('shows when the contributor asked it published; approving leaves the content waiting to be published', async () => {
    await reviewer.goto('/review');
    await card()
      .getByRole('row', { name: /^Publish at/ })
      .waitFor();
    await card()
      .getByRole('button', { name: `Approve ${layout.name}` })
      .click();
    await reviewer
      .getByRole('dialog', { name: `Approve “${layout.name}”` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await reviewer.getByText('Nothing here.').waitFor();
    await reviewer.getByRole('tab', { name: 'Approved' }).click();
    await card()
      .getByRole('button', { name: `Publish at… for ${layout.name}` })
      .waitFor();
    expect((await submission()).status).to.equal('approved');
  });

  it('schedules it at the time the contributor asked for, offered in the date-time picker', async () => {
    await card()
      .getByRole('button', { name: `Publish at… for ${layout.name}` })
      .click();
    const dialog = reviewer.getByRole('dialog', { name: `Publish “${layout.name}” later` });
    const picker = dialog.getByRole('button', { name: /^Publish at/ });
    expect((await picker.textContent())?.trim()).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await accessible('the publish-at dialog');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await reviewer.getByText(`“${layout.name}” will be published`).waitFor();

    expect(await submission()).to.deep.include({ status: 'scheduled', requestedPublicationAt: requested });
    await reviewer.getByRole('tab', { name: 'Scheduled' }).click();
    await card()
      .getByRole('button', { name: `Cancel schedule of ${layout.name}` })
      .waitFor();
    await accessible('a scheduled submission');
  });

  it('cancels the schedule: the submission is approved again, and nothing reached the screens', async () => {
    await card()
      .getByRole('button', { name: `Cancel schedule of ${layout.name}` })
      .click();
    await reviewer.getByText(`The scheduled publication of “${layout.name}” was cancelled.`).waitFor();
    await reviewer.getByText('Nothing here.').waitFor();
    expect((await submission()).status).to.equal('approved');
    await reviewer.getByRole('tab', { name: 'Approved' }).click();
    await card()
      .getByRole('button', { name: `Publish ${layout.name} now` })
      .waitFor();
    const history = (await asOwner('GET', `/api/v1/content-history/layout/${layout.id}/publications`)).body.data.items;
    expect(history.map((p: { revision: number }) => p.revision)).to.deep.equal([1]);
  });

  it('publishes it now instead, after which it is listed as recently published', async () => {
    await card()
      .getByRole('button', { name: `Publish ${layout.name} now` })
      .click();
    await reviewer
      .getByRole('dialog', { name: `Publish “${layout.name}” now?` })
      .getByRole('button', { name: 'Publish' })
      .click();
    await reviewer.getByText(`Published “${layout.name}”.`).waitFor();
    await reviewer.getByRole('tab', { name: 'Recently published' }).click();
    // The owner's direct publication of revision 1 is listed there too: this is the reviewed one.
    const reviewed = reviewer.locator(`#submission-${(await submission()).id}`);
    await reviewed.getByText('Published', { exact: true }).waitFor();
    expect(
      await reviewed
        .getByRole('button')
        .filter({ hasText: /Publish|Schedule/ })
        .count(),
      'nothing left to do',
    ).to.equal(0);
    await accessible('a recently published submission');
    expect(c.problems).to.deep.equal([]);
  });
});

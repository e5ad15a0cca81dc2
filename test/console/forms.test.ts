import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  type ConsoleUnderTest,
  expectAccessible,
  pickOption,
  pickUpWithKeyboard,
  screenshotOnFailure,
  signIn,
  startConsoleUnderTest,
} from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, setUpOwner } from '../support/console-client.js';
import { eventually } from '../support/wait.js';

const PASSWORD = 'forms are fine here';

/** Forms: built and published in the builder, submitted by one person, approved by another in the inbox, on screens afterwards. */
describe('console: forms, records and approvals', function () {
  this.timeout(240_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let manager: { username: string; id: string; session: ConsoleSession };
  let editor: { username: string; id: string; session: ConsoleSession };
  let contributor: { username: string; id: string; session: ConsoleSession };
  let editorPage: Page;
  let formId: string;

  const api = (by: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(c.kernel, by, method, path, body);
  const form = async () => (await api(owner, 'GET', `/api/v1/data-sources/${formId}/form`)).body.data;
  const onAir = async () =>
    ((await api(owner, 'GET', `/api/v1/data-sources/${formId}/outputs`)).body.data.document?.datasets[0]?.records ?? []) as Record<string, unknown>[];
  const record = async (id: string) => (await api(owner, 'GET', `/api/v1/data-sources/${formId}/records/${id}`)).body.data;
  /** A record as its submitter would make it, already submitted. */
  const submitted = async (by: ConsoleSession, title: string) => {
    const made = await api(by, 'POST', `/api/v1/data-sources/${formId}/records`, { displayTitle: title, values: { headline: title, category: 'menu' } });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    const moved = await api(by, 'POST', `/api/v1/data-sources/${formId}/records/${made.body.data.id}/transitions`, { toState: 'submitted', version: 1 });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    return made.body.data.id as string;
  };
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
  /** Presses Tab until the focus is on the named control, as a keyboard user would. */
  const tabTo = async (page: Page, name: string) => {
    for (let i = 0; i < 80 && (await focusedName(page)) !== name; i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).to.equal(name);
  };

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    manager = await newSignedInUser(c.kernel, owner, PASSWORD, 'editor', 'mia');
    editor = await newSignedInUser(c.kernel, owner, PASSWORD, 'editor', 'eddie');
    contributor = await newSignedInUser(c.kernel, owner, PASSWORD, 'contributor', 'carl');
    await signIn(c.page, { username: manager.username, password: PASSWORD });
    editorPage = await c.newPage();
    await signIn(editorPage, { username: editor.username, password: PASSWORD });
  });
  after(async () => {
    await c?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page, editorPage]);
  });

  it('builds a form in the builder, puts its fields in order by keyboard, publishes it and edits its workflow', async () => {
    const { page } = c;
    await page.goto('/forms');
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.getByText('No form yet.').waitFor();
    await expectAccessible(page, 'the forms list');
    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New form' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Daily specials');
    await dialog.getByRole('button', { name: 'Create form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Daily specials' }).waitFor();
    await page.getByRole('tab', { name: 'Builder', selected: true }).waitFor();
    formId = page.url().match(/\/forms\/([0-9a-f-]{36})/)![1]!;

    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Short text', exact: true }).click();
    const headline = page.getByRole('group', { name: 'Field 1: Short text' });
    await headline.getByRole('textbox', { name: 'Label' }).fill('Headline');
    await page.getByRole('group', { name: 'Field 1: Headline' }).getByRole('checkbox', { name: 'Required' }).check();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Choice', exact: true }).click();
    const category = page.getByRole('group', { name: 'Field 2: Choice' });
    await category.getByRole('textbox', { name: 'Label' }).fill('Category');
    const options = page.getByRole('group', { name: 'Field 2: Category' }).getByRole('textbox', { name: 'Options' });
    // The first option the palette gave is replaced by the form's own.
    await options.press('Backspace');
    for (const option of ['Menu', 'Event']) {
      await options.fill(option);
      await options.press('Enter');
    }
    await page.getByRole('group', { name: 'Field 2: Category' }).getByRole('textbox', { name: 'Key' }).waitFor();
    expect(await page.getByRole('group', { name: 'Field 2: Category' }).getByRole('textbox', { name: 'Key' }).inputValue()).to.equal('category');

    // Keyboard reordering (dnd-kit): pick up, move up one place, drop.
    await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Move Category', exact: true }), 'Picked up Category, at position 2 of 2.');
    await page.keyboard.press('ArrowUp');
    await page.getByText('Category is now at position 1 of 2.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Field 1: Category' }).waitFor();
    await expectAccessible(page, 'the form builder');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published as revision 2.').waitFor();
    const published = (await form()).publishedRevision;
    expect(published.revisionNumber).to.equal(2);
    expect(
      published.schema.fields.map((f: { key: string; required?: boolean; options?: unknown }) => [f.key, f.required ?? false, f.options ?? null]),
    ).to.deep.equal([
      [
        'category',
        false,
        [
          { value: 'menu', label: 'Menu' },
          { value: 'event', label: 'Event' },
        ],
      ],
      ['headline', true, null],
    ]);

    await page.getByRole('tab', { name: 'Workflow' }).click();
    await page.getByRole('textbox', { name: 'Label of state approved' }).fill('On screens');
    await expectAccessible(page, 'the workflow editor');
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await page.getByText('Workflow saved.').waitFor();
    const approved = (await form()).workflow.states.find((s: { key: string }) => s.key === 'approved');
    expect(approved).to.include({ label: 'On screens', eligibleForOutput: true });
  });

  it('takes a record an editor submits to the manager’s inbox; approved there, it is on air and the editor sees it live', async () => {
    const { page } = c;
    await editorPage.goto(`/forms/${formId}`);
    await editorPage.getByRole('tab', { name: 'Submit', selected: true }).waitFor();
    await editorPage.getByRole('textbox', { name: 'Title' }).fill('Soup of the day');
    await editorPage.getByRole('textbox', { name: 'Headline' }).fill('Pumpkin soup');
    await pickOption(editorPage, editorPage.getByRole('textbox', { name: 'Category' }), 'Menu');
    await expectAccessible(editorPage, 'the submission form');
    await editorPage.getByRole('button', { name: 'Submit', exact: true }).click();
    await editorPage.getByText('Submitted for approval.').waitFor();
    const row = editorPage.getByRole('row').filter({ has: editorPage.getByRole('button', { name: 'Soup of the day' }) });
    await row.getByText('Submitted').waitFor();
    expect(await onAir(), 'nothing is on air before the approval').to.deep.equal([]);

    await page.goto('/screens');
    // The navigation counts what waits on the manager.
    await page.getByRole('link', { name: /^Approvals\s*1 record waiting/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    const waiting = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Soup of the day' }) });
    await waiting.getByRole('button', { name: 'Approve “Soup of the day”' }).waitFor();
    await expectAccessible(page, 'the approvals inbox');
    await waiting.getByRole('button', { name: 'Approve “Soup of the day”' }).click();
    await page.getByText('Nothing is waiting on you.').waitFor();
    expect(await page.getByRole('link', { name: /record waiting/ }).count(), 'the count leaves the navigation').to.equal(0);

    const [aired] = await onAir();
    expect(aired?.values, 'screens get the approved record').to.deep.include({
      headline: { kind: 'text', text: 'Pumpkin soup' },
      category: { kind: 'text', text: 'menu' },
    });
    // The editor's page follows without a reload (resource.changed).
    await row.getByText('On screens').waitFor();
    await row.getByText('On air').waitFor();

    await row.getByRole('button', { name: 'Soup of the day' }).click();
    const drawer = editorPage.getByRole('dialog', { name: 'Soup of the day' });
    await drawer.getByText('Moved to On screens').waitFor();
    await drawer.getByRole('textbox', { name: 'Comment' }).fill('Thanks!');
    await drawer.getByRole('button', { name: 'Add comment' }).click();
    await drawer.getByText('Thanks!', { exact: true }).waitFor();
    await expectAccessible(editorPage, 'a record');
    const id = editorPage.url().match(/record=([0-9a-f-]{36})/)![1]!;
    expect((await record(id)).comments.map((x: { body: string }) => x.body)).to.deep.equal(['Thanks!']);
  });

  it('shows a person who may only submit the form to fill and their own records, nothing else', async () => {
    for (const [who, capabilities] of [
      [contributor, ['submit']],
      [editor, ['submit']],
    ] as const) {
      const res = await api(manager.session, 'PUT', `/api/v1/data-sources/${formId}/access/${who.id}`, { capabilities });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    const page = await c.newPage();
    await signIn(page, { username: contributor.username, password: PASSWORD });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Forms' }).click();
    expect(await nav.getByRole('link', { name: /Approvals/ }).count(), 'no inbox for one who cannot approve').to.equal(0);
    await page.getByRole('link', { name: 'Daily specials' }).click();
    await page.getByRole('tab', { name: 'Submit', selected: true }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).to.deep.equal(['Submit', 'My submissions']);
    await page.getByRole('textbox', { name: 'Title' }).fill('Quiz night');
    await page.getByRole('textbox', { name: 'Headline' }).fill('Quiz at eight');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('tab', { name: 'My submissions', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Quiz night' }).waitFor();
    expect(await page.getByRole('button', { name: 'Soup of the day' }).count(), 'another person’s record is not theirs to see').to.equal(0);
    await expectAccessible(page, 'a submitter’s own records');

    // Their draft, finished and submitted from the drawer.
    await page.getByRole('button', { name: 'Quiz night' }).click();
    const drawer = page.getByRole('dialog', { name: 'Quiz night' });
    await drawer.getByRole('button', { name: 'Submit “Quiz night”' }).click();
    await page.getByText('“Quiz night” is now Submitted.').waitFor();
    await expectAccessible(page, 'a submitter’s record');
    await page.close();
  });

  it('works through the inbox by keyboard alone: a decision moves the focus to the next record, a note where one is needed', async () => {
    const { page } = c;
    const first = await submitted(editor.session, 'Brunch');
    const second = await submitted(editor.session, 'Tapas');
    await page.goto('/approvals');
    await page.getByRole('button', { name: 'Approve “Tapas”' }).waitFor();
    await tabTo(page, 'Approve “Quiz night”');
    await page.keyboard.press('Enter');
    await eventually(
      () => focusedName(page),
      (name) => name === 'Approve “Brunch”',
    );
    expect(await focusedName(page), 'the next record’s first decision takes the focus').to.equal('Approve “Brunch”');
    await page.keyboard.press('Enter');
    await eventually(
      () => focusedName(page),
      (name) => name === 'Approve “Tapas”',
    );
    expect(await focusedName(page)).to.equal('Approve “Tapas”');
    await tabTo(page, 'Request changes “Tapas”');
    await page.keyboard.press('Enter');
    const note = page.getByRole('dialog', { name: 'Request changes: “Tapas”' });
    await note.getByRole('textbox', { name: 'Note' }).waitFor();
    await expectAccessible(page, 'the note a decision needs');
    await page.keyboard.type('Add a price, please.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Nothing is waiting on you.').waitFor();

    expect((await record(first)).state).to.equal('approved');
    const sentBack = await record(second);
    expect(sentBack.state).to.equal('changes_requested');
    expect(sentBack.comments.map((x: { body: string }) => x.body)).to.deep.equal(['Add a price, please.']);
    expect((await onAir()).map((r) => (r.values as { headline: { text: string } }).headline.text)).to.have.members(['Pumpkin soup', 'Brunch', 'Quiz at eight']);
    await expectAccessible(page, 'an empty inbox');
  });
});

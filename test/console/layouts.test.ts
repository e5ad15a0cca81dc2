import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { seedAsset, seedImage } from '../support/library-assets.js';
import { eventually } from '../support/wait.js';

interface Placement {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  visible: boolean;
}

describe('console: layouts', function () {
  this.timeout(120_000);
  // Each step builds on the one before: after a failure the rest would only repeat it.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let layoutId: string;
  const pages: Page[] = [];

  const layoutOnServer = async () => (await consoleCall(c.kernel, owner, 'GET', `/api/v1/layouts/${layoutId}`)).body?.data;
  const placed = async (name: string): Promise<Placement | undefined> =>
    ((await layoutOnServer()).draft.placements as Placement[]).find((p) => p.name === name);
  const addMedia = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Image or video…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an image or video' });
    await dialog.getByRole('textbox', { name: 'Image or video' }).click();
    await page.getByRole('option', { name }).click();
    await dialog.getByRole('button', { name: 'Place it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Move ${name}` }).waitFor();
  };
  const numberOf = async (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).inputValue();

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    pages.push(c.page);
    owner = await setUpOwner(c.kernel);
    await seedImage(c.kernel, 'Poster');
    for (const name of ['Intro clip', 'Promo clip']) await seedAsset(c.kernel, { name, type: 'video' });
    await c.page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, pages);
  });

  it('creates a landscape layout from the list and opens it in the editor', async () => {
    const { page } = c;
    await page.goto('/layouts');
    await page.getByRole('heading', { level: 1, name: 'Layouts' }).waitFor();
    await page.getByText('No layouts yet.').waitFor();
    await expectAccessible(page, 'the empty layouts list');
    await page.getByRole('button', { name: 'New layout' }).click();
    const dialog = page.getByRole('dialog', { name: 'New layout' });
    await dialog.getByLabel('Name').fill('Lobby board');
    await expectAccessible(page, 'the new layout dialog');
    await dialog.getByRole('button', { name: 'Create layout' }).click();
    await page.waitForURL(/\/layouts\/[0-9a-f-]{36}$/);
    layoutId = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: 'Lobby board' }).waitFor();
    await page.getByText('Not published', { exact: true }).waitFor();
    expect(await layoutOnServer()).to.include({ name: 'Lobby board', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
  });

  it('adds a text and an image, moves the text with the keyboard and the image by dragging, and saves the draft', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    const text = page.getByRole('button', { name: 'Move Text 1' });
    await text.waitFor();
    await addMedia(page, 'Poster');
    await expectAccessible(page, 'the layout editor with two placements');

    // Keyboard: one pixel right, ten down.
    await text.focus();
    await page.getByRole('heading', { level: 3, name: 'Text 1' }).waitFor();
    const x = Number(await numberOf(page, 'X (px)'));
    const y = Number(await numberOf(page, 'Y (px)'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await numberOf(page, 'X (px)')).to.equal(String(x + 1));
    expect(await numberOf(page, 'Y (px)')).to.equal(String(y + 10));

    // The numeric inputs refuse a position outside the canvas.
    await page.getByRole('textbox', { name: 'X (px)', exact: true }).fill('99999');
    await page.getByRole('textbox', { name: 'X (px)', exact: true }).blur();
    expect(await numberOf(page, 'X (px)')).to.equal(String(x + 1));

    // Pointer: drag the poster left and up; with snapping on, an edge lands on the grid or a guide.
    const poster = page.getByRole('button', { name: 'Move Poster' });
    const box = (await poster.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 20, box.y + box.height / 2 - 10, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 90, { steps: 10 });
    await page.mouse.up();
    await page.getByRole('heading', { level: 3, name: 'Poster' }).waitFor();
    const posterX = Number(await numberOf(page, 'X (px)'));
    expect(posterX).to.be.below(720);
    await page.getByText('Unsaved changes').waitFor();
    // After a drop, dnd-kit swallows clicks for 50 ms (its own timer): a page timer set later fires after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    expect(await placed('Text 1')).to.include({ x: x + 1, y: y + 10 });
    expect((await placed('Poster'))?.x).to.equal(posterX);
  });

  it('refuses to publish two visible videos, showing the problem on each placement; hiding one lets it publish', async () => {
    const { page } = c;
    await addMedia(page, 'Intro clip');
    await addMedia(page, 'Promo clip');
    await page.getByRole('button', { name: 'Publish' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Publishing was refused' });
    await refusal.getByText('A layout shows at most one visible video-capable element.').first().waitFor();
    // On the canvas, each placement at fault says so; its properties say why.
    await page.getByRole('button', { name: 'Problem: Move Promo clip' }).waitFor();
    await page.getByRole('button', { name: 'Problem: Move Intro clip' }).waitFor();
    await refusal.getByRole('button', { name: 'Promo clip' }).first().click();
    await page.getByRole('heading', { level: 3, name: 'Promo clip' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Why publishing refused it' }).waitFor();
    await expectAccessible(page, 'a refused publish');
    expect((await layoutOnServer()).publishedRevision).to.equal(undefined);

    await page.getByRole('button', { name: 'Hide Promo clip' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published, revision 1').waitFor();
    await refusal.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Publications' }).getByRole('button', { name: 'Restore revision 1 into the draft' }).waitFor();
    const layout = await layoutOnServer();
    expect(layout).to.include({ publishedRevision: 1, hasUnpublishedChanges: false });
    expect((await placed('Promo clip'))?.visible).to.equal(false);
  });

  it('restores a published revision into the draft after later changes', async () => {
    const { page } = c;
    const before = (await placed('Text 1'))!;
    await page.getByRole('button', { name: 'Move Text 1' }).focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/Unpublished changes/).waitFor();
    await eventually(placed.bind(null, 'Text 1'), (p) => p?.x === before.x + 10);
    expect((await layoutOnServer()).hasUnpublishedChanges).to.equal(true);

    await page.getByRole('button', { name: 'Restore revision 1 into the draft' }).click();
    await page.getByRole('dialog', { name: 'Restore revision 1 into the draft?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Revision 1 is the draft again.').waitFor();
    await page.getByText('Published, revision 1').waitFor();
    expect(await placed('Text 1')).to.include({ x: before.x, y: before.y });
    expect((await layoutOnServer()).hasUnpublishedChanges).to.equal(false);
    await expectAccessible(page, 'the layout editor after a restore');
  });

  it('says when someone else saved meanwhile, and reloads their version', async () => {
    const { page } = c;
    const current = await layoutOnServer();
    const theirs = current.draft.placements.map((p: Placement) => (p.name === 'Text 1' ? { ...p, name: 'Their headline' } : p));
    await consoleCall(c.kernel, owner, 'PUT', `/api/v1/layouts/${layoutId}/draft`, {
      expectedDraftRevision: current.draftRevision,
      document: { ...current.draft, placements: theirs },
    });
    await page.getByRole('button', { name: 'Move Poster' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone else saved this layout' });
    await conflict.waitFor();
    await expectAccessible(page, 'a save conflict');
    await conflict.getByRole('button', { name: 'Reload the layout' }).click();
    await page.getByRole('button', { name: 'Move Their headline' }).waitFor();
    await conflict.waitFor({ state: 'detached' });
  });

  it('lists the layout with its status, duplicates it and deletes the copy', async () => {
    const { page } = c;
    await page.goto('/layouts');
    const table = page.getByRole('table', { name: 'Layouts' });
    await table.getByRole('link', { name: 'Lobby board' }).waitFor();
    await table.getByText('Unpublished changes (revision 1 on screens)').waitFor();
    await page.getByLabel('Search layouts').fill('lobby');
    await page.getByRole('button', { name: 'Duplicate Lobby board' }).click();
    const copy = table.getByRole('link', { name: /^Lobby board .*copy/ });
    await copy.waitFor();
    const copyName = (await copy.textContent())!;
    await page.getByRole('button', { name: `Delete ${copyName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete layout' }).click();
    await copy.waitFor({ state: 'detached' });
    expect(c.problems).to.deep.equal([]);
  });
});

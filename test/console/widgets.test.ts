import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { eventually } from '../support/wait.js';

describe('console: widgets', function () {
  this.timeout(120_000);
  // Each step builds on the one before: after a failure the rest would only repeat it.
  this.bail(true);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let sourceId: string;
  const pages: Page[] = [];

  const call = async (method: string, path: string, body?: unknown) => (await consoleCall(c.kernel, owner, method, path, body)).body?.data;
  const widgetNamed = async (name: string) =>
    ((await call('GET', '/api/v1/assets?type=widget&pageSize=100')).items as { id: string; name: string; widget: any }[]).find((w) => w.name === name);

  before(async function () {
    this.timeout(300_000);
    c = await startConsoleUnderTest();
    pages.push(c.page);
    owner = await setUpOwner(c.kernel);
    const source = await call('POST', '/api/v1/data-sources', {
      provider: 'manual',
      name: 'Lunch specials',
      description: '',
      configuration: {
        columns: [
          { key: 'dish', label: 'Dish', type: 'text' },
          { key: 'price', label: 'Price', type: 'number' },
        ],
        rows: [{ values: { dish: 'Soup', price: '4.5' } }],
      },
    });
    sourceId = source.id;
    await call('POST', `/api/v1/data-sources/${sourceId}/outputs/rebuild`);
    await c.page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, pages);
  });

  it('shows the widget types by category, searchable, and an empty library', async () => {
    const { page } = c;
    await page.goto('/widgets');
    await page.getByRole('heading', { level: 1, name: 'Widgets' }).waitFor();
    await page.getByText('No widgets yet: start one from a type below.').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Clock', exact: true }).waitFor();
    await expectAccessible(page, 'the widgets page');
    await page.getByLabel('Search widget types').fill('price board');
    await page.getByRole('heading', { level: 3, name: 'Menu / price board' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Clock', exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Search widget types').fill('');
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Essentials' }).click();
    await page.getByRole('heading', { level: 3, name: 'Clock', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Table', exact: true }).waitFor({ state: 'detached' });
  });

  it('creates a clock through its generated form, the preview following each change', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Create a Clock widget' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Clock widget' }).waitFor();
    const outline = page.getByLabel('What the player draws');
    await eventually(
      () => outline.textContent(),
      (text) => Boolean(text?.includes('time:12')),
    );
    expect(await outline.textContent()).to.include('time:12');
    await page.getByRole('textbox', { name: 'Format' }).click();
    await page.getByRole('option', { name: '24', exact: true }).click();
    expect(
      await eventually(
        () => outline.textContent(),
        (text) => Boolean(text?.includes('time:24')),
      ),
    ).to.include('time:24');
    await page.getByLabel('Timezone').fill('Mars/Olympus');
    // The server refuses it: the field says why, and the preview says it cannot be shown.
    await page.getByText('must be an IANA time zone').first().waitFor();
    await page.getByText('These settings cannot be shown').waitFor();
    await expectAccessible(page, 'the widget editor with a refused setting');
    await page.getByLabel('Timezone').fill('Europe/Paris');
    await page.getByText('These settings cannot be shown').waitFor({ state: 'detached' });
    await page.getByLabel('Name').fill('Lobby clock');
    await page.getByRole('button', { name: 'Create widget' }).click();
    await page.waitForURL(/\/widgets\/[0-9a-f-]{36}$/);
    const stored = await widgetNamed('Lobby clock');
    expect(stored?.widget).to.deep.include({ provider: 'clock' });
    expect(stored?.widget.configuration).to.include({ format: '24', timezone: 'Europe/Paris' });
  });

  it('binds a table to a compatible data source chosen in its form', async () => {
    const { page } = c;
    await page.goto('/widgets/new/table');
    await page.getByRole('heading', { level: 1, name: 'New Table widget' }).waitFor();
    await page.getByRole('textbox', { name: /^Data source/ }).click();
    await page.getByRole('option', { name: 'Lunch specials' }).click();
    // The type's default field is not one this source gives: the list of fields says so.
    await page.getByText('These settings cannot be shown').waitFor();
    await page.getByText('the data source has no field “title”').waitFor();
    await page.getByRole('textbox', { name: /^Fields-1/ }).click();
    await page.getByRole('option', { name: 'Dish' }).click();
    const outline = page.getByLabel('What the player draws');
    expect(
      await eventually(
        () => outline.textContent(),
        (text) => Boolean(text?.includes(`× 20 of ${sourceId}`)),
      ),
    ).to.include(`× 20 of ${sourceId}`);
    await expectAccessible(page, 'a data-bound widget');
    await page.getByLabel('Name').fill('Specials table');
    await page.getByRole('button', { name: 'Create widget' }).click();
    await page.waitForURL(/\/widgets\/[0-9a-f-]{36}$/);
    const stored = await widgetNamed('Specials table');
    expect(stored?.widget.configuration).to.include({ dataSourceId: sourceId });
    expect(stored?.widget.configuration.fields).to.deep.equal(['dish']);
  });

  it('lists the widgets, duplicates one and deletes the copy', async () => {
    const { page } = c;
    await page.goto('/widgets');
    const table = page.getByRole('table', { name: 'Widgets in the library' });
    await table.getByRole('link', { name: 'Lobby clock' }).waitFor();
    await table.getByRole('link', { name: 'Specials table' }).waitFor();
    await page.getByRole('button', { name: 'Duplicate Lobby clock' }).click();
    const copy = await eventually(
      async () => ((await call('GET', '/api/v1/assets?type=widget&pageSize=100')).items as { name: string }[]).map((w) => w.name),
      (names) => names.length === 3,
    );
    const copyName = copy.find((n) => n !== 'Lobby clock' && n.startsWith('Lobby clock'))!;
    await table.getByRole('link', { name: copyName }).waitFor();
    await page.getByRole('button', { name: `Delete ${copyName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete widget' }).click();
    await table.getByRole('link', { name: copyName }).waitFor({ state: 'detached' });
    expect(await widgetNamed(copyName)).to.equal(undefined);
  });

  it('refuses to delete a widget a layout shows, and says which layout', async () => {
    const { page } = c;
    const table = (await widgetNamed('Specials table'))!;
    const layout = await call('POST', '/api/v1/layouts', { name: 'Menu board', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    const placement = {
      id: crypto.randomUUID(),
      type: 'widget',
      name: 'Prices',
      x: 0,
      y: 0,
      width: 960,
      height: 540,
      layer: 0,
      opacity: 1,
      visible: true,
      locked: false,
    };
    await call('PUT', `/api/v1/layouts/${layout.id}/draft`, {
      expectedDraftRevision: layout.draftRevision,
      document: { ...layout.draft, placements: [{ ...placement, widgetId: table.id }] },
    });
    await page.getByRole('button', { name: 'Delete Specials table' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete widget' }).click();
    const refusal = page.getByRole('dialog', { name: '“Specials table” is in use' });
    await refusal.getByText('“Menu board”').waitFor();
    await expectAccessible(page, 'a widget in use');
    expect(await widgetNamed('Specials table')).to.not.equal(undefined);
    expect(c.problems).to.deep.equal([]);
  });

  it('lets a viewer look at widgets but not make or change them', async () => {
    const viewer = await newSignedInUser(c.kernel, owner, 'viewer password 1', 'viewer', 'viewer');
    const page = await c.newPage();
    pages.push(page);
    await signIn(page, { username: viewer.username, password: 'viewer password 1' });
    await page.goto('/widgets');
    await page.getByText('Your role may look at widgets but not change them.').waitFor();
    await page.getByRole('link', { name: 'Lobby clock' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create a Clock widget' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Duplicate Lobby clock' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Lobby clock' }).click();
    await page.getByText('Your role may look at this widget but not change it.').waitFor();
    expect(await page.getByLabel('Name').isDisabled()).to.equal(true);
    expect(await page.getByRole('button', { name: 'Save widget' }).count()).to.equal(0);
    await expectAccessible(page, 'a widget as a viewer sees it');
    expect(c.problems).to.deep.equal([]);
  });
});

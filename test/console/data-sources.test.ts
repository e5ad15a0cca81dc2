import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { FeedServer, JSON_API, RSS } from '../support/feed-server.js';
import { setSettings } from '../support/library-assets.js';
import { type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const columns = [
  { key: 'dish', label: 'Dish', type: 'text' },
  { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
  { key: 'vegan', label: 'Vegan', type: 'boolean' },
];

describe('console: data sources', function () {
  this.timeout(120_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let tableId: string;
  let otherId: string;
  const feeds = new FeedServer();
  const pages: Page[] = [];

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await consoleCall(c.kernel, owner, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.below(300);
    return res.body?.data;
  };
  const sourceNamed = async (name: string) =>
    ((await call('GET', '/api/v1/data-sources?pageSize=100')).items as { id: string; name: string; configuration: any }[]).find((s) => s.name === name);
  const manifestTable = async () => {
    const manifest = (await playerCall(c.kernel, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
    return manifest.dataSources.find((d: any) => d.id === tableId)?.dataDocument?.datasets?.[0]?.records as { values: Record<string, any> }[] | undefined;
  };
  // axe once dialogs and notifications have finished appearing or leaving.
  const accessible = async (page: Page, what: string) => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, what);
  };

  before(async function () {
    this.timeout(300_000);
    await feeds.start();
    feeds.answers.set('/rooms.json', { type: 'application/json', body: JSON_API });
    c = await startConsoleUnderTest();
    pages.push(c.page);
    owner = await setUpOwner(c.kernel);
    await setSettings(c.kernel, owner, { 'data_sources.allow_http': true, 'data_sources.allowed_hosts': `localhost:${feeds.port}` });
    // A screen showing a price board bound to the table: what the grid saves must reach its manifest.
    screen = await pairScreen(c.kernel, owner, { name: 'Counter' });
    tableId = (
      await call('POST', '/api/v1/data-sources', {
        provider: 'manual',
        name: 'Specials',
        configuration: { columns, rows: [{ values: { dish: 'Soup', price: '4.50', vegan: 'true' } }] },
      })
    ).id;
    otherId = (await call('POST', '/api/v1/data-sources', { provider: 'manual', name: 'Staff rota', configuration: { columns: [columns[0]] } })).id;
    const board = await call('POST', '/api/v1/widgets', {
      provider: 'menu',
      name: 'Price board',
      configuration: { dataSourceId: tableId, fields: ['dish', 'price'], labelField: 'dish', valueField: 'price' },
    });
    const playlist = await call('POST', '/api/v1/playlists', { name: 'Menu board' });
    await call('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: board.id, durationMs: 15_000 });
    await publishPlaylist(c.kernel, owner, playlist.id);
    await call('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id });
    await signIn(c.page, { username: OWNER.username, password: OWNER.password });
  });
  after(async () => {
    await c?.stop();
    await feeds.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, pages);
  });

  it('creates a JSON feed from its generated form, reads it, maps its fields and previews what screens get', async () => {
    const { page } = c;
    await page.goto('/data-sources');
    await page.getByRole('heading', { level: 1, name: 'Data sources' }).waitFor();
    await page.getByRole('link', { name: 'Specials' }).waitFor();
    await accessible(page, 'the data sources list');
    await page.getByRole('link', { name: 'New data source' }).click();
    await page.getByRole('heading', { level: 1, name: 'New data source' }).waitFor();
    await pickOption(page, page.getByRole('textbox', { name: /^Kind of source/ }), 'JSON document');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Meeting rooms');
    await page.getByRole('textbox', { name: /^Url/ }).fill(feeds.url('/rooms.json'));
    await page.getByRole('button', { name: 'Read the source' }).click();
    await page.getByText('2 records found.').waitFor();
    // The sample shows what the document holds; the suggestion takes the booking's title as a record's title.
    await page.getByRole('cell', { name: 'Board meeting · Design review' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).to.equal('title (/booking/title)');
    await pickOption(page, page.getByRole('textbox', { name: 'Subtitle', exact: true }), 'name (/name)');
    await accessible(page, 'the create page with an inspected document');
    await page.getByRole('button', { name: 'Create data source' }).click();
    await page.waitForURL(/\/data-sources\/[0-9a-f-]{36}$/);

    const stored = await sourceNamed('Meeting rooms');
    expect(stored?.configuration.mapping).to.include({ rootList: '/data/rooms', title: '/booking/title', subtitle: '/name' });
    // What screens get, once read: the mapped records.
    await page.getByRole('heading', { level: 1, name: 'Meeting rooms' }).waitFor();
    const preview = page.getByRole('table', { name: 'Records screens get from Meeting rooms' });
    await eventually(
      async () => {
        await page.getByRole('button', { name: 'Read now' }).click();
        return preview.getByRole('cell', { name: 'Everest' }).count();
      },
      (n) => n > 0,
      15_000,
      1_000,
    );
    await preview.getByRole('cell', { name: 'Board meeting' }).waitFor();
    await accessible(page, 'a feed’s page');
    await page.getByRole('tab', { name: 'Fields and mapping' }).click();
    await page.getByRole('button', { name: 'Read the source' }).click();
    await page.getByRole('textbox', { name: 'Subtitle', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Subtitle', exact: true }).inputValue()).to.equal('name (/name)');
    await accessible(page, 'a feed’s mapping');
  });

  it('creates a manual table from its generated form, its columns in the grid, and shows its settings', async () => {
    const { page } = c;
    await page.goto('/data-sources/new');
    await pickOption(page, page.getByRole('textbox', { name: /^Kind of source/ }), 'Manual table');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Opening hours');
    await page.getByRole('button', { name: 'Add item' }).first().click();
    await page.getByRole('textbox', { name: /^Key/ }).fill('day');
    await page.getByRole('textbox', { name: /^Label/ }).fill('Day');
    await pickOption(page, page.getByRole('textbox', { name: /^Type/ }), 'text');
    await accessible(page, 'the create page of a manual table');
    await page.getByRole('button', { name: 'Create data source' }).click();
    await page.waitForURL(/\/data-sources\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Opening hours' }).waitFor();
    expect((await sourceNamed('Opening hours'))?.configuration.columns).to.deep.equal([{ key: 'day', label: 'Day', type: 'text' }]);
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('table', { name: 'Rows of Opening hours' }).getByRole('textbox', { name: 'Day, row 1' }).fill('Monday');
    await page.getByRole('button', { name: 'Save table' }).click();
    await page.getByText('Table saved; screens showing it get the new rows.').waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await accessible(page, 'a table’s settings');
    expect((await sourceNamed('Opening hours'))?.configuration.rows.map((r: any) => r.values)).to.deep.equal([{ day: 'Monday' }]);
  });

  it('says in words why a feed fails, and reads it again on demand once it is fixed', async () => {
    const { page } = c;
    const source = await call('POST', '/api/v1/data-sources', { provider: 'rss', name: 'Town news', configuration: { url: feeds.url('/news.xml') } });
    await call('POST', `/api/v1/data-sources/${source.id}/outputs/rebuild`);
    await page.goto(`/data-sources/${source.id}`);
    await page.getByRole('heading', { level: 1, name: 'Town news' }).waitFor();
    await page.getByText('Failing', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await page.getByText('Nothing is at this address (HTTP 404). Check the address.').waitFor();
    await page.getByText(/there is no earlier good read/).waitFor();
    await accessible(page, 'a failing feed’s diagnostics');

    feeds.answers.set('/news.xml', { type: 'application/rss+xml', body: RSS });
    await page.getByRole('button', { name: 'Read now' }).click();
    await page.getByText('The last read worked.').waitFor();
    await page.getByText('Up to date', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'What screens get' }).click();
    await page.getByRole('cell', { name: 'Library opens late' }).waitFor();
  });

  it('edits a manual table in its grid, typed cells and a block pasted from a spreadsheet, and the screen showing it gets the rows', async () => {
    const { page } = c;
    await page.goto(`/data-sources/${tableId}`);
    await page.getByRole('heading', { level: 1, name: 'Specials' }).waitFor();
    const grid = page.getByRole('table', { name: 'Rows of Specials' });
    await grid.getByRole('textbox', { name: 'Price, row 1' }).fill('5.25');
    await grid.getByRole('checkbox', { name: 'Vegan, row 1' }).uncheck();
    await page.getByRole('button', { name: 'Add row' }).click();
    const dish2 = grid.getByRole('textbox', { name: 'Dish, row 2' });
    await dish2.focus();
    // A spreadsheet's copy: tab-separated cells, one row a line; “cheap” is no amount.
    await dish2.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Risotto\t12,50 €\tyes\r\nCurry\tcheap\tno\r\n');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByText('Row 3, Price: “cheap” is not an amount.').waitFor();
    expect(await grid.getByRole('textbox', { name: 'Dish, row 3' }).inputValue()).to.equal('Curry');
    expect(await grid.getByRole('textbox', { name: 'Price, row 2' }).inputValue()).to.equal('12.5');
    expect(await grid.getByRole('checkbox', { name: 'Vegan, row 2' }).isChecked()).to.equal(true);
    await accessible(page, 'the table grid after a paste');
    await page.getByRole('button', { name: 'Save table' }).click();
    await page.getByText('Table saved; screens showing it get the new rows.').waitFor();

    const records = await eventually(manifestTable, (r) => r?.length === 3, 15_000, 200);
    expect(records?.map((r) => r.values.dish.text)).to.deep.equal(['Soup', 'Risotto', 'Curry']);
    expect(records?.map((r) => r.values.price?.number)).to.deep.equal([5.25, 12.5, undefined]);
    expect(records?.map((r) => r.values.vegan.boolean)).to.deep.equal([false, true, false]);
  });

  it('issues a token limited to one table: it writes that table’s rows and not another’s', async () => {
    const { page } = c;
    await page.goto('/tokens');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an integration token' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Till');
    await dialog.getByRole('checkbox', { name: 'Write data-source rows' }).check();
    await pickOption(page, dialog.getByRole('textbox', { name: 'Tables it may write' }), 'Specials');
    await accessible(page, 'the token form limited to a table');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new token now' });
    const secret = (await shown.getByLabel('Token Till').textContent()) ?? '';
    expect(secret).to.match(/^svci_/);
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByText('Tables: Specials').waitFor();

    const rows = [{ values: { dish: 'Tea' } }];
    const written = await playerCall(c.kernel, secret, 'PUT', `/api/v1/integration/data-sources/${tableId}/rows`, { rows });
    expect(written.status, JSON.stringify(written.body)).to.equal(200);
    const refused = await playerCall(c.kernel, secret, 'PUT', `/api/v1/integration/data-sources/${otherId}/rows`, { rows });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('insufficient_scope');
    expect((await eventually(manifestTable, (r) => r?.length === 1, 15_000, 200))?.[0]?.values.dish.text).to.equal('Tea');
  });

  it('shows another person’s change to a table and a list without a reload', async () => {
    const { page } = c;
    await page.goto(`/data-sources/${tableId}`);
    const grid = page.getByRole('table', { name: 'Rows of Specials' });
    await grid.getByRole('textbox', { name: 'Dish, row 1' }).waitFor();
    const table = await call('GET', `/api/v1/data-sources/${tableId}`);
    await call('PATCH', `/api/v1/data-sources/${tableId}`, {
      name: 'Daily specials',
      configuration: { ...table.configuration, rows: [{ values: { dish: 'Goulash', price: '8' } }] },
    });
    await page.getByRole('heading', { level: 1, name: 'Daily specials' }).waitFor();
    const renamed = page.getByRole('table', { name: 'Rows of Daily specials' });
    expect(
      await eventually(
        () => renamed.getByRole('textbox', { name: 'Dish, row 1' }).inputValue(),
        (v) => v === 'Goulash',
      ),
    ).to.equal('Goulash');

    await page.goto('/data-sources');
    await page.getByRole('link', { name: 'Staff rota' }).waitFor();
    await call('PATCH', `/api/v1/data-sources/${otherId}`, { name: 'Weekly rota' });
    await page.getByRole('link', { name: 'Weekly rota' }).waitFor();
  });
});

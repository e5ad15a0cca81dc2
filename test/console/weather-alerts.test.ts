import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { FeedServer } from '../support/feed-server.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { nwsAlert, serveAlerts, zoneFeature } from '../weather-alerts/nws-fixtures.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/** The weather alerts page against a local stand-in for the weather service. */
describe('console: weather alerts', function () {
  this.timeout(180_000);
  const feed = new FeedServer();
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const overview = async () => (await api('GET', '/api/v1/alerts/weather')).body.data;
  const pick = (page: Page, scope: Locator, field: string, option: string) =>
    pickOption(page, scope.getByRole('textbox', { name: field, exact: true }), option);

  before(async () => {
    await feed.start();
    c = await startConsoleUnderTest({ env: { NWS_BASE_URL: `http://127.0.0.1:${feed.port}`, NWS_FETCH_TIMEOUT_MS: '2000' } });
    owner = await setUpOwner(c.kernel);
    await pairScreen(c.kernel, owner, { name: 'Lobby' });
    const playlist = (await api('POST', '/api/v1/playlists', { name: 'Shelter now' })).body.data.id;
    await api('POST', `/api/v1/playlists/${playlist}/items`, { assetId: (await seedImage(c.kernel, 'shelter')).id, durationMs: 5000 });
    await publishPlaylist(c.kernel, owner, playlist);
    feed.answers.set('/zones', {
      type: 'application/geo+json',
      body: JSON.stringify({ type: 'FeatureCollection', features: [zoneFeature('OHZ055', 'Franklin', 'public'), zoneFeature('OHC049', 'Franklin', 'county')] }),
    });
    serveAlerts(feed, []);
    await signIn(c.page, OWNER);
  });
  after(async () => {
    await c?.stop();
    await feed.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('configures the monitor with the zones lookup, creates a rule, checks now and shows the active alert and what it shows', async () => {
    const { page } = c;
    await page.goto('/screens');
    await page.getByRole('link', { name: 'Weather alerts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Weather alerts' }).waitFor();
    await page.getByText('Last check: Never').waitFor();
    await expectAccessible(page, 'the weather alerts page, nothing set up');

    const monitor = page.getByRole('region', { name: 'Monitor' });
    await monitor.getByRole('textbox', { name: 'Find zones in' }).fill('oh');
    await monitor.getByRole('button', { name: 'Look up zones' }).click();
    await monitor.getByText('2 zones found; pick them in the Zones field.').waitFor();
    await pick(page, monitor, 'Zones', 'OHC049 Franklin (county)');
    await monitor.getByRole('textbox', { name: 'States and territories' }).fill('oh');
    await monitor.getByRole('textbox', { name: 'States and territories' }).press('Enter');
    await monitor.getByRole('switch', { name: 'Watch for alerts' }).check({ force: true });
    await monitor.getByRole('button', { name: 'Save monitor' }).click();
    await page.getByText('The monitor was saved.').waitFor();
    expect((await overview()).monitor).to.include({ enabled: true, pollIntervalSeconds: 120 });
    expect((await overview()).monitor.areas).to.deep.equal(['OH']);
    expect((await overview()).monitor.zones).to.deep.equal(['OHC049']);

    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New weather alert rule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Tornado');
    await dialog.getByRole('textbox', { name: 'Event names' }).fill('Tornado Warning');
    await dialog.getByRole('textbox', { name: 'Event names' }).press('Enter');
    await pick(page, dialog, 'Takeover shows', 'A playlist');
    await pick(page, dialog, 'Playlist', 'Shelter now');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.getByText('A rule targets 1–250 screens and groups.').waitFor();
    expect((await overview()).rules, 'a rule with no target is refused').to.deep.equal([]);
    await pick(page, dialog, 'Screens', 'Lobby');
    await expectAccessible(page, 'the rule dialog');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rules = page.getByRole('region', { name: 'Rules' });
    await rules.getByRole('row').filter({ hasText: 'Tornado' }).getByText('Takeover: Shelter now').waitFor();
    expect((await overview()).rules[0]).to.include({ name: 'Tornado', responseMode: 'takeover', presentationMode: 'playlist' });

    serveAlerts(feed, [nwsAlert()]);
    await monitor.getByRole('button', { name: 'Check now' }).click();
    const active = page.getByRole('region', { name: 'Active alerts' });
    const alertRow = active.getByRole('row').filter({ hasText: 'Tornado Warning issued for Franklin County' });
    await alertRow.getByRole('link', { name: 'Takeover' }).waitFor();
    await monitor.getByText('Last problem: None').waitFor();
    await expectAccessible(page, 'an active weather alert');

    feed.answers.set('/alerts/active', { type: 'text/html', body: 'down', status: 503 });
    await monitor.getByRole('button', { name: 'Check now' }).click();
    await monitor.getByText('Last problem: The weather service answered with HTTP 503.').waitFor();
    await alertRow.waitFor();

    await alertRow.getByRole('link', { name: 'Takeover' }).click();
    await page.getByRole('heading', { level: 1, name: 'Takeover: Tornado' }).waitFor();
  });

  it('edits a rule into a ticker and deletes it', async () => {
    const { page } = c;
    await page.goto('/weather-alerts');
    await page.getByRole('button', { name: 'Edit Tornado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Tornado”' });
    await dialog.getByText('Ticker', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await overview()).rules[0]).to.include({ responseMode: 'ticker' });
    await page.getByRole('button', { name: 'Delete Tornado' }).click();
    await page.getByRole('dialog', { name: 'Delete the rule “Tornado”?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No rule yet: alerts are watched but nothing is shown.').waitFor();
    expect((await overview()).rules).to.deep.equal([]);
  });

  it('explains calmly when the plugin is not installed', async () => {
    const { page } = c;
    expect((await api('DELETE', '/api/v1/plugins/emergency_alerts/installation')).status).to.be.oneOf([200, 204]);
    await page.goto('/weather-alerts');
    await page.getByText('The weather alerts plugin is not installed.').waitFor();
    await page.getByRole('link', { name: 'Open the Plugins page' }).waitFor();
    await expectAccessible(page, 'weather alerts without the plugin');
  });
});

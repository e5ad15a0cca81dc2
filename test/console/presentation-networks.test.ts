import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { type ConsoleUnderTest, describedText, expectAccessible, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { deviceMetadata, pairScreen } from '../support/player-client.js';

describe('console: presentation networks', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobbyId: string;
  let tabletId: string;
  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);

  before(async () => {
    c = await startConsoleUnderTest({ env: { PRESENTATION_NETWORK_KEY: randomBytes(32).toString('hex') } });
    owner = await setUpOwner(c.kernel);
    lobbyId = (await pairScreen(c.kernel, owner, { name: 'Lobby' })).screenId;
    tabletId = (await pairScreen(c.kernel, owner, { name: 'Tablet', metadata: deviceMetadata({ platform: 'android' }) })).screenId;
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('creates a network whose credential shows only as set, assigns a Linux screen, shows its readiness and sends a test', async () => {
    const { page } = c;
    await page.goto('/screens');
    await page.getByRole('link', { name: 'Presentation networks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Presentation networks' }).waitFor();
    await page.getByText('No presentation network yet.').waitFor();
    await page.getByRole('button', { name: 'New network' }).click();
    const dialog = page.getByRole('dialog', { name: 'New presentation network' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Meeting room');
    await dialog.getByRole('textbox', { name: 'SSID (network name)' }).fill('meet-5g');
    await dialog.getByLabel('Wi-Fi password').fill('short');
    await dialog.getByRole('button', { name: 'Save network' }).click();
    // The server's refusal at the field, naming the rule and never the value.
    await dialog.getByText('A WPA passphrase is 8 to 63 characters, or a 64-digit hexadecimal key.').waitFor();
    expect(await describedText(dialog.getByLabel('Wi-Fi password')), 'the refusal is at the password field').to.contain('A WPA passphrase is 8 to 63');
    expect((await api('GET', '/api/v1/presentation-networks')).body.data.items).to.deep.equal([]);
    await dialog.getByLabel('Wi-Fi password').fill('correct horse battery');
    await expectAccessible(page, 'the new network dialog');
    await dialog.getByRole('button', { name: 'Save network' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Meeting room' }) });
    await row.getByText('Credential set').waitFor();
    expect(await page.content(), 'the credential is never on the page').not.to.contain('correct horse battery');
    await expectAccessible(page, 'the networks page');

    await row.getByRole('link', { name: 'Meeting room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Presentation network: Meeting room' }).waitFor();
    await page.getByRole('textbox', { name: 'Screens', exact: true }).click();
    expect(await page.getByRole('option', { name: 'Tablet' }).count(), 'only Linux screens are offered').to.equal(0);
    await page.getByRole('option', { name: 'Lobby' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save screens' }).click();
    const screenRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Lobby' }) });
    await screenRow.getByText('Waiting for the player', { exact: true }).waitFor();
    const [network] = (await api('GET', '/api/v1/presentation-networks')).body.data.items;
    expect(network).to.include({ name: 'Meeting room', assignedScreens: 1, credentialSet: true });
    expect(network).not.to.have.property('secret');
    await expectAccessible(page, 'a network with a screen');

    await screenRow.getByRole('button', { name: 'Test from Lobby' }).click();
    await page.getByText('The test was sent to Lobby', { exact: false }).waitFor();
    const commands = (await api('GET', `/api/v1/screens/${lobbyId}/commands`)).body.data.items as { type: string }[];
    expect(commands.map((x) => x.type)).to.include('test_presentation_network');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Meeting room”' });
    await edit.getByText('A credential is set. Leave this empty to keep it; type a new one to replace it.').waitFor();
    expect(await edit.getByLabel('Wi-Fi password').inputValue()).to.equal('');
    await expectAccessible(page, 'the edit dialog');
    await page.keyboard.press('Escape');

    // The screen's own page says which network it uses and how ready it is; an Android screen is told apart.
    await page.goto(`/screens/${lobbyId}`);
    const section = page.getByRole('region', { name: 'Presentation network' });
    await section.getByText('Meeting room').waitFor();
    await section.getByText('Waiting for the player', { exact: true }).waitFor();
    await expectAccessible(page, 'a screen page with its presentation network');
    await page.goto(`/screens/${tabletId}`);
    await page.getByRole('region', { name: 'Presentation network' }).getByText('Only Linux screens join presentation networks.').waitFor();
  });
});

describe('console: presentation networks without a key on the server', function () {
  this.timeout(180_000);
  let c: ConsoleUnderTest;

  before(async () => {
    c = await startConsoleUnderTest();
    await setUpOwner(c.kernel);
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('explains what whoever runs the server must set, instead of failing', async () => {
    const { page } = c;
    await page.goto('/presentation-networks');
    await page.getByText('Presentation networks are not set up on this server').waitFor();
    await page.getByText('sets PRESENTATION_NETWORK_KEY', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'New network' }).count()).to.equal(0);
    expect(c.problems).to.deep.equal([]);
    await expectAccessible(page, 'presentation networks unavailable');
  });
});

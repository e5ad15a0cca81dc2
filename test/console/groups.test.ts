import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import {
  type ConsoleUnderTest,
  expectAccessible,
  pickOption,
  pickUpWithKeyboard,
  screenshotOnFailure,
  signIn,
  startConsoleUnderTest,
} from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, newSignedInUser, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage, setSettings } from '../support/library-assets.js';
import { type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/** Screen groups in the console: members dragged in, a four-panel video wall, display control, and policy levels on group and screen. */
describe('console: screen groups, video walls and policies', function () {
  this.timeout(240_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  const wall: Record<'A' | 'B' | 'C' | 'D', PairedScreen> = {} as never;
  let groupId: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const manifestOf = async (s: PairedScreen) => (await playerCall(c.kernel, s.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const configOf = async (s: PairedScreen) => (await playerCall(c.kernel, s.credential, 'GET', '/api/v1/player/config')).body.data;
  const group = async () => (await api('GET', `/api/v1/screen-groups/${groupId}`)).body.data;
  /** A pointer drag as a person makes it: press, travel in steps (dnd-kit starts after a few pixels), release. */
  const drag = async (page: Page, from: Locator, to: { x: number; y: number }) => {
    const box = (await from.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 8, box.y + box.height / 2 + 8, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  };
  const centre = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name }).click();
    await page.getByRole('tab', { name, selected: true }).waitFor();
  };

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    for (const name of ['A', 'B', 'C', 'D'] as const) wall[name] = await pairScreen(c.kernel, owner, { name: `Wall ${name}` });
    await signIn(c.page, OWNER);
  });
  after(async () => {
    await c?.stop();
  });
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('creates a group, takes screens dragged in or ticked, and arranges four panels whose players get their viewports', async () => {
    const { page } = c;
    await page.goto('/groups');
    await page.getByRole('heading', { level: 1, name: 'Screen groups' }).waitFor();
    await page.getByText('No screen group yet.').waitFor();
    await expectAccessible(page, 'the empty groups list');
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New screen group' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lobby wall');
    await expectAccessible(page, 'the new group dialog');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group: Lobby wall' }).waitFor();
    groupId = page.url().split('/groups/')[1]!.split('?')[0]!;

    // One screen dragged by the pointer into the group's list…
    const members = page.getByRole('region', { name: /In this group/ });
    await members.getByText('No screen is in this group yet.').waitFor();
    await expectAccessible(page, 'the group members tab');
    await drag(page, page.getByRole('button', { name: 'Drag Wall A into the group' }), await centre(members));
    await members.getByRole('link', { name: 'Wall A' }).waitFor();
    // …one carried by the keyboard (Space picks it up, an arrow key takes it over the group, Space drops it)…
    // Each step waits for what a screen reader hears of it.
    await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Drag Wall B into the group' }), 'Picked up Wall B.');
    await page.keyboard.press('ArrowRight');
    await page.getByText('Over the group’s list: drop to add.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await members.getByRole('link', { name: 'Wall B' }).waitFor();
    // …the others ticked and added together.
    for (const name of ['Wall C', 'Wall D']) await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
    await page.getByRole('button', { name: 'Add 2 chosen screens' }).click();
    await page.getByRole('heading', { name: 'In this group (4)' }).waitFor();
    expect(((await group()).screens as { name: string }[]).map((s) => s.name).sort()).to.deep.equal(['Wall A', 'Wall B', 'Wall C', 'Wall D']);
    expect((await manifestOf(wall.A)).syncGroup.id, 'members play in step').to.equal(groupId);

    await openTab(page, 'Video wall');
    const canvas = page.getByRole('region', { name: /^Wall canvas/ });
    await canvas.waitFor();
    await expectAccessible(page, 'the video wall editor');
    // A wider canvas, then Wall B dragged to its right edge: it lands exactly there.
    const width = page.getByRole('textbox', { name: 'Canvas width' });
    await width.fill('5760');
    await page.getByRole('region', { name: 'Wall canvas, 5760 × 2160 pixels' }).waitFor();
    const panelB = page.getByRole('button', { name: 'Panel of Wall B' });
    const from = await centre(panelB);
    const across = (await canvas.boundingBox())!.width / 3;
    await drag(page, panelB, { x: from.x + across, y: from.y });
    // In numbers: Wall A's right bezel, and Wall D turned on its side.
    await pickOption(page, page.getByRole('textbox', { name: 'Panel to edit' }), 'Wall A');
    await page.getByRole('textbox', { name: 'Right bezel' }).fill('15');
    await pickOption(page, page.getByRole('textbox', { name: 'Panel to edit' }), 'Wall D');
    await page.getByRole('button', { name: 'Turn a quarter' }).click();
    const preview = page.getByRole('region', { name: 'What each screen shows' });
    await preview.getByRole('row').filter({ hasText: 'Wall A' }).getByText('1905 × 1080 at (0, 0)').waitFor();
    await preview.getByRole('row').filter({ hasText: 'Wall B' }).getByText('1920 × 1080 at (3840, 0)').waitFor();
    await preview.getByRole('row').filter({ hasText: 'Wall D' }).getByText('1080 × 1920 at (1920, 240)').waitFor();
    await page.getByRole('button', { name: 'Save wall' }).click();
    await page.getByText('The group is a video wall: each screen shows its panel of one picture.').waitFor();

    const span = (await api('GET', `/api/v1/screen-groups/${groupId}/span`)).body.data;
    const orderOf = (s: PairedScreen) => span.geometry.panels.find((p: { screenId: string }) => p.screenId === s.screenId).order;
    const bezels = { bezelLeft: 0, bezelTop: 0, bezelRight: 0, bezelBottom: 0 };
    const expected = [
      [wall.A, { x: 0, y: 0, width: 1920, height: 1080, rotation: 0, ...bezels, bezelRight: 15 }],
      [wall.B, { x: 3840, y: 0, width: 1920, height: 1080, rotation: 0, ...bezels }],
      [wall.C, { x: 0, y: 1080, width: 1920, height: 1080, rotation: 0, ...bezels }],
      [wall.D, { x: 1920, y: 240, width: 1080, height: 1920, rotation: 90, ...bezels }],
    ] as const;
    for (const [screen, viewport] of expected) {
      const manifest = await manifestOf(screen);
      expect(manifest.canvas, screen.screenName).to.deep.equal({ width: 5760, height: 2160 });
      expect(manifest.viewport, screen.screenName).to.deep.equal({ ...viewport, order: orderOf(screen) });
    }
    expect(new Set(expected.map(([s]) => orderOf(s))).size, 'each panel its own order').to.equal(4);
    await page.getByRole('button', { name: 'Save wall' }).and(page.locator(':disabled')).waitFor();

    // Someone else renames the group: this page follows without a reload.
    expect((await api('PATCH', `/api/v1/screen-groups/${groupId}`, { name: 'Atrium wall' })).status).to.equal(200);
    await page.getByRole('heading', { level: 1, name: 'Group: Atrium wall' }).waitFor();
  });

  it('previews a display command for the group and shows what became of it on each screen', async () => {
    const { page } = c;
    // Wall A's player reports that it switches its display over DDC/CI; the others report nothing.
    expect(
      (
        await playerCall(c.kernel, wall.A.credential, 'POST', '/api/v1/player/heartbeat', {
          displayControlProvider: 'ddc_ci',
          displayControlCapabilities: { power: 'ddc_ci' },
        })
      ).status,
    ).to.equal(200);
    await (c.kernel.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
    await page.goto(`/groups/${groupId}?tab=display`);
    await pickOption(page, page.getByRole('textbox', { name: 'Command' }), 'Display off');
    await page.getByRole('heading', { name: '1 of 4 screens can take it' }).waitFor();
    await expectAccessible(page, 'the display control preview');
    await page.getByRole('button', { name: 'Display off on 1 screen' }).click();
    const result = page.getByRole('region', { name: 'Sent: 1 queued, 0 failed' });
    await result.getByRole('row').filter({ hasText: 'Wall A' }).getByText('Queued').waitFor();
    for (const name of ['Wall B', 'Wall C', 'Wall D']) {
      const row = result.getByRole('row').filter({ hasText: name });
      await row.getByText('Skipped').waitFor();
      await row.getByText('The player does not report power control.').waitFor();
    }
    const commands = (await api('GET', `/api/v1/screens/${wall.A.screenId}/commands`)).body.data.items.map((x: { type: string }) => x.type);
    expect(commands).to.include('display_power_off');
    expect((await api('GET', `/api/v1/screens/${wall.B.screenId}/commands`)).body.data.items).to.deep.equal([]);
    await expectAccessible(page, 'the display control result');
  });

  it('sets a policy at group level that a screen follows with its source, and resets it to the organization’s', async () => {
    const { page } = c;
    await setSettings(c.kernel, owner, { 'player.playback.default_volume': 0.4 });
    await page.goto(`/groups/${groupId}?tab=policy`);
    const row = page.getByRole('row', { name: /^Default volume/ });
    await row.getByRole('button', { name: 'Change Default volume for Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Default volume: Group' });
    await dialog.getByRole('textbox', { name: 'Default volume' }).fill('0.7');
    await expectAccessible(page, 'the policy value dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row.getByText('0.7').waitFor();
    await expectAccessible(page, 'the group policy tab');
    await eventually(
      async () => (await configOf(wall.C)).playback.defaultVolume,
      (v) => v === 0.7,
    );

    await page.goto(`/screens/${wall.C.screenId}?tab=policy`);
    const screenRow = page.getByRole('row', { name: /^Default volume/ });
    const follows = screenRow.getByRole('cell').last();
    await follows.getByText('0.7').waitFor();
    await follows.getByText('Group “Atrium wall”').waitFor();
    await screenRow.getByRole('cell').nth(0).getByText('0.4').waitFor();
    await expectAccessible(page, 'the screen policy tab');

    await screenRow.getByRole('button', { name: 'Reset Default volume for Group “Atrium wall” to inherited' }).click();
    await follows.getByText('0.4').waitFor();
    await follows.getByText('Organization').waitFor();
    expect((await configOf(wall.C)).playback.defaultVolume, 'the player follows the organization again').to.equal(0.4);
    expect((await api('GET', `/api/v1/screen-groups/${groupId}/policy`)).body.data.revision, 'nothing left at group level').to.equal(0);

    // Someone else gives the screen its own value: the page follows without a reload.
    expect((await api('PUT', `/api/v1/screens/${wall.C.screenId}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.2 } })).status).to.equal(
      200,
    );
    await follows.getByText('This screen').waitFor();
    await follows.getByText('0.2').waitFor();
  });

  it('gives members without their own content the group’s playlist, names a presentation gateway, and quick presents on the group', async () => {
    const { page } = c;
    const playlist = (await api('POST', '/api/v1/playlists', { name: 'Welcome' })).body.data.id as string;
    expect(
      (await api('POST', `/api/v1/playlists/${playlist}/items`, { assetId: (await seedImage(c.kernel, 'Welcome')).id, durationMs: 5000 })).status,
    ).to.equal(201);
    await publishPlaylist(c.kernel, owner, playlist);
    await page.goto(`/groups/${groupId}?tab=content`);
    await page.getByText('The group gives its members no content.').waitFor();
    await pickOption(page, page.getByRole('textbox', { name: 'Playlist' }), 'Welcome');
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('Members play the playlist “Welcome”.').waitFor();
    for (const screen of Object.values(wall)) expect((await manifestOf(screen)).playlist.id, screen.screenName).to.equal(playlist);
    await pickOption(page, page.getByRole('textbox', { name: 'Presentation gateway' }), 'Wall B');
    await eventually(
      async () => (await group()).presentationGatewayScreenId,
      (id) => id === wall.B.screenId,
    );
    await expectAccessible(page, 'the group content and sync tab');

    await openTab(page, 'Quick present');
    const panel = page.getByRole('tabpanel', { name: 'Quick present' });
    await pickOption(page, panel.getByRole('textbox', { name: 'Content', exact: true }), 'Welcome');
    await panel.getByRole('button', { name: 'Present now' }).click();
    await panel.getByText('Presenting “Welcome” (Playlist)', { exact: false }).waitFor();
    const sessions = (await api('GET', '/api/v1/presentation-overrides')).body.data.items as { targetType: string; targetId: string; id: string }[];
    expect(sessions.map((x) => [x.targetType, x.targetId])).to.deep.equal([['group', groupId]]);
    await expectAccessible(page, 'a quick presentation on the group');
    await panel.getByRole('button', { name: 'Stop presenting' }).click();
    await panel.getByRole('button', { name: 'Present now' }).waitFor();
  });

  it('shows a viewer the group read-only: no changes offered, the wall and its panels still shown', async () => {
    const viewer = await newSignedInUser(c.kernel, owner, 'viewer password 1', 'viewer', 'viewer');
    const page = await c.newPage();
    try {
      await signIn(page, { username: viewer.username, password: 'viewer password 1' });
      await page.goto(`/groups/${groupId}`);
      await page.getByRole('heading', { level: 1, name: 'Group: Atrium wall' }).waitFor();
      await page.getByText('Only administrators change screen groups.').waitFor();
      expect(await page.getByRole('button', { name: /^(Rename|Delete)$/ }).count()).to.equal(0);
      expect(await page.getByRole('button', { name: /^Remove .* from the group$/ }).count()).to.equal(0);
      await expectAccessible(page, 'a group as a viewer sees it');
      await page.getByRole('tab', { name: 'Video wall' }).click();
      await page.getByRole('region', { name: 'Wall canvas, 5760 × 2160 pixels' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save wall' }).count()).to.equal(0);
    } finally {
      await page.close();
    }
  });

  it('renames and deletes a group from the list; its screens stay', async () => {
    const { page } = c;
    await page.goto('/groups');
    await page.getByRole('row').filter({ hasText: 'Video wall' }).getByRole('link', { name: 'Atrium wall' }).waitFor();
    await expectAccessible(page, 'the groups list');
    await page.getByRole('button', { name: 'Rename Atrium wall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename “Atrium wall”' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Hall wall');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Hall wall' }).waitFor();
    await page.getByRole('button', { name: 'Delete Hall wall' }).click();
    await page.getByRole('dialog', { name: 'Delete “Hall wall”?' }).getByRole('button', { name: 'Delete group' }).click();
    await page.getByText('No screen group yet.').waitFor();
    expect((await api('GET', `/api/v1/screen-groups/${groupId}`)).status).to.equal(404);
    expect((await api('GET', `/api/v1/screens/${wall.A.screenId}`)).status).to.equal(200);
    const left = await manifestOf(wall.A);
    expect(left, 'no group, no wall').to.not.have.property('viewport');
    expect(left.playlist.name, 'it keeps the group’s playlist as its own').to.equal('Welcome');
  });
});

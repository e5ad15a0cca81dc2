import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type ConsoleUnderTest, expectAccessible, pickOption, screenshotOnFailure, signIn, startConsoleUnderTest } from '../support/console-browser.js';
import { type ConsoleSession, consoleCall, OWNER, setUpOwner } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { type PairedScreen, pairScreen } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

// Instants in the blocks' zone (UTC): a Wednesday and a Saturday at noon.
const WEDNESDAY_NOON = '2027-01-06T12:00:00.000Z';
const SATURDAY_NOON = '2027-01-09T12:00:00.000Z';

/** The Campaigns section: building a draft, its preflight, publishing, releases restored, and archiving. */
describe('console: campaigns', function () {
  this.timeout(240_000);
  let c: ConsoleUnderTest;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let morning: string;
  let evening: string;
  let groupId: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(c.kernel, owner, method, path, body);
  const playlist = async (name: string) => {
    const id = (await api('POST', '/api/v1/playlists', { name })).body.data.id as string;
    expect((await api('POST', `/api/v1/playlists/${id}/items`, { assetId: (await seedImage(c.kernel, name)).id, durationMs: 5000 })).status).to.equal(201);
    return id;
  };
  const winnerAt = async (timestamp: string) =>
    (await api('POST', '/api/v1/schedules/preview', { screenId: lobby.screenId, timestamp })).body.data.winningPlaylistId as string | null;
  const campaignNamed = async (name: string) =>
    ((await api('GET', '/api/v1/campaigns?pageSize=100')).body.data.items as Record<string, any>[]).find((x) => x.name === name)!;
  const builder = async (page: Page, name: string) => {
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    return page;
  };

  before(async () => {
    c = await startConsoleUnderTest();
    owner = await setUpOwner(c.kernel);
    lobby = await pairScreen(c.kernel, owner, { name: 'Lobby' });
    morning = await playlist('Morning');
    evening = await playlist('Evening');
    groupId = (await api('POST', '/api/v1/screen-groups', { name: 'Ground floor' })).body.data.id;
    expect((await api('POST', `/api/v1/screen-groups/${groupId}/screens`, { screenId: lobby.screenId })).status).to.be.oneOf([200, 201, 204]);
    await signIn(c.page, OWNER);
  });
  after(() => c?.stop());
  afterEach(async function () {
    await screenshotOnFailure(this.currentTest, [c.page]);
  });

  it('builds a campaign of two blocks on a group, fixes what preflight finds, publishes, and the screen plays its blocks', async () => {
    const { page } = c;
    await page.goto('/campaigns');
    await page.getByText('No campaigns yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'the campaigns list, empty');
    await page.getByRole('button', { name: 'New campaign' }).click();
    const create = page.getByRole('dialog', { name: 'New campaign' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await create.getByRole('button', { name: 'Create campaign' }).click();
    await builder(page, 'Spring sale');
    const preflight = page.getByRole('list', { name: 'Issues' });
    await preflight.getByText('The campaign needs at least one destination.').waitFor();
    await expectAccessible(page, 'a new campaign’s builder with preflight errors');
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled(), 'errors block publishing').to.equal(true);

    // The first block by keyboard alone: the button, the name, the content picker, then keep it.
    await page.getByRole('button', { name: 'Add block' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New block' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.keyboard.type('Weekdays');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Morn');
    const morningOption = page.getByRole('option', { name: 'Morning', exact: true });
    await morningOption.waitFor();
    // The list marks the option ArrowDown reaches once it has settled after opening (the only
    // option that matches, so pressing again keeps it).
    await eventually(
      async () => {
        await page.keyboard.press('ArrowDown');
        return morningOption.getAttribute('data-combobox-selected');
      },
      (selected) => selected === 'true',
    );
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('textbox', { name: 'Content' }).inputValue()).to.equal('Morning');
    await expectAccessible(page, 'the block dialog');
    await dialog.getByRole('button', { name: 'Keep block' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    // The second by mouse: weekends only, at a higher priority.
    await page.getByRole('button', { name: 'Add block' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Weekends');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Content' }), 'Evening');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await dialog.getByRole('checkbox', { name: day }).click();
    await dialog.getByRole('textbox', { name: 'Priority' }).fill('20');
    await dialog.getByRole('button', { name: 'Keep block' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const blocks = page.getByRole('table', { name: 'Blocks, in the order the campaign holds them' });
    await blocks.getByRole('row').filter({ hasText: 'Weekends' }).waitFor();

    await pickOption(page, page.getByRole('textbox', { name: 'Screen groups' }), 'Ground floor');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('No issues found.').waitFor();
    await page.getByText('2 blocks, 1 destination, 1 screen in 0 locations').waitFor();
    const saved = await campaignNamed('Spring sale');
    expect(saved.draftRevision).to.equal(2);
    expect(saved.draft.destinations).to.deep.equal([{ type: 'group', id: groupId }]);
    expect(saved.draft.blocks.map((b: any) => [b.name, b.contentId, b.priority, b.daysOfWeek, b.dailyStart, b.dailyEnd])).to.deep.equal([
      ['Weekdays', morning, 10, [1, 2, 3, 4, 5], '09:00', '17:00'],
      ['Weekends', evening, 20, [0, 6], '09:00', '17:00'],
    ]);
    await expectAccessible(page, 'a saved campaign that passes preflight');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Release 1 published', { exact: false }).waitFor();
    const releases = page.getByRole('table', { name: 'Releases, newest first' });
    await releases.getByRole('cell', { name: 'Published', exact: true }).waitFor();
    await releases.getByRole('cell', { name: 'Olivia Owner', exact: true }).waitFor();
    expect(await winnerAt(WEDNESDAY_NOON), 'the weekday block plays on a Wednesday').to.equal(morning);
    expect(await winnerAt(SATURDAY_NOON), 'the weekend block on a Saturday').to.equal(evening);
    await expectAccessible(page, 'a published campaign with its release');
    expect(c.problems).to.deep.equal([]);
  });

  it('a changed release replaces the first; restoring release 1 and publishing brings its schedules back; archiving withdraws them', async () => {
    const { page } = c;
    await page.goto('/campaigns');
    await page.getByRole('link', { name: 'Spring sale' }).click();
    await builder(page, 'Spring sale');
    const blocks = page.getByRole('table', { name: 'Blocks, in the order the campaign holds them' });
    await page.getByRole('button', { name: 'Edit block Weekdays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Weekdays' });
    await pickOption(page, dialog.getByRole('textbox', { name: 'Content' }), 'Evening');
    await dialog.getByRole('button', { name: 'Keep block' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await blocks.getByRole('row').filter({ hasText: 'Weekdays' }).filter({ hasText: 'Evening' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Release 2 published', { exact: false }).waitFor();
    expect(await winnerAt(WEDNESDAY_NOON), 'release 2 plays').to.equal(evening);

    await page.getByRole('button', { name: 'Restore release 1' }).click();
    await page.getByText('Release 1 copied into the draft.', { exact: false }).waitFor();
    await blocks.getByRole('row').filter({ hasText: 'Weekdays' }).filter({ hasText: 'Morning' }).waitFor();
    expect(await winnerAt(WEDNESDAY_NOON), 'screens keep release 2 until publishing').to.equal(evening);
    await page.getByText('Unpublished changes (release 2 on screens)').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Release 3 published', { exact: false }).waitFor();
    await page.getByText('Unpublished changes', { exact: false }).waitFor({ state: 'hidden' });
    expect(await winnerAt(WEDNESDAY_NOON), 'release 1’s schedules are back').to.equal(morning);
    await expectAccessible(page, 'a campaign with three releases');

    await page.getByRole('button', { name: 'Archive campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Spring sale?' });
    await expectAccessible(page, 'the archive confirmation');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByText('No campaigns yet.', { exact: false }).waitFor();
    await eventually(
      () => winnerAt(WEDNESDAY_NOON),
      (winner) => winner === null,
    );
    expect(c.problems).to.deep.equal([]);
  });
});

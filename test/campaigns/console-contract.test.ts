import { expect } from 'chai';
import { ConsoleCampaign, ConsoleCampaignList, ConsoleCampaignPreflight, ConsoleCampaignRelease } from '../fixtures/console-types/campaigns.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('campaigns as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;

  it('creates, lists, edits the draft, preflights, publishes, lists releases, restores one and archives, each answer of the console’s type', async () => {
    const hall = await pairScreen(ui.k, ui.owner, { name: 'Hall' });
    const playlistId = (await call('POST', '/api/v1/playlists', { name: 'Sale' })).id;
    await call('POST', `/api/v1/playlists/${playlistId}/items`, { assetId: (await seedImage(ui.k)).id, durationMs: 5000 });
    await publishPlaylist(ui.k, ui.owner, playlistId);

    // The campaigns page's new-campaign dialog, then its library query.
    const created = await call('POST', '/api/v1/campaigns', { name: 'Spring', description: '', timezone: 'UTC' });
    expectConsoleShape(created, ConsoleCampaign, 'POST /campaigns');
    expectConsoleShape(await call('GET', '/api/v1/campaigns?page=1&pageSize=100&search='), ConsoleCampaignList, 'GET /campaigns');
    const draft = {
      ...created.draft,
      destinations: [{ type: 'screen', id: hall.screenId }],
      blocks: [
        {
          id: '0b8f4c1e-7a4e-4d7b-9a57-1f0c2d3e4f50',
          name: 'Sale',
          contentType: 'playlist',
          contentId: playlistId,
          priority: 0,
          type: 'one_time',
          timezone: 'UTC',
          oneTimeStart: '2027-03-01T08:00:00.000Z',
          oneTimeEnd: '2027-03-01T18:00:00.000Z',
          enabled: true,
        },
      ],
    };
    const saved = await call('PATCH', `/api/v1/campaigns/${created.id}/draft`, { expectedDraftRevision: created.draftRevision, draft });
    expectConsoleShape(saved, ConsoleCampaign, 'PATCH /campaigns/{id}/draft');
    const preflight = await call('GET', `/api/v1/campaigns/${created.id}/preflight`);
    expectConsoleShape(preflight, ConsoleCampaignPreflight, 'GET /campaigns/{id}/preflight');
    expect(preflight.valid).to.equal(true);
    await call('POST', `/api/v1/campaigns/${created.id}/publish`, { expectedDraftRevision: saved.draftRevision });
    const releases = await call('GET', `/api/v1/campaigns/${created.id}/releases`);
    for (const release of releases.items) expectConsoleShape(release, ConsoleCampaignRelease, 'GET /campaigns/{id}/releases');
    const restored = await call('POST', `/api/v1/campaigns/${created.id}/releases/${releases.items[0].id}/restore`);
    expectConsoleShape(restored, ConsoleCampaign, 'POST /campaigns/{id}/releases/{releaseId}/restore');
    expectConsoleShape(await call('GET', `/api/v1/campaigns/${created.id}`), ConsoleCampaign, 'GET /campaigns/{id}');
    await call('DELETE', `/api/v1/campaigns/${created.id}`);
  });
});

import { expect } from 'chai';
import { ScreenGroup, ScreenGroupList, SpanStatus } from '../fixtures/console-types/screen-groups.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, type PairedScreen } from '../support/player-client.js';

describe('screen groups as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;
  let lobby: PairedScreen;

  before(async () => {
    const { k, owner } = ui;
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
  });

  it('answers each call of the groups page in the console’s shape', async () => {
    const created = await call('POST', '/api/v1/screen-groups', { name: 'Ground floor', description: '' });
    expectConsoleShape(created, ScreenGroup, 'POST /screen-groups');
    const joined = await call('POST', `/api/v1/screen-groups/${created.id}/screens`, { screenId: lobby.screenId });
    expectConsoleShape(joined, ScreenGroup, 'POST /screen-groups/{id}/screens');

    const playlistId = (await call('POST', '/api/v1/playlists', { name: 'Welcome' })).id;
    await call('POST', `/api/v1/playlists/${playlistId}/items`, { assetId: (await seedImage(ui.k)).id, durationMs: 5000 });
    const assigned = await call('PUT', `/api/v1/screen-groups/${created.id}/playlist-assignment`, { playlistId });
    expectConsoleShape(assigned, ScreenGroup, 'PUT /screen-groups/{id}/playlist-assignment');
    expect(assigned).to.include({ playlistId, playlistName: 'Welcome', presentationType: 'playlist' });

    // The gateway picker sends the name and description with the gateway, or with clearPresentationGateway.
    const gateway = await call('PATCH', `/api/v1/screen-groups/${created.id}`, {
      name: 'Ground floor',
      description: '',
      presentationGatewayScreenId: lobby.screenId,
    });
    expectConsoleShape(gateway, ScreenGroup, 'PATCH /screen-groups/{id} (gateway)');
    expect(gateway.presentationGatewayScreenId).to.equal(lobby.screenId);
    const automatic = await call('PATCH', `/api/v1/screen-groups/${created.id}`, { name: 'Ground floor', description: '', clearPresentationGateway: true });
    expectConsoleShape(automatic, ScreenGroup, 'PATCH /screen-groups/{id} (automatic gateway)');

    const list = await call('GET', `/api/v1/screen-groups?page=1&pageSize=100&search=${encodeURIComponent('ground')}`);
    expectConsoleShape(list, ScreenGroupList, 'GET /screen-groups?search=');
    expect(list.items.map((g: any) => g.id)).to.deep.equal([created.id]);
    expectConsoleShape(await call('GET', `/api/v1/screen-groups/${created.id}`), ScreenGroup, 'GET /screen-groups/{id}');
    expectConsoleShape(
      await call('DELETE', `/api/v1/screen-groups/${created.id}/playlist-assignment`),
      ScreenGroup,
      'DELETE /screen-groups/{id}/playlist-assignment',
    );

    // "Switch to Span" sends the editor's preset panels, each with its screen's name; "Save wall" sends back what it read.
    const panel = { screenId: lobby.screenId, screenName: 'Lobby', order: 0, x: 0, y: 0, width: 3840, height: 1080, rotation: 0 };
    const bezels = { bezelLeft: 0, bezelTop: 0, bezelRight: 0, bezelBottom: 0 };
    await call('PUT', `/api/v1/screen-groups/${created.id}/span`, {
      displayMode: 'span',
      canvas: { width: 3840, height: 1080 },
      panels: [{ ...panel, ...bezels }],
    });
    const wall = await call('GET', `/api/v1/screen-groups/${created.id}/span`);
    expectConsoleShape(wall, SpanStatus, 'GET /screen-groups/{id}/span');
    expect(wall.geometry.panels[0]).to.include({ screenName: 'Lobby', width: 3840 });
    await call('PUT', `/api/v1/screen-groups/${created.id}/span`, { displayMode: 'span', canvas: wall.geometry.canvas, panels: wall.geometry.panels });
    await call('PUT', `/api/v1/screen-groups/${created.id}/span`, { displayMode: 'mirror' });
    expect((await call('GET', `/api/v1/screen-groups/${created.id}`)).displayMode).to.equal('mirror');
  });
});

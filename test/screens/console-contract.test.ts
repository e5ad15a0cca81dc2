import { expect } from 'chai';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import {
  PairingRequest,
  PendingPairings,
  PlayerCommandList,
  PlayerHistoryList,
  PlaylistAssignment,
  QueuedCommand,
  Screen,
  ScreenList,
} from '../fixtures/console-types/screens.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { createPairingSession, deviceMetadata, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';

describe('screens as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const read = (path: string, method = 'GET', body?: unknown) => ui.call(method, path, body);
  let reported: PairedScreen;
  let silent: PairedScreen;

  before(async () => {
    const { k, owner } = ui;
    const location = await read('/api/v1/locations', 'POST', { name: 'Head office' });
    // One screen as its player describes itself and reports, one paired and never heard from since.
    reported = await pairScreen(k, owner, {
      name: 'Lobby',
      metadata: deviceMetadata({ platform: 'android', manufacturer: 'Sony', model: 'BRAVIA 4K', androidVersion: '12' }),
      approval: { locationId: location.id, roomName: 'Entrance', roomNumber: '0.01', description: 'By the door' },
    });
    silent = await pairScreen(k, owner, { name: 'Storeroom' });
    const heartbeat = await playerCall(k, reported.credential, 'POST', '/api/v1/player/heartbeat', {
      playerVersion: '3.1.0',
      playerVersionCode: 30100,
      uptimeSeconds: 3600,
      screenWidth: 3840,
      screenHeight: 2160,
    });
    expect(heartbeat.status).to.equal(200);
    await (k.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
  });

  it('lists and reads screens with the device fields, and no null where the console’s type has none', async () => {
    const list = await read('/api/v1/screens');
    expectConsoleShape(list, ScreenList, 'GET /screens');
    const lobby = await read(`/api/v1/screens/${reported.screenId}`);
    expectConsoleShape(lobby, Screen, 'GET /screens/{id} (reported)');
    expect(lobby).to.deep.include({
      location: 'Head office',
      deviceManufacturer: 'Sony',
      deviceModel: 'BRAVIA 4K',
      androidVersion: '12',
      playerVersion: '3.1.0',
      screenWidth: 3840,
      uptimeSeconds: 3600,
    });
    expect(lobby.lastContactAt).to.be.a('string');
    const storeroom = await read(`/api/v1/screens/${silent.screenId}`);
    expectConsoleShape(storeroom, Screen, 'GET /screens/{id} (never reported)');
    expect(storeroom).to.include({ location: '' });
    expect(storeroom).to.not.have.any.keys('locationId', 'lastContactAt', 'uptimeSeconds', 'lastKnownIp');
  });

  it('answers a screen’s assignment with the screen’s playback status, assigned or not', async () => {
    const none = await read(`/api/v1/screens/${silent.screenId}/playlist-assignment`);
    expectConsoleShape(none, PlaylistAssignment, 'GET …/playlist-assignment (none)');
    expect(none).to.include({ synchronizationStatus: 'not_reported', playbackDisabled: false });
    const playlist = await read('/api/v1/playlists', 'POST', { name: 'Lobby loop' });
    const assigned = await read(`/api/v1/screens/${reported.screenId}/playlist-assignment`, 'PUT', { playlistId: playlist.id });
    expectConsoleShape(assigned, PlaylistAssignment, 'PUT …/playlist-assignment');
    expect(assigned).to.include({ playlistId: playlist.id, playlistName: 'Lobby loop', presentationType: 'playlist' });
  });

  it('takes the console’s screen edit and answers a screen', async () => {
    const edited = await read(`/api/v1/screens/${silent.screenId}`, 'PATCH', { name: 'Store room', roomName: 'Back', roomNumber: 'B2', description: '' });
    expectConsoleShape(edited, Screen, 'PATCH /screens/{id}');
    expect(edited).to.include({ name: 'Store room', roomName: 'Back' });
    // Its "Unassigned" location is a whole description without locationId.
    const lobby = await read(`/api/v1/screens/${reported.screenId}`);
    const { name, description, roomName, roomNumber } = lobby;
    const moved = await read(`/api/v1/screens/${reported.screenId}`, 'PATCH', { name, description, roomName, roomNumber });
    expect(moved).to.include({ location: '' });
    expect(moved).to.not.have.property('locationId');
  });

  it('shows player history with the installation id', async () => {
    const history = await read(`/api/v1/screens/${reported.screenId}/player-history`);
    expectConsoleShape(history, PlayerHistoryList, 'GET /screens/{id}/player-history');
    expect(history.items[0]).to.include({ installationId: reported.playerInstallationId, model: 'BRAVIA 4K', androidVersion: '12' });
  });

  it('queues and lists commands with their total', async () => {
    const queued = await read(`/api/v1/screens/${reported.screenId}/commands`, 'POST', { type: 'identify_screen', payload: { durationSeconds: 30 } });
    expectConsoleShape(queued, QueuedCommand, 'POST /screens/{id}/commands');
    const commands = await read(`/api/v1/screens/${reported.screenId}/commands`);
    expectConsoleShape(commands, PlayerCommandList, 'GET /screens/{id}/commands');
    expect(commands.total).to.equal(commands.items.length).and.to.be.at.least(1);
  });

  it('resolves a pairing code, lists it as pending, and approves it with the console’s body', async () => {
    const session = await createPairingSession(ui.k, deviceMetadata({ model: 'Linux x64' }));
    const resolved = await read('/api/v1/screens/pairing/resolve', 'POST', { code: session.code });
    expectConsoleShape(resolved, PairingRequest, 'POST /screens/pairing/resolve');
    const pending = await read('/api/v1/screens/pairing/pending');
    expectConsoleShape(pending, PendingPairings, 'GET /screens/pairing/pending');
    expect(pending.items.map((r: any) => r.id)).to.include(resolved.id);
    const approved = await read(`/api/v1/screens/pairing/${resolved.id}/approve`, 'POST', {
      name: 'lobby-pc Linux x64',
      roomName: '',
      roomNumber: '',
      description: '',
      replaceExistingCredential: false,
    });
    expectConsoleShape(approved, Screen, 'POST /screens/pairing/{id}/approve');
  });
});

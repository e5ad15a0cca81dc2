import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('player policies', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let lobby: PairedScreen;
  let bar: PairedScreen;
  let group: { id: string; name: string };

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const configOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/config')).body.data;
  const effective = async (screen: PairedScreen) => (await api('GET', `/api/v1/screens/${screen.screenId}/effective-policy`)).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ viewer } = await sessionsByRole(k, owner, ['viewer']));
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    bar = await pairScreen(k, owner, { name: 'Bar' });
    group = (await api('POST', '/api/v1/screen-groups', { name: 'Ground floor' })).body.data;
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: bar.screenId });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('answers revision 0 and no values before a policy exists, and keeps revisions honest', async () => {
    const none = await api('GET', `/api/v1/screens/${lobby.screenId}/policy`, undefined, viewer);
    expect(none.body.data).to.deep.equal({ schemaVersion: 1, revision: 0, values: {} });
    const first = await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.2 } });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.data).to.deep.include({ schemaVersion: 1, revision: 1, values: { 'player.playback.default_volume': 0.2 } });
    expect(errorOf(await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 0, values: {} }))).to.deep.equal([
      409,
      'settings_revision_conflict',
    ]);
    expect(errorOf(await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 5, values: {} }))).to.deep.equal([
      409,
      'settings_revision_conflict',
    ]);
    expect((await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 1, values: {} })).body.data.revision).to.equal(2);
    expect((await api('DELETE', `/api/v1/screens/${lobby.screenId}/policy`)).status).to.equal(204);
    expect((await api('GET', `/api/v1/screens/${lobby.screenId}/policy`)).body.data.revision).to.equal(0);
    expect(errorOf(await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 0, values: {} }, viewer))[0]).to.equal(403);
    expect(errorOf(await api('GET', `/api/v1/screens/${randomUUID()}/policy`))).to.deep.equal([404, 'screen_not_found']);
    expect(errorOf(await api('GET', `/api/v1/screen-groups/${randomUUID()}/policy`))).to.deep.equal([404, 'schedule_not_found']);
  });

  it('refuses unknown keys, organization-only keys and bad values with the reference’s codes, changing nothing', async () => {
    const path = `/api/v1/screen-groups/${group.id}/policy`;
    expect(errorOf(await api('PUT', path, { revision: 0, values: { 'player.nope': 1 } }))).to.deep.equal([422, 'unknown_setting']);
    expect(errorOf(await api('PUT', path, { revision: 0, values: { 'branding.player_background_color': '#000000' } }))).to.deep.equal([
      422,
      'setting_not_allowed_at_scope',
    ]);
    expect(errorOf(await api('PUT', path, { revision: 0, values: { 'scheduling.prefetch_days': 3 } }))).to.deep.equal([422, 'setting_not_allowed_at_scope']);
    expect(errorOf(await api('PUT', path, { revision: 0, values: { 'player.playback.default_volume': 2 } }))).to.deep.equal([422, 'invalid_setting_value']);
    expect(errorOf(await api('PUT', path, { revision: 0, values: { 'power.active_hours_timezone': 'Nowhere/Land' } }))).to.deep.equal([
      422,
      'invalid_setting_value',
    ]);
    expect((await api('PUT', path, { revision: 0, values: 'nope' })).status).to.be.within(400, 499);
    expect((await api('GET', path)).body.data.revision).to.equal(0);
  });

  it('resolves each value screen > group > organization > built-in, and builds the player config from it', async () => {
    await setSettings(k, owner, { 'player.sync.status_seconds': 120 });
    const groupPut = await api('PUT', `/api/v1/screen-groups/${group.id}/policy`, {
      revision: 0,
      values: { 'player.playback.default_volume': 0.3, 'player.sync.status_seconds': 90, 'power.active_hours_timezone': 'Europe/Berlin' },
    });
    expect(groupPut.status, JSON.stringify(groupPut.body)).to.equal(200);
    await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.8 } });

    const lobbyPolicy = await effective(lobby);
    expect(lobbyPolicy.values['player.playback.default_volume']).to.deep.equal({ value: 0.8, source: 'screen', sourceId: lobby.screenId });
    expect(lobbyPolicy.values['player.sync.status_seconds']).to.deep.equal({ value: 90, source: 'group', sourceId: group.id, sourceName: 'Ground floor' });
    expect(lobbyPolicy.values['player.sync.manifest_seconds'].source).to.equal('built_in');
    expect(lobbyPolicy).to.deep.include({ screenRevision: 1, groupRevisions: { [group.id]: 1 } });
    expect(lobbyPolicy.values).to.not.have.property('branding.background_color');
    const barPolicy = await effective(bar);
    expect(barPolicy.values['player.playback.default_volume']).to.deep.include({ value: 0.3, source: 'group' });

    const lobbyConfig = await configOf(lobby);
    const barConfig = await configOf(bar);
    expect(lobbyConfig.playback.defaultVolume).to.equal(0.8);
    expect(barConfig.playback.defaultVolume).to.equal(0.3);
    expect(lobbyConfig.power.activeHoursTimezone).to.equal('Europe/Berlin');
    expect(lobbyPolicy.configRevision).to.be.at.most(lobbyConfig.configRevision);

    // Removing the group policy: the organization's value comes back.
    await api('DELETE', `/api/v1/screen-groups/${group.id}/policy`);
    expect((await effective(bar)).values['player.sync.status_seconds']).to.deep.equal({ value: 120, source: 'organization' });
    await api('DELETE', `/api/v1/screens/${lobby.screenId}/policy`);
    await setSettings(k, owner, { 'player.sync.status_seconds': 60 });
  });

  it('pushes config.changed to exactly the screens a change affects', async () => {
    const lobbySocket = await openPlayerSocket(k, lobby.credential);
    const barSocket = await openPlayerSocket(k, bar.credential);
    try {
      await Promise.all([lobbySocket.next('server.hello'), barSocket.next('server.hello'), configOf(lobby), configOf(bar)]);
      lobbySocket.messages.splice(0);
      barSocket.messages.splice(0);
      await api('PUT', `/api/v1/screens/${bar.screenId}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.1 } });
      expect((await barSocket.next('config.changed')).configRevision).to.be.a('number');
      await api('PUT', `/api/v1/screen-groups/${group.id}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.6 } });
      await lobbySocket.next('config.changed');
      expect(
        barSocket.messages.filter((m) => m.type === 'config.changed'),
        'its own value still wins: no change for it',
      ).to.have.length(1);
      // Leaving the group: the screen stops following the group's policy.
      lobbySocket.messages.splice(0);
      await api('DELETE', `/api/v1/screen-groups/${group.id}/screens/${lobby.screenId}`);
      await lobbySocket.next('config.changed');
      expect((await configOf(lobby)).playback.defaultVolume).to.equal(0.5);
    } finally {
      lobbySocket.ws.close();
      barSocket.ws.close();
      await api('DELETE', `/api/v1/screen-groups/${group.id}/policy`);
      await api('DELETE', `/api/v1/screens/${bar.screenId}/policy`);
      await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
    }
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { type ConsoleSocket, openConsoleSocket } from '../console-events/console-socket-client.js';

/** Consoles hear of each change to a group and to a policy, so other people's pages follow. */
describe('screen groups and policies: console events', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let socket: ConsoleSocket;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    socket = await openConsoleSocket(k, owner);
    await socket.next((m) => m.type === 'server.hello');
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });

  it('sends screen_group.changed for each change to a group, its members and its wall', async () => {
    const groupChanged = (groupId: string) => (m: Record<string, any>) => m.type === 'screen_group.changed' && m.groupId === groupId;
    const screen = await pairScreen(k, owner, { name: 'Lobby' });
    const group = (await api('POST', '/api/v1/screen-groups', { name: 'Hall' })).body.data;
    expect(await socket.next(groupChanged(group.id))).to.deep.equal({ type: 'screen_group.changed', groupId: group.id });
    const changes: [string, string, unknown?][] = [
      ['PATCH', `/api/v1/screen-groups/${group.id}`, { name: 'Big hall' }],
      ['POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: screen.screenId }],
      [
        'PUT',
        `/api/v1/screen-groups/${group.id}/span`,
        {
          displayMode: 'span',
          canvas: { width: 1920, height: 1080 },
          panels: [{ screenId: screen.screenId, order: 0, x: 0, y: 0, width: 1920, height: 1080, rotation: 0 }],
        },
      ],
      ['DELETE', `/api/v1/screen-groups/${group.id}/screens/${screen.screenId}`],
      ['DELETE', `/api/v1/screen-groups/${group.id}`],
    ];
    for (const [method, path, body] of changes) {
      socket.messages.length = 0; // `next` looks at every message kept: each change must send its own
      expect((await api(method, path, body)).status, `${method} ${path}`).to.be.within(200, 204);
      await socket.next(groupChanged(group.id));
    }
  });

  it('sends policy.changed with the level and its target when a policy is saved or removed', async () => {
    const screen = await pairScreen(k, owner, { name: 'Bar' });
    const group = (await api('POST', '/api/v1/screen-groups', { name: 'Cafe' })).body.data;
    const policyChanged = (scope: string, targetId: string) => (m: Record<string, any>) =>
      m.type === 'policy.changed' && m.scope === scope && m.targetId === targetId;
    await api('PUT', `/api/v1/screen-groups/${group.id}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.3 } });
    expect(await socket.next(policyChanged('group', group.id))).to.deep.equal({ type: 'policy.changed', scope: 'group', targetId: group.id });
    socket.messages.length = 0;
    await api('PUT', `/api/v1/screens/${screen.screenId}/policy`, { revision: 0, values: { 'player.playback.default_volume': 0.1 } });
    await socket.next(policyChanged('screen', screen.screenId));
    socket.messages.length = 0;
    expect((await api('DELETE', `/api/v1/screens/${screen.screenId}/policy`)).status).to.equal(204);
    await socket.next(policyChanged('screen', screen.screenId));
  });
});

import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { HeartbeatExtensions } from '../../core-modules/screens/presence/heartbeat-extensions.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { messageProbePlugin } from '../fixtures/message-probe.plugin.js';
import { setUpOwner } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

describe('player messages and heartbeat answers are registrations', () => {
  let k: TestKernel;
  let screen: PairedScreen;
  let doc: any;
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, messageProbePlugin] });
    screen = await pairScreen(k, await setUpOwner(k));
    doc = (await call(k, 'GET', '/api/v1/openapi.json')).body;
  });
  after(() => k?.stop());

  const messages = () => (k.containerOf('screens').cradle as ScreensDeps).playerMessages;

  it('documents every declared socket message with its schema, a fixture module’s included', () => {
    const socket = doc.paths['/api/v1/player/socket'].get;
    const listed = Object.fromEntries(socket['x-server-messages'].map((m: any) => [m.type, m]));
    expect(Object.keys(listed).sort()).to.deep.equal([
      'commands.available',
      'config.changed',
      'live_stream.session_changed',
      'manifest.changed',
      'preview.session_changed',
      'probe.changed',
      'server.hello',
      'server.ping',
      'takeover.changed',
    ]);
    expect(listed['probe.changed']).to.deep.include({ module: 'message-probe', description: 'The probe went on or off for this screen.' });
    expect(listed['probe.changed'].schema).to.deep.include({ required: ['type', 'probeId', 'active'], additionalProperties: false });
    expect(listed['manifest.changed'].schema.properties.manifestVersion.type).to.equal('integer');
    expect(socket.description).to.contain('`probe.changed`: The probe went on or off');
  });

  it('sends a declared message to the screen’s socket, and refuses an undeclared type or fields its declaration does not allow', async () => {
    const socket = await openPlayerSocket(k, screen.credential);
    try {
      await socket.next('server.hello');
      const probeId = '6f1c1a52-3d4e-4b0e-9a51-0c1b2d3e4f50';
      await messages().send('probe.changed', screen.screenId, { probeId, active: true });
      expect(await socket.next('probe.changed')).to.deep.equal({ type: 'probe.changed', probeId, active: true });

      const refused = (send: () => Promise<void>) =>
        send().then(
          () => 'sent',
          (e: Error) => e.message,
        );
      expect(await refused(() => messages().send('probe.missing', screen.screenId, {}))).to.match(/never declared/);
      expect(await refused(() => messages().send('probe.changed', screen.screenId, { probeId, active: 'yes' }))).to.match(/active must be boolean/);
      expect(await refused(() => messages().send('probe.changed', screen.screenId, { probeId, active: true, extra: 1 }))).to.match(
        /player message probe.changed is invalid/,
      );
      expect(await refused(() => messages().send('manifest.changed', screen.screenId, {}))).to.match(/manifestVersion/);
    } finally {
      socket.ws.close();
      await socket.closed;
    }
  });

  it('refuses a second declaration of a type, a malformed name and the screens module’s reserved names', () => {
    const declare = (type: string, module = 'message-probe') => {
      try {
        messages().declare({ type, module, fields: {}, description: 'x' });
        return 'declared';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(declare('probe.changed')).to.match(/declared twice/);
    expect(declare('Probe')).to.match(/not <area>.<event>/);
    expect(declare('server.restarting')).to.match(/reserved to the screens module/);
  });

  it('answers a heartbeat with a registered module’s fields, documented on the route', async () => {
    const res = await playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: '1.0.0' });
    expect(res.body.data).to.deep.equal({ accepted: true, probeState: { active: true } });
    const answer = doc.paths['/api/v1/player/heartbeat'].post.responses['200'].content['application/json'].schema.properties.data;
    expect(answer.properties.probeState.description).to.equal('Whether the probe is on for this screen.');
    expect(answer.required).to.deep.equal(['accepted']);
  });

  it('keeps answer fields apart: no module takes the base fields or another’s, undeclared fields are dropped, and none registers once documented', async () => {
    const extensions = new HeartbeatExtensions();
    const register = (plugin: string, name: string) => {
      try {
        extensions.register({ plugin, answers: { [name]: Type.Boolean() }, handle: async () => ({ [name]: true, stray: 1 }) as Record<string, boolean> });
        return 'registered';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(register('a', 'accepted')).to.match(/already screens's/);
    expect(register('a', 'flag')).to.equal('registered');
    expect(register('b', 'flag')).to.match(/already a's/);
    expect(await extensions.run('s', {}, async () => true)).to.deep.equal({ flag: true });
    expect(await extensions.run('s', {}, async () => false), 'a plugin not installed answers nothing').to.deep.equal({});
    expect(Object.keys(extensions.answerSchema(Type.Object({ accepted: Type.Literal(true) })).properties)).to.deep.equal(['accepted', 'flag']);
    expect(register('c', 'late')).to.match(/after the routes were built/);
  });
});

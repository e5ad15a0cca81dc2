import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { loadNetworkKey } from '../../core-modules/presentation-networks/network-key.js';
import { ConfigError, loadConfig } from '../../kernel/config.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const sealerFor = (key?: string) => loadNetworkKey(loadConfig(key === undefined ? {} : { PRESENTATION_NETWORK_KEY: key }));

describe('PRESENTATION_NETWORK_KEY', () => {
  it('takes 32 bytes as 64 hex digits or base64 (standard or URL-safe, padded or not), and seals bound to the network', () => {
    const key = randomBytes(32);
    const spellings = [key.toString('hex'), key.toString('base64'), key.toString('base64url'), key.toString('base64').replace(/=+$/, '')];
    const sealed = sealerFor(spellings[0]).seal('network-a', 'correct horse');
    for (const spelling of spellings) expect(sealerFor(spelling).open('network-a', sealed)).to.equal('correct horse');
    expect(() => sealerFor(spellings[0]).open('network-b', sealed)).to.throw('cannot be opened');
    expect(() => sealerFor(randomBytes(32).toString('hex')).open('network-a', sealed)).to.throw('cannot be opened');
  });

  it('refuses a malformed key as a configuration error that never quotes it', () => {
    for (const bad of [
      'short',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      `${randomBytes(32).toString('hex').slice(1)}g`,
      'not base64 at all!',
    ]) {
      let error: unknown;
      try {
        sealerFor(bad);
      } catch (err) {
        error = err;
      }
      expect(error, bad).to.be.instanceOf(ConfigError);
      expect((error as Error).message)
        .to.contain('PRESENTATION_NETWORK_KEY')
        .and.not.contain(bad);
    }
    expect(sealerFor().available).to.equal(false);
    expect(sealerFor('  ').available).to.equal(false);
  });

  it('stops the server from starting when it is malformed', async () => {
    let error: unknown;
    try {
      const k = await bootTestKernel({ plugins: coreModules, env: { PRESENTATION_NETWORK_KEY: 'malformed-key-value' } });
      await k.stop();
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(ConfigError);
    expect((error as Error).message)
      .to.contain('PRESENTATION_NETWORK_KEY')
      .and.not.contain('malformed-key-value');
  });

  describe('when it is not set', () => {
    let k: TestKernel;
    let owner: ConsoleSession;
    let screen: PairedScreen;
    before(async () => {
      k = await bootTestKernel({ plugins: coreModules });
      owner = await setUpOwner(k);
      screen = await pairScreen(k, owner, { name: 'Lobby' });
    });
    after(() => k?.stop());

    it('answers 501 presentation_networks_unavailable on every presentation network route, and the rest of the server works', async () => {
      const id = randomUUID();
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/v1/presentation-networks'],
        ['POST', '/api/v1/presentation-networks', { name: 'Staff', ssid: 'Staff', security: 'wpa_psk', secret: 'staff-psk-1234' }],
        ['GET', `/api/v1/presentation-networks/${id}`],
        ['PATCH', `/api/v1/presentation-networks/${id}`, { name: 'Renamed' }],
        ['DELETE', `/api/v1/presentation-networks/${id}`],
        ['PUT', `/api/v1/presentation-networks/${id}/screens`, { screenIds: [screen.screenId] }],
        ['POST', `/api/v1/presentation-networks/${id}/test`, { screenId: screen.screenId }],
        ['GET', `/api/v1/screens/${screen.screenId}/presentation-network`],
        ['PUT', `/api/v1/screens/${screen.screenId}/presentation-network`, { presentationNetworkId: id }],
        ['DELETE', `/api/v1/screens/${screen.screenId}/presentation-network`],
      ];
      for (const [method, path, body] of calls) {
        const res = await consoleCall(k, owner, method, path, body);
        expect([res.status, res.body?.error?.code], `${method} ${path}`).to.deep.equal([501, 'presentation_networks_unavailable']);
      }
      const player = await playerCall(k, screen.credential, 'GET', '/api/v1/player/presentation-network');
      expect([player.status, player.body.error.code]).to.deep.equal([501, 'presentation_networks_unavailable']);
      expect(await k.db('presentation_networks').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
      const config = (await playerCall(k, screen.credential, 'GET', '/api/v1/player/config')).body.data;
      expect(config.presentationNetwork).to.deep.equal({ assigned: false });
      // How the server is set up, not a fault: the request log warns rather than raising an error.
      const logged = k.logs.filter((l) => l.msg === 'request' && l.status === 501);
      expect(logged).to.have.length(calls.length + 1);
      expect([...new Set(logged.map((l) => l.level))]).to.deep.equal([40]);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PlaybackStatus } from '../../core-modules/player/player.api.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('playback status (beside a screen’s assignment)', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let status: PlaybackStatus;

  const heartbeat = async (body: Record<string, unknown>) => {
    expect((await playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', body)).status).to.equal(200);
    await (k.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Foyer' });
    status = k.containerOf('player').resolve<PlaybackStatus>('playbackStatus');
  });
  after(() => k?.stop());

  it('says whether the player plays the screen’s manifest version, and what it reported', async () => {
    expect(await status(screen.screenId)).to.deep.equal({
      manifestVersion: 0,
      synchronizationStatus: 'not_reported',
      clockSkewWarningSeconds: 300,
      playbackDisabled: false,
    });
    const manifest = await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest');
    const version = manifest.body.data.manifestVersion;
    expect(version).to.be.a('number').above(0);

    const commandId = randomUUID();
    await heartbeat({ activeManifestVersion: version - 1, pendingManifestVersion: version, playbackDisabled: true, lastCommandId: commandId });
    expect(await status(screen.screenId)).to.deep.include({
      manifestVersion: version,
      synchronizationStatus: 'preparing',
      playerActiveManifestVersion: version - 1,
      playbackDisabled: true,
      lastCommandId: commandId,
    });
    await heartbeat({ activeManifestVersion: version, playbackDisabled: false });
    expect(await status(screen.screenId)).to.deep.include({ synchronizationStatus: 'current', playbackDisabled: false });
    await heartbeat({ activeManifestVersion: version + 7, downloadedBytes: 'lots' });
    const stale = await status(screen.screenId);
    expect(stale.synchronizationStatus).to.equal('out_of_date');
    expect(stale, 'a value of the wrong type is not passed on').to.not.have.property('downloadedBytes');
    let refused: unknown;
    await status(randomUUID()).catch((e) => {
      refused = e;
    });
    expect(refused).to.have.property('code', 'screen_not_found');
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { Overview, Retention, UptimeReport } from '../fixtures/console-types/activity.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { expectConsoleShape } from '../support/console-contract.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('activity as the reference’s console reads it', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;

  const call = async (path: string) => {
    const res = await consoleCall(k, owner, 'GET', path);
    expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).to.equal(200);
    return res.body.data;
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    await pairScreen(k, owner, { name: 'Kitchen' });
    // A player reporting as the Linux player does, one sample a minute.
    const sample = { observedAt: new Date().toISOString(), serverRoundTripMs: 40, interval: { seconds: 60, connectedSeconds: 60, stalledPlaybackSeconds: 5 } };
    const res = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/telemetry', sample);
    expect(res.status).to.equal(202);
  });
  after(() => k?.stop());

  it('answers the fleet uptime card for both windows', async () => {
    for (const window of ['24h', '7d']) {
      const report = await call(`/api/v1/activity/uptime?window=${window}`);
      expectConsoleShape(report, UptimeReport, `GET /activity/uptime?window=${window}`);
      expect(report.screens.map((s: { screenName: string }) => s.screenName).sort()).to.deep.equal(['Kitchen', 'Lobby']);
    }
  });

  it('answers the activity overview for the range the page asks, and the previous one', async () => {
    const to = Date.now();
    for (const [from, until] of [
      [to - 86_400_000, to],
      [to - 2 * 86_400_000, to - 86_400_000],
    ]) {
      const overview = await call(`/api/v1/activity/overview?from=${new Date(from!).toISOString()}&to=${new Date(until!).toISOString()}`);
      expectConsoleShape(overview, Overview, 'GET /activity/overview');
    }
  });

  it('answers the retention panel', async () => {
    expectConsoleShape(await call('/api/v1/activity/retention'), Retention, 'GET /activity/retention');
  });
});

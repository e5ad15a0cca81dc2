import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

/** A player's counters land in bigint columns: huge values are refused or held, never a 500 that loses the sample. */
describe('telemetry counters at the edge of their columns', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Edge' });
  });
  after(() => k?.stop());

  const send = (downloadedBytes: number) =>
    playerCall(k, screen.credential, 'POST', '/api/v1/player/telemetry', {
      observedAt: new Date().toISOString(),
      interval: { seconds: 60, downloadedBytes },
    });

  it('refuses a counter no JavaScript number holds exactly, naming it', async () => {
    const res = await send(1e20);
    expect(res.status).to.equal(422);
    expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).to.deep.equal(['body/interval/downloadedBytes']);
  });

  it('holds the counter of a bucket at 2^53 - 1, so sums stay exact for every reader and never reach the bigint limit', async () => {
    for (let i = 0; i < 3; i++) expect((await send(Number.MAX_SAFE_INTEGER)).status).to.equal(202);
    const read = await consoleCall(k, owner, 'GET', `/api/v1/activity/screens/${screen.screenId}/telemetry`);
    expect(read.status).to.equal(200);
    const total = Math.max(...read.body.data.rollups.map((r: { downloadedBytes: number }) => r.downloadedBytes));
    expect(total).to.equal(Number.MAX_SAFE_INTEGER);
  });
});

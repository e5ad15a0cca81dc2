import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { setUpOwner } from '../support/console-client.js';
import { pairScreen, playerCall } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('screen contact writes', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
  });
  after(() => k?.stop());

  it('stores every other screen’s heartbeat in the same flush when one holds a value the database refuses', async () => {
    const owner = await setUpOwner(k);
    const [a, b, c] = [
      await pairScreen(k, owner, { name: 'Hall A' }),
      await pairScreen(k, owner, { name: 'Hall B' }),
      await pairScreen(k, owner, { name: 'Hall C' }),
    ];
    const deps = k.containerOf('screens').cradle as ScreensDeps;
    await deps.contactBuffer.flush();
    // Straight into the buffer: whatever route checks are added, the buffer must not trust them.
    deps.contactBuffer.heartbeat(a.screenId, '10.0.0.1', { payload: { note: 'bad\u0000' }, playerVersion: 'a\u0000b' });
    expect((await playerCall(k, b.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: '3.1.0' })).status).to.equal(200);
    expect((await playerCall(k, c.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: '3.2.0' })).status).to.equal(200);
    await deps.contactBuffer.flush();
    const rows = await deps
      .db('screens as s')
      .join('screen_status as st', 'st.screen_id', 's.id')
      .whereIn('s.id', [a.screenId, b.screenId, c.screenId])
      .select('s.id', 's.player_version', 'st.last_heartbeat_at', 'st.last_contact_at');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(b.screenId)).to.include({ player_version: '3.1.0' });
    expect(byId.get(c.screenId)).to.include({ player_version: '3.2.0' });
    expect(byId.get(b.screenId).last_heartbeat_at).to.be.instanceOf(Date);
    // The bad screen still counts as seen; its report is dropped, with a warning.
    expect(byId.get(a.screenId).last_contact_at).to.be.instanceOf(Date);
    expect(byId.get(a.screenId).player_version).not.to.include('\u0000');
    expect(k.logs.some((l) => String(l.msg).includes('cannot store'))).to.equal(true);
    // Nothing is left to retry: the next flush has no failure to repeat.
    const warnings = k.logs.filter((l) => String(l.msg).includes('could not write screen contact')).length;
    await deps.contactBuffer.flush();
    expect(k.logs.filter((l) => String(l.msg).includes('could not write screen contact')).length).to.equal(warnings);
  });
});

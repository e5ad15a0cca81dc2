import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('organization settings', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const read = async () => (await api('GET', '/api/v1/settings')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('stores text, list and number values as sent, bumping the revision once per change', async () => {
    const before = await read();
    expect(before.values['power.active_hours_timezone']).to.equal('UTC');
    const values = { 'power.active_hours_timezone': 'Europe/Berlin', 'power.active_hours_days': [1, 3, 5], 'player.playback.default_volume': 0.25 };
    const res = await api('PATCH', '/api/v1/settings', { revision: before.revision, values });
    expect(res.status).to.equal(200);
    expect(res.body.data.revision).to.equal(before.revision + 1);
    const after = await read();
    expect(after.revision).to.equal(before.revision + 1);
    for (const [key, value] of Object.entries(values)) expect(after.values[key]).to.deep.equal(value);
  });

  it('refuses a stale revision (409 settings_revision_conflict) and keeps the values', async () => {
    const current = await read();
    const res = await api('PATCH', '/api/v1/settings', { revision: current.revision - 1, values: { 'power.active_hours_timezone': 'Asia/Tokyo' } });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('settings_revision_conflict');
    expect(await read()).to.deep.equal(current);
  });

  it('puts one category back to its defaults, keeping the others, as the settings page’s reset does', async () => {
    const before = await read();
    const changed = await api('PATCH', '/api/v1/settings', {
      revision: before.revision,
      values: { 'power.active_hours_timezone': 'Europe/Paris', 'activity.retention_days': 30 },
    });
    expect(changed.status).to.equal(200);
    const category = (key: string) => before.definitions.find((d: { key: string }) => d.key === key).category;
    expect(category('power.active_hours_timezone')).not.to.equal(category('activity.retention_days'));
    const stale = await api('POST', '/api/v1/settings/reset', { revision: before.revision, category: category('power.active_hours_timezone') });
    expect([stale.status, stale.body.error.code]).to.deep.equal([409, 'settings_revision_conflict']);
    const reset = await api('POST', '/api/v1/settings/reset', { revision: changed.body.data.revision, category: category('power.active_hours_timezone') });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
    expect(reset.body.data.revision).to.equal(changed.body.data.revision + 1);
    expect(reset.body.data.values['power.active_hours_timezone']).to.equal('UTC');
    expect(reset.body.data.values['activity.retention_days'], 'another category keeps its value').to.equal(30);
    const all = await api('POST', '/api/v1/settings/reset', { revision: reset.body.data.revision });
    expect(all.body.data.values['activity.retention_days'], 'no category: every setting').to.equal(90);
    expect(Number((await k.db('settings').count({ n: '*' }).first())!.n), 'nothing stored differs from its default').to.equal(0);
  });

  it('refuses a revision beyond its integer column with 422, not a 500', async () => {
    const current = await read();
    for (const revision of [2_147_483_648, 1e20]) {
      const res = await api('PATCH', '/api/v1/settings', { revision, values: { 'power.active_hours_timezone': 'Asia/Tokyo' } });
      expect([res.status, res.body.error.code], String(revision)).to.deep.equal([422, 'validation_failed']);
    }
    expect(await read()).to.deep.equal(current);
  });

  it('refuses unknown keys and invalid values (422), all or nothing', async () => {
    const current = await read();
    const unknown = await api('PATCH', '/api/v1/settings', {
      revision: current.revision,
      values: { 'power.active_hours_timezone': 'Asia/Tokyo', 'no.such.key': 1 },
    });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.error.code).to.equal('unknown_setting');
    const invalid = await api('PATCH', '/api/v1/settings', { revision: current.revision, values: { 'player.playback.default_volume': 2 } });
    expect(invalid.status).to.equal(422);
    expect(invalid.body.error.code).to.equal('invalid_setting_value');
    expect(await read()).to.deep.equal(current);
  });
});

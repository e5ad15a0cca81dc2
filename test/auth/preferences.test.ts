import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';

const PREFS = '/api/v1/me/preferences';
const DEFAULTS = {
  'preference.appearance': 'system',
  'preference.density': 'comfortable',
  'preference.reduced_motion': false,
  'preference.locale': 'en',
  'preference.timezone': 'UTC',
  'preference.date_format': 'iso',
  'preference.time_format': 'organization',
  'preference.table_page_size': 25,
  'preference.content_view': 'grid',
  'preference.screens_view': 'list',
  'preference.remember_filters': true,
  'preference.hide_completed_uploads_minutes': 60,
};

describe('user preferences', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    const created = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Vera Viewer',
      username: 'vera',
      password: 'viewer password 1',
      role: 'viewer',
    });
    expect(created.status).to.equal(201);
    viewer = await login(k, 'vera', 'viewer password 1');
  });
  after(() => k?.stop());
  beforeEach(async () => {
    await resetRateLimits(k);
    await k.db('users').update({ preferences: {} });
  });

  const stored = async (s: ConsoleSession) => (await k.db('users').where({ id: s.userId }).first('preferences')).preferences;
  const read = async (s: ConsoleSession = owner) => (await consoleCall(k, s, 'GET', PREFS)).body.data;
  const change = async (values: Record<string, unknown>, s: ConsoleSession = owner, revision?: number) =>
    consoleCall(k, s, 'PATCH', PREFS, { revision: revision ?? (await read(s)).revision, values });

  it('answers a settings document: defaults, definitions of scope preference, a revision', async () => {
    const res = await consoleCall(k, owner, 'GET', PREFS);
    expect(res.status).to.equal(200);
    const doc = res.body.data;
    expect(doc.schemaVersion).to.equal(1);
    expect(doc.revision).to.be.a('number').at.least(1);
    expect(new Date(doc.updatedAt).getTime()).to.be.at.most(Date.now());
    expect(doc.values).to.deep.equal(DEFAULTS);
    expect(doc.definitions.map((d: { key: string }) => d.key).sort()).to.deep.equal(Object.keys(DEFAULTS).sort());
    for (const def of doc.definitions) expect(def, def.key).to.include({ scope: 'preference', sensitive: false, restartRequired: false, futureOnly: false });
    const byKey = Object.fromEntries(doc.definitions.map((d: { key: string }) => [d.key, d]));
    expect(byKey['preference.appearance']).to.deep.include({ type: 'enum', default: 'system', allowed: ['system', 'light', 'dark'], immediate: true });
    expect(byKey['preference.reduced_motion']).to.deep.include({ type: 'bool', default: false, immediate: true });
    expect(byKey['preference.table_page_size']).to.deep.include({ type: 'int', min: 10, max: 100, immediate: false });
  });

  it('takes the whole document back as the console sends it, storing only values, and bumps the revision', async () => {
    const before = await read();
    const values = { ...before.values, 'preference.appearance': 'dark', 'preference.table_page_size': 50, 'preference.timezone': 'Europe/Berlin' };
    const res = await change(values, owner, before.revision);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data.revision).to.equal(before.revision + 1);
    expect(res.body.data.values).to.deep.equal(values);
    expect(await read()).to.deep.equal(res.body.data);
    expect((await stored(owner))['preference.appearance']).to.equal('dark');
  });

  it('refuses a stale revision with 409 settings_revision_conflict, changing nothing', async () => {
    const before = await read();
    expect((await change({ 'preference.density': 'compact' }, owner, before.revision)).status).to.equal(200);
    const stale = await change({ 'preference.appearance': 'light' }, owner, before.revision);
    expect(stale.status).to.equal(409);
    expect(stale.body.error.code).to.equal('settings_revision_conflict');
    expect((await read()).values['preference.appearance']).to.equal('system');
  });

  it('stores language tags in canonical form, and time zones as the tz database spells them', async () => {
    const res = await change({ 'preference.timezone': 'Europe/London', 'preference.locale': 'EN-gb' });
    expect(res.body.data.values).to.deep.include({ 'preference.timezone': 'Europe/London', 'preference.locale': 'en-GB' });
    const misspelled = await change({ 'preference.timezone': 'europe/london' });
    expect(misspelled.status, 'players and consoles look zones up case-sensitively').to.equal(422);
  });

  it('refuses unknown keys (unknown_setting) and bad values (invalid_setting_value) with 422, all or nothing', async () => {
    const before = await read();
    const unknown = await change({ 'preference.appearance': 'dark', 'preference.font_size': 14 });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.error.code).to.equal('unknown_setting');
    expect(unknown.body.error.details.fields.map((f: { field: string }) => f.field)).to.deep.equal(['body/values/preference.font_size']);
    const cases: [string, unknown][] = [
      ['preference.table_page_size', 5],
      ['preference.table_page_size', 101],
      ['preference.table_page_size', 20.5],
      ['preference.appearance', 'blue'],
      ['preference.reduced_motion', 'yes'],
      ['preference.timezone', 'Mars/Olympus_Mons'],
      ['preference.locale', 'english please'],
    ];
    for (const [key, value] of cases) {
      const res = await change({ 'preference.appearance': 'dark', [key]: value });
      expect(res.status, `${key}=${value}`).to.equal(422);
      expect(res.body.error.code, `${key}=${value}`).to.equal('invalid_setting_value');
      expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).to.deep.equal([`body/values/${key}`]);
    }
    expect(await read()).to.deep.equal(before);
    expect(await stored(owner)).to.deep.equal({});
  });

  it('refuses a revision beyond its column with 422, not a 500', async () => {
    const res = await consoleCall(k, owner, 'PATCH', PREFS, { revision: 2_147_483_648, values: {} });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('validation_failed');
  });

  it('reads stored values the definitions no longer accept as their defaults', async () => {
    await k
      .db('users')
      .where({ id: owner.userId })
      .update({
        preferences: {
          'preference.appearance': 'sepia',
          'preference.table_page_size': 1000,
          'preference.timezone': 'Atlantis/Capital',
          'preference.locale': 'de-AT',
          'preference.reduced_motion': true,
          legacyOption: 1,
        },
      });
    const res = await consoleCall(k, owner, 'GET', PREFS);
    expect(res.status).to.equal(200);
    expect(res.body.data.values).to.deep.equal({ ...DEFAULTS, 'preference.locale': 'de-AT', 'preference.reduced_motion': true });
  });

  it('lets a viewer manage their own preferences, separate from everyone else', async () => {
    const mine = await change({ 'preference.appearance': 'dark', 'preference.locale': 'fr' }, viewer);
    expect(mine.status).to.equal(200);
    expect((await read(viewer)).values).to.deep.include({ 'preference.appearance': 'dark', 'preference.locale': 'fr' });
    expect((await read(owner)).values, "the owner's are untouched").to.deep.equal(DEFAULTS);
    await change({ 'preference.appearance': 'light' }, owner);
    expect((await read(viewer)).values['preference.appearance']).to.equal('dark');
  });

  it('requires a signed-in user', async () => {
    for (const method of ['GET', 'PATCH']) {
      const res = await consoleCall(k, undefined, method, PREFS, method === 'PATCH' ? { revision: 1, values: {} } : undefined);
      expect(res.status, method).to.equal(401);
      expect(res.body.error.code, method).to.equal('authentication_required');
    }
  });
});

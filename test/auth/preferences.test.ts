import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';

const PREFS = '/api/v1/me/preferences';
const DEFAULTS = { locale: 'en', timezone: 'UTC', dateFormat: 'iso', timeFormat: '24h', theme: 'system', defaultPageSize: 50, reducedMotion: false };

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

  it('answers the defaults when nothing is set', async () => {
    const res = await consoleCall(k, owner, 'GET', PREFS);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal(DEFAULTS);
  });

  it('merges a patch into what is stored and answers every preference', async () => {
    const first = await consoleCall(k, owner, 'PATCH', PREFS, { locale: 'en-GB', timezone: 'Europe/Berlin' });
    expect(first.status).to.equal(200);
    expect(first.body.data).to.deep.equal({ ...DEFAULTS, locale: 'en-GB', timezone: 'Europe/Berlin' });
    const second = await consoleCall(k, owner, 'PATCH', PREFS, { theme: 'dark', defaultPageSize: 100, reducedMotion: true });
    const expected = { ...DEFAULTS, locale: 'en-GB', timezone: 'Europe/Berlin', theme: 'dark', defaultPageSize: 100, reducedMotion: true };
    expect(second.body.data).to.deep.equal(expected);
    expect((await consoleCall(k, owner, 'GET', PREFS)).body.data).to.deep.equal(expected);
    expect(await stored(owner), 'only what was set is stored').to.deep.equal({
      locale: 'en-GB',
      timezone: 'Europe/Berlin',
      theme: 'dark',
      defaultPageSize: 100,
      reducedMotion: true,
    });
  });

  it('keeps both of two concurrent patches to different fields', async () => {
    await Promise.all([
      consoleCall(k, owner, 'PATCH', PREFS, { theme: 'light' }),
      consoleCall(k, owner, 'PATCH', PREFS, { dateFormat: 'dmy' }),
      consoleCall(k, owner, 'PATCH', PREFS, { timeFormat: '12h' }),
    ]);
    expect((await consoleCall(k, owner, 'GET', PREFS)).body.data).to.deep.include({ theme: 'light', dateFormat: 'dmy', timeFormat: '12h' });
  });

  it('stores time zones and language tags in canonical form', async () => {
    const res = await consoleCall(k, owner, 'PATCH', PREFS, { timezone: 'europe/london', locale: 'EN-gb' });
    expect(res.body.data).to.deep.include({ timezone: 'Europe/London', locale: 'en-GB' });
  });

  it('refuses an unknown time zone with 422 naming body/timezone, changing nothing', async () => {
    await consoleCall(k, owner, 'PATCH', PREFS, { theme: 'dark', timezone: 'Asia/Tokyo' });
    for (const timezone of ['Mars/Olympus_Mons', 'Not a zone', '+01:00']) {
      const res = await consoleCall(k, owner, 'PATCH', PREFS, { theme: 'light', timezone });
      expect(res.status, timezone).to.equal(422);
      expect(res.body.error.code, timezone).to.equal('validation_failed');
      expect(
        res.body.error.details.fields.map((f: any) => f.field),
        timezone,
      ).to.deep.equal(['body/timezone']);
    }
    expect(await stored(owner)).to.deep.equal({ theme: 'dark', timezone: 'Asia/Tokyo' });
  });

  it('refuses unknown keys and out-of-range values with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fontSize: 14 }, 'body/fontSize'],
      [{ defaultPageSize: 5 }, 'body/defaultPageSize'],
      [{ defaultPageSize: 201 }, 'body/defaultPageSize'],
      [{ defaultPageSize: 20.5 }, 'body/defaultPageSize'],
      [{ theme: 'blue' }, 'body/theme'],
      [{ dateFormat: 'ymd' }, 'body/dateFormat'],
      [{ timeFormat: '24' }, 'body/timeFormat'],
      [{ locale: 'english please' }, 'body/locale'],
      [{ reducedMotion: 'yes' }, 'body/reducedMotion'],
    ];
    for (const [body, field] of cases) {
      const res = await consoleCall(k, owner, 'PATCH', PREFS, body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(
        res.body.error.details.fields.map((f: any) => f.field),
        JSON.stringify(body),
      ).to.include(field);
    }
    expect(await stored(owner)).to.deep.equal({});
  });

  it('falls back to defaults for stored values that no longer match the schema', async () => {
    await k
      .db('users')
      .where({ id: owner.userId })
      .update({
        preferences: { theme: 'sepia', defaultPageSize: 1000, timezone: 'Atlantis/Capital', locale: 'de-AT', reducedMotion: true, legacyOption: 1 },
      });
    const res = await consoleCall(k, owner, 'GET', PREFS);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ ...DEFAULTS, locale: 'de-AT', reducedMotion: true });
  });

  it('lets a viewer manage their own preferences, separate from everyone else', async () => {
    const mine = await consoleCall(k, viewer, 'PATCH', PREFS, { theme: 'dark', locale: 'fr' });
    expect(mine.status).to.equal(200);
    expect(mine.body.data).to.deep.include({ theme: 'dark', locale: 'fr' });
    expect((await consoleCall(k, viewer, 'GET', PREFS)).body.data).to.deep.include({ theme: 'dark', locale: 'fr' });
    expect((await consoleCall(k, owner, 'GET', PREFS)).body.data, "the owner's are untouched").to.deep.equal(DEFAULTS);
    await consoleCall(k, owner, 'PATCH', PREFS, { theme: 'light' });
    expect((await consoleCall(k, viewer, 'GET', PREFS)).body.data.theme).to.equal('dark');
  });

  it('requires a signed-in user', async () => {
    for (const method of ['GET', 'PATCH']) {
      const res = await consoleCall(k, undefined, method, PREFS, method === 'PATCH' ? { theme: 'dark' } : undefined);
      expect(res.status, method).to.equal(401);
      expect(res.body.error.code, method).to.equal('authentication_required');
    }
  });
});

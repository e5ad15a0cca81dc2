import { expect } from 'chai';
import { LoginBackground, SettingsDocument } from '../fixtures/console-types/settings.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';

describe('settings as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;

  it('answers the organization settings and takes back the whole draft the settings page saves', async () => {
    const doc = await call('GET', '/api/v1/settings');
    expectConsoleShape(doc, SettingsDocument, 'GET /settings');
    expect(doc.definitions.every((d: { scope: string }) => d.scope !== 'preference')).to.equal(true);
    const immediate = (key: string) => doc.definitions.find((d: { key: string }) => d.key === key)?.immediate;
    expect([immediate('player.sync.manifest_seconds'), immediate('player.cache.max_bytes')], 'what players apply at once').to.deep.equal([true, false]);
    const draft = { ...doc.values, 'activity.retention_days': 30 };
    const saved = await call('PATCH', '/api/v1/settings', { revision: doc.revision, values: draft });
    expectConsoleShape(saved, SettingsDocument, 'PATCH /settings');
    expect(saved.values['activity.retention_days']).to.equal(30);
  });

  it('answers the account page’s preferences and takes back its whole draft', async () => {
    const doc = await call('GET', '/api/v1/me/preferences');
    expectConsoleShape(doc, SettingsDocument, 'GET /me/preferences');
    expect(doc.definitions.every((d: { scope: string }) => d.scope === 'preference')).to.equal(true);
    // What the page applies as soon as it loads.
    expect(doc.values).to.include({ 'preference.appearance': 'system', 'preference.density': 'comfortable', 'preference.reduced_motion': false });
    const saved = await call('PATCH', '/api/v1/me/preferences', { revision: doc.revision, values: { ...doc.values, 'preference.density': 'compact' } });
    expectConsoleShape(saved, SettingsDocument, 'PATCH /me/preferences');
    expect(saved.revision).to.equal(doc.revision + 1);
    expect(saved.values['preference.density']).to.equal('compact');
  });

  it('answers the branding panel’s sign-in background', async () => {
    expectConsoleShape(await call('GET', '/api/v1/settings/login-background'), LoginBackground, 'GET /settings/login-background (none)');
    const image = await seedImage(ui.k);
    const set = await call('PUT', '/api/v1/settings/login-background', { assetId: image.id });
    expectConsoleShape(set, LoginBackground, 'PUT /settings/login-background');
    expect(set.assetId).to.equal(image.id);
    expectConsoleShape(await call('GET', '/api/v1/settings/login-background'), LoginBackground, 'GET /settings/login-background');
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { OrganizationSettings } from '../../core-modules/settings/settings.api.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const SECRET = 'never-leaves-this-server';
const VOLUME = 'player.playback.default_volume';
const STATUS_SECONDS = 'player.sync.status_seconds';

describe('settings export and import', () => {
  let source: TestKernel;
  let target: TestKernel;
  let sourceOwner: ConsoleSession;
  let targetOwner: ConsoleSession;
  let admin: ConsoleSession;
  let editor: ConsoleSession;
  let lobby: PairedScreen;
  let groupId: string;
  let exported: any;

  const on = (k: TestKernel, by: ConsoleSession) => (method: string, path: string, body?: unknown) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const targetState = async () => {
    const api = on(target, targetOwner);
    return { settings: (await api('GET', '/api/v1/settings')).body.data, policy: (await api('GET', `/api/v1/screen-groups/${groupId}/policy`)).body.data };
  };
  /** The export without the screen policy, whose screen exists only on the source. */
  const portable = () => ({ ...exported, screenPolicies: [] });

  before(async () => {
    [source, target] = await Promise.all([bootTestKernel({ plugins: coreModules }), bootTestKernel({ plugins: coreModules })]);
    [sourceOwner, targetOwner] = await Promise.all([setUpOwner(source), setUpOwner(target)]);
    ({ administrator: admin, editor } = await sessionsByRole(source, sourceOwner, ['administrator', 'editor']));
    const api = on(source, sourceOwner);
    // A secret setting, as a module holding a credential would define it.
    const settings = source.containerOf('settings').resolve<OrganizationSettings>('settingsService');
    settings.define([
      { key: 'test.api_token', category: 'test', title: 'API token', description: 'A secret.', type: 'string', default: '', maxLength: 100, sensitive: true },
    ]);
    await setSettings(source, sourceOwner, { 'test.api_token': SECRET, [STATUS_SECONDS]: 120 });
    lobby = await pairScreen(source, sourceOwner, { name: 'Lobby' });
    groupId = (await api('POST', '/api/v1/screen-groups', { name: 'Ground floor' })).body.data.id;
    await api('POST', `/api/v1/screen-groups/${groupId}/screens`, { screenId: lobby.screenId });
    expect((await api('PUT', `/api/v1/screen-groups/${groupId}/policy`, { revision: 0, priority: 5, values: { [VOLUME]: 0.3 } })).status).to.equal(200);
    expect((await api('PUT', `/api/v1/screens/${lobby.screenId}/policy`, { revision: 0, values: { [STATUS_SECONDS]: 90 } })).status).to.equal(200);
    // The same group on the other server (a restore of the same installation keeps its ids).
    await target.db('screen_groups').insert({ id: groupId, name: 'Ground floor' });
  });
  after(() => Promise.all([source?.stop(), target?.stop()]));
  beforeEach(() => Promise.all([resetRateLimits(source), resetRateLimits(target)]));

  it('exports the organization’s values and every policy, never a secret', async () => {
    const res = await on(source, sourceOwner)('GET', '/api/v1/system/settings/export');
    expect(res.status).to.equal(200);
    exported = res.body.data;
    expect(exported).to.include({ schemaVersion: 1 });
    expect(exported.signageVersion).to.be.a('string');
    expect(exported.tilecastVersion, 'the reference console’s import checks it').to.equal(exported.signageVersion);
    expect(exported.organization.values).to.include({ [STATUS_SECONDS]: 120 });
    expect(exported.organization.values).not.to.have.property('test.api_token');
    expect(JSON.stringify(exported)).not.to.include(SECRET);
    expect(exported.groupPolicies).to.deep.equal([{ screenGroupId: groupId, priority: 5, revision: 1, values: { [VOLUME]: 0.3 } }]);
    expect(exported.screenPolicies).to.deep.equal([{ screenId: lobby.screenId, priority: 0, revision: 1, values: { [STATUS_SECONDS]: 90 } }]);
  });

  it('previews each difference without changing anything, and names what this server does not have', async () => {
    const before = await targetState();
    const res = await on(target, targetOwner)('POST', '/api/v1/system/settings/import/preview', exported);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const preview = res.body.data;
    expect(preview).to.deep.include({ valid: false, changedKeys: [STATUS_SECONDS], groupPolicyCount: 1, screenPolicyCount: 1, requiresConfirmation: true });
    expect(preview.organizationChanges).to.deep.equal([{ key: STATUS_SECONDS, before: before.settings.values[STATUS_SECONDS], after: 120 }]);
    expect(preview.policyChanges).to.deep.equal([
      { scope: 'group', targetId: groupId, change: 'created', changedKeys: [VOLUME] },
      { scope: 'screen', targetId: lobby.screenId, change: 'created', changedKeys: [STATUS_SECONDS] },
    ]);
    expect(preview).to.deep.include({ missingScreenGroupIds: [], missingScreenIds: [lobby.screenId] });
    expect(preview.currentRevisions).to.deep.equal({
      organization: before.settings.revision,
      groupPolicies: { [groupId]: 0 },
      screenPolicies: { [lobby.screenId]: 0 },
    });
    expect(await targetState()).to.deep.equal(before);
    // Applying it is refused whole: the screen is not here.
    expect(errorOf(await on(target, targetOwner)('POST', '/api/v1/system/settings/import/apply', exported))).to.deep.equal([422, 'settings_import_invalid']);
    expect(await targetState()).to.deep.equal(before);
  });

  it('refuses a stale revision, changing nothing', async () => {
    const api = on(target, targetOwner);
    const { currentRevisions } = (await api('POST', '/api/v1/system/settings/import/preview', portable())).body.data;
    await setSettings(target, targetOwner, { [STATUS_SECONDS]: 200 });
    const before = await targetState();
    expect(errorOf(await api('POST', '/api/v1/system/settings/import/apply', { ...portable(), expectedRevisions: currentRevisions }))).to.deep.equal([
      409,
      'settings_revision_conflict',
    ]);
    expect(await targetState()).to.deep.equal(before);
    expect(await target.db('audit_log').where({ action: 'settings.imported' }).first()).to.equal(undefined);
  });

  it('refuses documents it cannot read, changing nothing', async () => {
    const api = on(target, targetOwner);
    const before = await targetState();
    const apply = (body: unknown) => api('POST', '/api/v1/system/settings/import/apply', body);
    const organization = (values: Record<string, unknown>) => ({ ...portable(), organization: { ...exported.organization, values } });
    // Not a JSON object: refused by the kernel as every such body is.
    expect(errorOf(await apply([]))).to.deep.equal([400, 'invalid_request']);
    expect(errorOf(await apply({ ...portable(), schemaVersion: 2 }))).to.deep.equal([422, 'settings_import_version_unsupported']);
    expect(errorOf(await apply({ schemaVersion: 1 }))).to.deep.equal([422, 'settings_import_invalid']);
    expect(errorOf(await apply(organization({ 'player.nope': 1 })))).to.deep.equal([422, 'settings_import_invalid']);
    expect(errorOf(await apply(organization({ [STATUS_SECONDS]: 'often' })))).to.deep.equal([422, 'settings_import_invalid']);
    const badPolicy = { ...portable(), groupPolicies: [{ screenGroupId: groupId, values: { 'branding.player_background_color': '#000000' } }] };
    const refused = await apply(badPolicy);
    expect(errorOf(refused)).to.deep.equal([422, 'settings_import_invalid']);
    expect(refused.body.error.details.fields[0].field).to.equal('body/groupPolicies/0/values/branding.player_background_color');
    expect(errorOf(await api('POST', '/api/v1/system/settings/import/preview', { schemaVersion: 'one' }))).to.deep.equal([422, 'settings_import_invalid']);
    expect(await targetState()).to.deep.equal(before);
  });

  it('imports into another server: the same settings and policies, audited', async () => {
    const api = on(target, targetOwner);
    const { currentRevisions } = (await api('POST', '/api/v1/system/settings/import/preview', portable())).body.data;
    const res = await api('POST', '/api/v1/system/settings/import/apply', { ...portable(), expectedRevisions: currentRevisions });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data.values).to.include({ [STATUS_SECONDS]: 120 });
    const again = (await api('GET', '/api/v1/system/settings/export')).body.data;
    expect(again.organization.values).to.deep.equal(exported.organization.values);
    expect(again.groupPolicies).to.deep.equal(exported.groupPolicies);
    expect(await target.db('audit_log').where({ action: 'settings.imported' }).first()).to.include({ resource_type: 'settings' });
    // A second apply of the same document changes nothing.
    const repeat = (await api('POST', '/api/v1/system/settings/import/preview', portable())).body.data;
    expect(repeat).to.deep.include({ valid: true, changedKeys: [] });
    expect(repeat.policyChanges).to.deep.equal([{ scope: 'group', targetId: groupId, change: 'unchanged', changedKeys: [] }]);
  });

  it('tells the screens whose configuration an imported policy changes', async () => {
    const socket = await openPlayerSocket(source, lobby.credential);
    try {
      const document = { ...exported, groupPolicies: [{ ...exported.groupPolicies[0], values: { [VOLUME]: 0.6 } }] };
      const res = await on(source, sourceOwner)('POST', '/api/v1/system/settings/import/apply', document);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      await socket.next('config.changed', 10_000);
      const effective = (await on(source, sourceOwner)('GET', `/api/v1/screens/${lobby.screenId}/effective-policy`)).body.data;
      expect(effective.values[VOLUME]).to.deep.include({ value: 0.6, source: 'group' });
      // The secret was left out of the document and kept here.
      const token = await source.containerOf('settings').resolve<OrganizationSettings>('settingsService').get('test.api_token');
      expect(token).to.equal(SECRET);
    } finally {
      socket.ws.close();
    }
  });

  it('is the owner’s alone', async () => {
    for (const by of [admin, editor]) {
      const api = on(source, by);
      expect((await api('GET', '/api/v1/system/settings/export')).status).to.equal(403);
      expect((await api('POST', '/api/v1/system/settings/import/preview', exported)).status).to.equal(403);
      expect((await api('POST', '/api/v1/system/settings/import/apply', exported)).status).to.equal(403);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PluginInstallations } from '../../kernel/plugin-installations.js';
import { stickyNotesPlugin } from '../fixtures/sticky-notes-plugin/sticky-notes.plugin.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset, sessionsByRole } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const GRAPH = '/api/v1/plugins/dependency-graph';

describe('dependency graph', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, stickyNotesPlugin], install: [] });
    owner = await setUpOwner(k);
    viewer = (await sessionsByRole(k, owner, ['viewer'])).viewer;
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await consoleCall(k, owner, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.lessThan(300);
    return res.body?.data;
  };
  const graph = async () => {
    const res = await consoleCall(k, viewer, 'GET', GRAPH);
    expect(res.status).to.equal(200);
    return res.body.data as { nodes: any[]; edges: any[] };
  };
  const edge = (fromType: string, fromId: string, toType: string, toId: string, relationship: string) => ({ fromType, fromId, toType, toId, relationship });

  it('links media to playlists, playlists to screens and locations to screens', async () => {
    const location = await api('POST', '/api/v1/locations', { name: 'Lobby' });
    const screen = await pairScreen(k, owner, { name: 'Hall' });
    await api('PATCH', `/api/v1/screens/${screen.screenId}`, { locationId: location.id });
    const poster = await seedAsset(k, { name: 'Poster' });
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Morning loop' });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: poster.id, durationMs: 5000 });
    await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id });

    const tag = await api('POST', '/api/v1/content-tags', { name: `promo-${randomUUID().slice(0, 6)}` });
    const promo = await seedAsset(k, { name: 'Promo' });
    await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [promo.id], addTagIds: [tag.id] });
    const tagged = await api('POST', '/api/v1/playlists', { name: 'Promos' });
    await api('PUT', `/api/v1/playlists/${tagged.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 5000, tagIds: [tag.id] });

    // A website showing an image when it fails to load depends on that image.
    const fallback = await seedAsset(k, { name: 'Fallback' });
    const website = randomUUID();
    await libraryDeps(k).assetsRepository.insertWithId(website, { name: 'Menu board', type: 'website', processing_status: 'ready' });
    await k.db('website_assets').insert({ asset_id: website, url: 'https://menu.example/', fallback_image_asset_id: fallback.id });

    const { nodes, edges } = await graph();
    expect(nodes).to.deep.include.members([
      { id: location.id, type: 'locations', name: 'Lobby' },
      { id: screen.screenId, type: 'screens', name: 'Hall' },
      { id: poster.id, type: 'media', name: 'Poster' },
      { id: website, type: 'media', name: 'Menu board' },
      { id: playlist.id, type: 'playlists', name: 'Morning loop' },
    ]);
    expect(edges).to.deep.include.members([
      edge('media', poster.id, 'playlists', playlist.id, 'item'),
      edge('media', promo.id, 'playlists', tagged.id, 'tag_rule'),
      edge('media', fallback.id, 'media', website, 'fallback'),
      edge('playlists', playlist.id, 'screens', screen.screenId, 'assigned'),
      edge('locations', location.id, 'screens', screen.screenId, 'contains'),
    ]);
    expect(await graph(), 'a second read is the same').to.deep.equal({ nodes, edges });
  });

  it('leaves out deleted, archived and expired media, and the edges to them', async () => {
    const [deleted, archived, expired] = [await seedAsset(k, { name: 'Old' }), await seedAsset(k, { name: 'Shelved' }), await seedAsset(k, { name: 'Past' })];
    const tag = await api('POST', '/api/v1/content-tags', { name: `gone-${randomUUID().slice(0, 6)}` });
    await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [deleted.id, archived.id, expired.id], addTagIds: [tag.id] });
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Tagged' });
    await api('PUT', `/api/v1/playlists/${playlist.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 5000, tagIds: [tag.id] });
    const ids = [deleted.id, archived.id, expired.id];
    const before = await graph();
    expect(before.nodes.filter((n) => ids.includes(n.id))).to.have.length(3);
    expect(before.edges.filter((e) => e.toId === playlist.id)).to.have.length(3);

    await api('DELETE', `/api/v1/assets/${deleted.id}`);
    await api('POST', '/api/v1/assets/archive', { assetIds: [archived.id] });
    await k
      .db('assets')
      .where({ id: expired.id })
      .update({ expires_at: new Date(Date.now() - 60_000) });

    const after = await graph();
    expect(after.nodes.filter((n) => ids.includes(n.id))).to.deep.equal([]);
    expect(after.edges.filter((e) => e.toId === playlist.id)).to.deep.equal([]);
    expect(after.nodes).to.deep.include({ id: playlist.id, type: 'playlists', name: 'Tagged' });
  });

  it('is readable by any signed-in user, and by nobody else', async () => {
    expect((await consoleCall(k, viewer, 'GET', GRAPH)).status).to.equal(200);
    const anonymous = await call(k, 'GET', GRAPH);
    expect([anonymous.status, anonymous.body.error.code]).to.deep.equal([401, 'authentication_required']);
  });

  it("adds an installed plugin's instances and what each one targets", async () => {
    const location = await api('POST', '/api/v1/locations', { name: 'Depot' });
    const screen = await pairScreen(k, owner, { name: 'Dock' });
    expect(
      (await graph()).nodes.filter((n) => n.type === 'sticky_note_instances'),
      'not installed: no table, no nodes',
    ).to.deep.equal([]);

    await k.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations').install('sticky-notes');
    const base = '/api/v1/plugins/sticky-notes/instances';
    const placed = await api('POST', base, { name: 'Welcome', enabled: true, targetScope: 'locations', targetIds: [location.id], text: 'Hello' });
    const direct = await api('POST', base, { name: 'Close early', enabled: false, targetScope: 'screens', targetIds: [screen.screenId], text: 'Closing at 4' });
    const everywhere = await api('POST', base, { name: 'Fire drill', enabled: true, targetScope: 'all', targetIds: [], text: 'At 11' });

    const { nodes, edges } = await graph();
    expect(nodes.filter((n) => n.type === 'sticky_note_instances')).to.deep.equal([
      { id: direct.id, type: 'sticky_note_instances', name: 'Close early' },
      { id: everywhere.id, type: 'sticky_note_instances', name: 'Fire drill', allScreens: true },
      { id: placed.id, type: 'sticky_note_instances', name: 'Welcome' },
    ]);
    expect(edges.filter((e) => e.fromType === 'sticky_note_instances')).to.deep.equal(
      [
        edge('sticky_note_instances', direct.id, 'screens', screen.screenId, 'targets'),
        edge('sticky_note_instances', placed.id, 'locations', location.id, 'targets'),
      ].sort((a, b) => (a.fromId < b.fromId ? -1 : 1)),
    );
  });
});

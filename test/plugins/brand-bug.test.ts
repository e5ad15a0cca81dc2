import { eventually } from '../support/wait.js';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PlayerDeps } from '../../core-modules/player/player-deps.js';
import { optionalPlugins } from '../../plugins/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset, seedImage, sessionsByRole, sha256 } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const BASE = '/api/v1/plugins/brand-bug/instances';
const SCHEMA = 'validation_failed';
const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];

describe('brand bug plugin', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let roles: Record<string, ConsoleSession>;
  let branch: string;
  // lobby: targeted by id; hall: in the branch location; kitchen: no location.
  let lobby: PairedScreen, hall: PairedScreen, kitchen: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Corner mark',
    corner: 'top_right',
    text: 'Corner Café',
    widthPercent: 12,
    textSizePercent: 4,
    opacityPercent: 80,
    marginPercent: 3,
    textColor: '#FFFFFF',
    backgroundStyle: 'scrim',
    enabled: true,
    priority: 0,
    targetScope: 'screens',
    targetIds: [lobby.screenId],
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await api('POST', BASE, valid(overrides));
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const entriesOf = async (screen: PairedScreen) => (await manifestOf(screen)).plugins.filter((p: any) => p.type === 'brand_bug');
  const idsOf = async (screen: PairedScreen) => (await entriesOf(screen)).map((e: any) => e.id).sort();

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins] });
    owner = await setUpOwner(k);
    roles = await sessionsByRole(k, owner, ['administrator', 'editor', 'contributor', 'viewer']);
    branch = (await api('POST', '/api/v1/locations', { name: 'Branch' })).body.data.id;
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    hall = await pairScreen(k, owner, { name: 'Hall', approval: { locationId: branch } });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));
  afterEach(async () => {
    for (const item of (await api('GET', BASE)).body.data.items) await api('DELETE', `${BASE}/${item.id}`);
  });

  it('refuses each invalid configuration, one rule at a time, with 422 and stores nothing', async () => {
    const processing = await seedAsset(k, { status: 'processing' });
    const video = await seedAsset(k, { type: 'video' });
    const start = '2026-12-01T09:00:00Z';
    // [what, overrides, SCHEMA or the field the service names]
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty name', { name: '' }, SCHEMA],
      ['blank name', { name: '   ' }, SCHEMA],
      ['long name', { name: 'x'.repeat(181) }, SCHEMA],
      ['long text', { text: 'x'.repeat(181) }, SCHEMA],
      ['width 1', { widthPercent: 1 }, SCHEMA],
      ['width 41', { widthPercent: 41 }, SCHEMA],
      ['width 12.5', { widthPercent: 12.5 }, SCHEMA],
      ['text size 0', { textSizePercent: 0 }, SCHEMA],
      ['text size 13', { textSizePercent: 13 }, SCHEMA],
      ['opacity 9', { opacityPercent: 9 }, SCHEMA],
      ['opacity 101', { opacityPercent: 101 }, SCHEMA],
      ['margin -1', { marginPercent: -1 }, SCHEMA],
      ['margin 21', { marginPercent: 21 }, SCHEMA],
      ['priority -1001', { priority: -1001 }, SCHEMA],
      ['priority 1001', { priority: 1001 }, SCHEMA],
      ['corner', { corner: 'center' }, SCHEMA],
      ['background', { backgroundStyle: 'blur' }, SCHEMA],
      ['scope', { targetScope: 'everywhere' }, SCHEMA],
      ['colour name', { textColor: 'white' }, SCHEMA],
      ['short colour', { textColor: '#FFF' }, SCHEMA],
      ['colour not hex', { textColor: '#GG0000' }, SCHEMA],
      ['colour without #', { textColor: 'FFFFFF' }, SCHEMA],
      ['startsAt not a time', { startsAt: 'tomorrow' }, SCHEMA],
      ['startsAt without zone', { startsAt: '2026-12-01T09:00:00' }, SCHEMA],
      ['endsAt before startsAt', { startsAt: start, endsAt: '2026-11-30T09:00:00Z' }, 'body/endsAt'],
      ['endsAt at startsAt', { startsAt: start, endsAt: start }, 'body/endsAt'],
      ['no logo, empty text', { text: '' }, 'body/text'],
      ['no logo, blank text', { text: '   ', imageAssetId: null }, 'body/text'],
      ['logo not ready', { imageAssetId: processing.id }, 'body/imageAssetId'],
      ['logo not an image', { imageAssetId: video.id }, 'body/imageAssetId'],
      ['unknown logo', { imageAssetId: randomUUID() }, 'body/imageAssetId'],
      ['logo id not a uuid', { imageAssetId: 'logo.png' }, SCHEMA],
      ['all with ids', { targetScope: 'all', targetIds: [lobby.screenId] }, 'body/targetIds'],
      ['screens with none', { targetIds: [] }, 'body/targetIds'],
      ['251 ids', { targetIds: Array.from({ length: 251 }, () => randomUUID()) }, SCHEMA],
      ['duplicate ids', { targetIds: [lobby.screenId, lobby.screenId] }, SCHEMA],
      ['unknown screen', { targetIds: [randomUUID()] }, 'body/targetIds'],
      ['a screen id as a location', { targetScope: 'locations', targetIds: [lobby.screenId] }, 'body/targetIds'],
      ['missing corner', { corner: undefined }, SCHEMA],
      ['unknown field', { blink: true }, SCHEMA],
    ];
    for (const [what, overrides, expected] of cases) {
      const res = await api('POST', BASE, valid(overrides));
      if (expected === SCHEMA) expect(errorOf(res), what).to.deep.equal([422, SCHEMA]);
      else expect([...errorOf(res), res.body.error.details?.fields?.[0]?.field], what).to.deep.equal([422, 'invalid_plugin_configuration', expected]);
    }
    expect((await api('GET', BASE)).body.data.items).to.deep.equal([]);
  });

  it('accepts every bound, a logo without text, and a window with its end after its start', async () => {
    const logo = await seedImage(k, 'Bounds logo');
    await create({ widthPercent: 2, textSizePercent: 1, opacityPercent: 10, marginPercent: 0, priority: -1000, text: 'x'.repeat(180) });
    await create({
      widthPercent: 40,
      textSizePercent: 12,
      opacityPercent: 100,
      marginPercent: 20,
      priority: 1000,
      corner: 'bottom_left',
      backgroundStyle: 'none',
    });
    await create({ text: '', imageAssetId: logo.id, textColor: '#0a0B0c', startsAt: '2026-12-01T09:00:00Z', endsAt: '2026-12-01T09:00:01Z' });
    expect((await api('GET', BASE)).body.data.items).to.have.length(3);
  });

  it('lets Owner and Administrator change instances; other roles only read; CSRF and sign-in are required', async () => {
    await create();
    expect((await api('POST', BASE, valid({ name: 'By admin' }), roles.administrator)).status).to.equal(201);
    const [mine] = (await api('GET', BASE)).body.data.items;
    for (const role of ['editor', 'contributor', 'viewer']) {
      const as = roles[role]!;
      expect(errorOf(await api('POST', BASE, valid(), as)), role).to.deep.equal([403, 'insufficient_role']);
      expect(errorOf(await api('PUT', `${BASE}/${mine.id}`, valid(), as)), role).to.deep.equal([403, 'insufficient_role']);
      expect(errorOf(await api('DELETE', `${BASE}/${mine.id}`, undefined, as)), role).to.deep.equal([403, 'insufficient_role']);
      expect((await api('GET', BASE, undefined, as)).body.data.items, role).to.have.length(2);
    }
    expect(errorOf(await call(k, 'POST', BASE, valid(), { cookie: owner.cookie }))).to.deep.equal([403, 'csrf_failed']);
    expect((await call(k, 'POST', BASE, valid())).status).to.equal(401);
    expect((await call(k, 'GET', BASE)).status).to.equal(401);
    expect((await api('GET', BASE)).body.data.items).to.have.length(2);
  });

  it('reads, replaces and deletes an instance, and answers 404 for one that does not exist', async () => {
    const logo = await seedImage(k, 'Round trip logo');
    const window = { startsAt: '2026-12-01T09:00:00Z', endsAt: '2026-12-24T18:00:00Z' };
    const created = await create({ imageAssetId: logo.id, ...window });
    expect(created).to.deep.include({ ...valid({ imageAssetId: logo.id, ...window }), revision: 1 });
    expect((await api('GET', `${BASE}/${created.id}`)).body.data).to.deep.equal(created);
    expect((await api('GET', BASE)).body.data.items).to.deep.equal([created]);

    // A full replace: the window left out goes back to null.
    const replaced = await api('PUT', `${BASE}/${created.id}`, valid({ name: ' Renamed ', corner: 'bottom_right', text: '', imageAssetId: logo.id }));
    expect(replaced.status, JSON.stringify(replaced.body)).to.equal(200);
    expect(replaced.body.data).to.deep.include({ name: 'Renamed', corner: 'bottom_right', text: '', startsAt: null, endsAt: null, revision: 2 });
    expect(errorOf(await api('PUT', `${BASE}/${created.id}`, valid({ text: '' })))).to.deep.equal([422, 'invalid_plugin_configuration']);
    expect((await api('GET', `${BASE}/${created.id}`)).body.data).to.deep.equal(replaced.body.data);

    const missing = `${BASE}/${randomUUID()}`;
    for (const [method, body] of [['GET'], ['PUT', valid()], ['DELETE']] as const) {
      expect(errorOf(await api(method, missing, body)), method).to.deep.equal([404, 'plugin_instance_not_found']);
    }
    expect((await api('DELETE', `${BASE}/${created.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `${BASE}/${created.id}`))).to.deep.equal([404, 'plugin_instance_not_found']);
    expect(errorOf(await api('DELETE', `${BASE}/${created.id}`))).to.deep.equal([404, 'plugin_instance_not_found']);
  });

  it('gives each screen the enabled brand bugs that reach it: by screen, by location or all', async () => {
    const byScreen = await create({ name: 'By screen' });
    const byLocation = await create({ name: 'By location', targetScope: 'locations', targetIds: [branch] });
    expect(await idsOf(lobby)).to.deep.equal([byScreen.id]);
    expect(await idsOf(hall)).to.deep.equal([byLocation.id]);
    expect(await idsOf(kitchen)).to.deep.equal([]);

    const everywhere = await create({ name: 'Everywhere', targetScope: 'all', targetIds: [] });
    expect(await idsOf(kitchen)).to.deep.equal([everywhere.id]);
    expect(await idsOf(lobby)).to.deep.equal([byScreen.id, everywhere.id].sort());
    expect((await api('PUT', `${BASE}/${everywhere.id}`, valid({ enabled: false, targetScope: 'all', targetIds: [] }))).status).to.equal(200);
    expect(await idsOf(kitchen)).to.deep.equal([]);

    expect(await entriesOf(lobby)).to.deep.equal([
      {
        id: byScreen.id,
        type: 'brand_bug',
        version: 1,
        config: {
          name: 'By screen',
          corner: 'top_right',
          text: 'Corner Café',
          widthPercent: 12,
          textSizePercent: 4,
          opacityPercent: 80,
          marginPercent: 3,
          textColor: '#FFFFFF',
          backgroundStyle: 'scrim',
          startsAt: null,
          endsAt: null,
          priority: 0,
        },
      },
    ]);
  });

  it('pushes manifest.changed only to the screens a change reaches, and nothing for an unchanged PUT', async () => {
    const sockets: Record<string, PlayerSocket> = {};
    for (const [name, screen] of Object.entries({ lobby, hall, kitchen })) sockets[name] = await openPlayerSocket(k, screen.credential);
    const pushes = (name: string) => sockets[name]!.messages.filter((m) => m.type === 'manifest.changed');
    const forget = () => {
      for (const s of Object.values(sockets)) s.messages.length = 0;
    };
    // Once the rebuilds earlier steps started are done, a broadcast published then arrives after
    // every push they committed (they arrive in commit order): once every screen has it, nothing an
    // earlier step did can still arrive.
    const settle = async () => {
      const player = k.containerOf('player').cradle as PlayerDeps;
      await Promise.all([player.contentSources.changes.settled(), player.manifestPlugins.changes.settled()]);
      await player.hub.publish('screens', { type: 'config.changed', configRevision: 1_000_000 });
      for (const s of Object.values(sockets)) await s.next('config.changed');
    };
    try {
      await settle(); // pushes from the tests before this one
      forget();
      const before = (await manifestOf(lobby)).manifestVersion;
      const created = await create();
      expect((await sockets.lobby!.next('manifest.changed')).manifestVersion).to.equal(before + 1);

      forget();
      const moved = valid({ targetIds: [hall.screenId] });
      expect((await api('PUT', `${BASE}/${created.id}`, moved)).status).to.equal(200);
      await sockets.hall!.next('manifest.changed');
      await sockets.lobby!.next('manifest.changed'); // it lost the mark

      forget();
      const version = (await manifestOf(hall)).manifestVersion;
      const again = await api('PUT', `${BASE}/${created.id}`, moved);
      expect(again.body.data.revision).to.equal(3);
      expect((await manifestOf(hall)).manifestVersion).to.equal(version);
      await settle(); // any push the PUT made has arrived by now
      expect([pushes('lobby'), pushes('hall'), pushes('kitchen')]).to.deep.equal([[], [], []]);
    } finally {
      for (const s of Object.values(sockets)) s.ws.close();
    }
  });

  it('lists the logo’s variant, which the targeted screen may download and no other; a logo gone degrades to text', async () => {
    const logo = await seedImage(k, 'Logo');
    await k
      .db('assets')
      .where({ id: logo.id })
      .update({ expires_at: new Date('2027-01-01T00:00:00Z') });
    await create({ name: 'Logo only', text: '', imageAssetId: logo.id });
    const both = await create({ name: 'Both', corner: 'bottom_left', imageAssetId: logo.id });
    const [original] = await k.db('asset_variants').where({ asset_id: logo.id, kind: 'original' });
    const path = `/api/v1/player/assets/${logo.id}/variants/${original.id}`;
    const manifest = await manifestOf(lobby);
    for (const entry of manifest.plugins) {
      expect(entry.config, entry.config.name).to.deep.include({
        imageAssetId: logo.id,
        imageVariantId: original.id,
        imageDownloadPath: path,
        imageExpiresAt: '2027-01-01T00:00:00.000Z',
      });
    }
    // Players cache and verify what assets[] lists, and draw the logo from there: listed once for both marks.
    expect(manifest.assets).to.deep.equal([
      {
        assetId: logo.id,
        variantId: original.id,
        mimeType: 'image/png',
        sha256: sha256(logo.original),
        fileSize: logo.original.length,
        downloadPath: path,
        expiresAt: '2027-01-01T00:00:00.000Z',
      },
    ]);
    const file = await k.request(path, { headers: { authorization: `Bearer ${lobby.credential}` } });
    expect(file.status).to.equal(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).to.equal(sha256(logo.original));
    expect((await manifestOf(hall)).assets).to.deep.equal([]);
    expect(errorOf(await playerCall(k, hall.credential, 'GET', path))).to.deep.equal([404, 'media_variant_unavailable']);

    // The logo no longer served (as if being processed again; the asset is in use, so neither an
    // archive nor a delete can reach this): the mark with text keeps its text, the logo-only mark is
    // dropped, once the screen's manifest is rebuilt as a media event would have it.
    await k.db('assets').where({ id: logo.id }).update({ processing_status: 'processing' });
    await (k.containerOf('player').cradle as PlayerDeps).manifestService.refresh(lobby.screenId);
    const entries = await entriesOf(lobby);
    expect(entries.map((e: any) => e.id)).to.deep.equal([both.id]);
    expect(entries[0].config).to.include({ text: 'Corner Café' }).and.not.have.any.keys('imageAssetId', 'imageVariantId', 'imageDownloadPath');
    expect((await manifestOf(lobby)).assets).to.deep.equal([]);
    expect(errorOf(await playerCall(k, lobby.credential, 'GET', path))).to.deep.equal([404, 'media_variant_unavailable']);
  });

  it('tells the screens showing a logo when it is reprocessed, with its new variant', async () => {
    const logo = await seedImage(k, 'Reprocessed logo');
    const socket = await openPlayerSocket(k, lobby.credential);
    try {
      await create({ imageAssetId: logo.id });
      const created = (await socket.next('manifest.changed')).manifestVersion as number;
      // What processing leaves behind: a new variant players prefer, then the event after commit.
      const media = libraryDeps(k);
      const playback = await media.assetsRepository.upsertVariant(logo.id, {
        kind: 'playback',
        storage_key: `assets/${logo.id}/playback.png`,
        mime_type: 'image/png',
        file_size: 10,
        sha256: 'f'.repeat(64),
        player_compatible: true,
      });
      await k.db.transaction((trx) => media.mediaEvents.emit([{ assetId: logo.id }], trx));
      // Told after the commit: a newer version pushed, whose manifest names the new variant.
      const told = await eventually(
        () => socket.messages.filter((m) => m.type === 'manifest.changed' && m.manifestVersion > created),
        (pushed) => pushed.length > 0,
      );
      expect(told, 'a push after the event').to.have.length(1);
      expect((await entriesOf(lobby))[0].config.imageVariantId).to.equal(playback.id);
    } finally {
      socket.ws.close();
    }
  });

  it('follows a screen that moves into a targeted location: manifest.changed with the mark, and config.changed naming the location', async () => {
    const mark = await create({ targetScope: 'locations', targetIds: [branch] });
    const socket = await openPlayerSocket(k, kitchen.credential);
    try {
      await socket.next('server.hello');
      expect(await idsOf(kitchen)).to.deep.equal([]);
      const moved = await api('PATCH', `/api/v1/screens/${kitchen.screenId}`, { locationId: branch });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      await socket.next('manifest.changed');
      await socket.next('config.changed');
      expect(await idsOf(kitchen)).to.deep.equal([mark.id]);
      const config = (await playerCall(k, kitchen.credential, 'GET', '/api/v1/player/config')).body.data;
      expect(config.playback.screenLocation).to.equal('Branch');
    } finally {
      socket.ws.close();
      await api('PATCH', `/api/v1/screens/${kitchen.screenId}`, { locationId: null });
    }
  });

  it('keeps a logo in use from being deleted, naming the brand bug, and shows the link in the dependency graph', async () => {
    const logo = await seedImage(k, 'Logo in use');
    const bug = await create({ name: 'Uses the logo', imageAssetId: logo.id });
    const graph = (await api('GET', '/api/v1/plugins/dependency-graph')).body.data;
    expect(graph.nodes).to.deep.include({ id: bug.id, type: 'brand_bug_instances', name: 'Uses the logo' });
    expect(graph.edges).to.deep.include.members([
      { fromType: 'media', fromId: logo.id, toType: 'brand_bug_instances', toId: bug.id, relationship: 'logo' },
      { fromType: 'brand_bug_instances', fromId: bug.id, toType: 'screens', toId: lobby.screenId, relationship: 'targets' },
    ]);
    const refused = await api('DELETE', `/api/v1/assets/${logo.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'asset_in_use']);
    expect(refused.body.error.details.usedBy).to.deep.equal([{ assetId: logo.id, kind: 'brand_bug', id: bug.id, name: 'Uses the logo' }]);
    expect(errorOf(await api('POST', '/api/v1/assets/archive', { assetIds: [logo.id] }))).to.deep.equal([409, 'asset_in_use']);
    expect((await api('DELETE', `${BASE}/${bug.id}`)).status).to.equal(204);
    expect((await api('DELETE', `/api/v1/assets/${logo.id}`)).status).to.equal(204);
  });
});

describe('brand bug plugin, not installed', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins], install: [] });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('answers 409 plugin_not_installed, adds nothing to manifests and lets any asset be deleted', async () => {
    const screen = await pairScreen(k, owner);
    const body = {
      name: 'Mark',
      corner: 'top_left',
      text: 'Hi',
      widthPercent: 10,
      textSizePercent: 4,
      opacityPercent: 80,
      marginPercent: 2,
      textColor: '#000000',
      backgroundStyle: 'none',
      enabled: true,
      priority: 0,
      targetScope: 'all',
      targetIds: [],
    };
    const one = `${BASE}/${randomUUID()}`;
    for (const [method, path, payload] of [
      ['GET', BASE],
      ['POST', BASE, body],
      ['GET', one],
      ['PUT', one, body],
      ['DELETE', one],
    ] as const) {
      expect(errorOf(await consoleCall(k, owner, method, path, payload)), `${method} ${path}`).to.deep.equal([409, 'plugin_not_installed']);
    }
    expect((await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data.plugins).to.deep.equal([]);
    // Its table does not exist: the usage check must not reach for it.
    const image = await seedImage(k);
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/assets/${image.id}`)).status).to.equal(204);
  });
});

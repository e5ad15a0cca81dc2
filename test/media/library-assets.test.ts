import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { assetUsageProbePlugin, probeUses } from '../fixtures/asset-usage-probe.plugin.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset, sessionsByRole } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const day = 24 * 3600 * 1000;

describe('asset library API', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let as: Record<string, ConsoleSession>;
  const get = (path: string, s: ConsoleSession = owner) => consoleCall(k, s, 'GET', path);

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, assetUsageProbePlugin] });
    owner = await setUpOwner(k);
    as = await sessionsByRole(k, owner, ['editor', 'contributor', 'viewer']);
  });
  after(() => k?.stop());
  afterEach(() => probeUses.clear());

  describe('listing', () => {
    const ids: Record<string, string> = {};
    let folderId: string;
    let tagId: string;
    let collectionId: string;

    before(async () => {
      // A separate set of names so the filters have something definite to find.
      const base = Date.parse('2026-01-01T00:00:00Z');
      const specs = [
        { key: 'alpha', name: 'Alpha poster', type: 'image', at: 1 },
        { key: 'bravo', name: 'bravo clip', type: 'video', at: 2, originalFilename: 'Summer_Sale-100%.mp4' },
        { key: 'charlie', name: 'Charlie', type: 'image', at: 3, status: 'processing' },
        { key: 'delta', name: 'Delta', type: 'image', at: 4 },
        { key: 'echo', name: 'Echo', type: 'video', at: 5 },
      ] as const;
      for (const s of specs) {
        const seeded = await seedAsset(k, {
          name: s.name,
          type: s.type,
          status: 'status' in s ? s.status : 'ready',
          createdAt: new Date(base + s.at * day),
          originalFilename: 'originalFilename' in s ? s.originalFilename : undefined,
        });
        ids[s.key] = seeded.id;
      }
      folderId = (await consoleCall(k, owner, 'POST', '/api/v1/content-folders', { name: 'Lobby' })).body.data.id;
      tagId = (await consoleCall(k, owner, 'POST', '/api/v1/content-tags', { name: 'summer' })).body.data.id;
      collectionId = (await consoleCall(k, owner, 'POST', '/api/v1/content-collections', { name: 'Campaign' })).body.data.id;
      const organized = await consoleCall(k, owner, 'POST', '/api/v1/assets/bulk-organize', {
        assetIds: [ids.alpha, ids.delta],
        setFolder: true,
        folderId,
        addTagIds: [tagId],
        addCollectionIds: [collectionId],
      });
      expect(organized.status, JSON.stringify(organized.body)).to.equal(200);
      // Archived by hand, expired, and being deleted: none is in the default list.
      const archived = await seedAsset(k, { name: 'Old archived', createdAt: new Date(base + 6 * day) });
      await k.db('assets').where({ id: archived.id }).update({ archived_at: new Date() });
      ids.archived = archived.id;
      const expired = await seedAsset(k, { name: 'Expired promo', createdAt: new Date(base + 7 * day) });
      await k
        .db('assets')
        .where({ id: expired.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
      ids.expired = expired.id;
      const deleting = await seedAsset(k, { name: 'Going away', createdAt: new Date(base + 8 * day) });
      await k.db('assets').where({ id: deleting.id }).update({ processing_status: 'deleting' });
      ids.deleting = deleting.id;
    });

    const names = (res: { body: any }) => res.body.data.items.map((a: { name: string }) => a.name);

    it('pages newest first by default, with a total', async () => {
      const res = await get('/api/v1/assets?pageSize=2');
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ total: 5, page: 1, pageSize: 2 });
      expect(names(res)).to.deep.equal(['Echo', 'Delta']);
      const last = await get('/api/v1/assets?pageSize=2&page=3');
      expect(names(last)).to.deep.equal(['Alpha poster']);
      const beyond = await get('/api/v1/assets?pageSize=2&page=9');
      expect(beyond.body.data).to.include({ total: 5 });
      expect(beyond.body.data.items).to.deep.equal([]);
      expect((await get('/api/v1/assets')).body.data.pageSize).to.equal(24);
    });

    it('sorts by oldest, name (any case) and last update', async () => {
      expect(names(await get('/api/v1/assets?sort=oldest'))).to.deep.equal(['Alpha poster', 'bravo clip', 'Charlie', 'Delta', 'Echo']);
      expect(names(await get('/api/v1/assets?sort=name'))).to.deep.equal(['Alpha poster', 'bravo clip', 'Charlie', 'Delta', 'Echo']);
      await consoleCall(k, owner, 'PATCH', `/api/v1/assets/${ids.bravo}`, { description: 'touched' });
      expect(names(await get('/api/v1/assets?sort=updated'))[0]).to.equal('bravo clip');
    });

    it('filters by type, status, folder, tag, collection and text', async () => {
      expect(names(await get('/api/v1/assets?type=video&sort=name'))).to.deep.equal(['bravo clip', 'Echo']);
      expect(names(await get('/api/v1/assets?type=media'))).to.have.length(5);
      expect(names(await get('/api/v1/assets?type=website'))).to.deep.equal([]);
      expect(names(await get('/api/v1/assets?status=processing'))).to.deep.equal(['Charlie']);
      expect(names(await get(`/api/v1/assets?folderId=${folderId}&sort=name`))).to.deep.equal(['Alpha poster', 'Delta']);
      expect(names(await get('/api/v1/assets?folderId=none&sort=name'))).to.deep.equal(['bravo clip', 'Charlie', 'Echo']);
      expect(names(await get(`/api/v1/assets?tagId=${tagId}&sort=name`))).to.deep.equal(['Alpha poster', 'Delta']);
      expect(names(await get(`/api/v1/assets?collectionId=${collectionId}&type=image&sort=name`))).to.deep.equal(['Alpha poster', 'Delta']);
      expect(names(await get('/api/v1/assets?search=POSTER'))).to.deep.equal(['Alpha poster']);
      // The original file name counts, and LIKE wildcards in the text are literal.
      expect(names(await get(`/api/v1/assets?search=${encodeURIComponent('sale-100%')}`))).to.deep.equal(['bravo clip']);
      expect(names(await get(`/api/v1/assets?search=${encodeURIComponent('%')}`))).to.deep.equal(['bravo clip']);
      expect(names(await get('/api/v1/assets?search=_'))).to.deep.equal(['bravo clip']);
    });

    it('shows archived and expired assets only in the archived view, and never deleting ones', async () => {
      expect(names(await get('/api/v1/assets?archived=true&sort=name'))).to.deep.equal(['Expired promo', 'Old archived']);
      expect(names(await get('/api/v1/assets?archived=false'))).to.have.length(5);
      const all = JSON.stringify((await get('/api/v1/assets?pageSize=100')).body);
      expect(all).not.to.contain(ids.deleting);
      expect((await get(`/api/v1/assets/${ids.deleting}`)).status).to.equal(404);
    });

    it('returns tags, collections, variants and a thumbnail URL, but no storage keys', async () => {
      const item = (await get(`/api/v1/assets?tagId=${tagId}&sort=name`)).body.data.items[0];
      expect(item.tags).to.deep.equal([{ id: tagId, name: 'summer', color: '#64748b' }]);
      expect(item.collectionIds).to.deep.equal([collectionId]);
      expect(item.folderId).to.equal(folderId);
      expect(item.variants.map((v: { kind: string }) => v.kind).sort()).to.deep.equal(['original', 'thumbnail']);
      expect(item.thumbnailUrl).to.equal(`/api/v1/assets/${item.id}/thumbnail`);
      expect(item).not.to.have.property('website');
      const detail = await get(`/api/v1/assets/${item.id}`, as.viewer);
      expect(detail.status).to.equal(200);
      expect(detail.body.data.tags).to.deep.equal(item.tags);
      expect(JSON.stringify(detail.body)).not.to.match(/storage_?key|assets\/[0-9a-f-]{36}\/(original|thumbnail|poster|playback)\./i);
    });

    it('validates the query: bounds, uuids and unknown parameters (422 validation_failed)', async () => {
      for (const query of [
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'folderId=nope',
        'tagId=123',
        'sort=random',
        'type=audio',
        'status=deleted',
        `search=${'x'.repeat(201)}`,
        'colour=red',
      ]) {
        const res = await get(`/api/v1/assets?${query}`);
        expect(res.status, query).to.equal(422);
        expect(res.body.error.code, query).to.equal('validation_failed');
      }
    });

    it('needs a session to read', async () => {
      expect((await consoleCall(k, undefined, 'GET', '/api/v1/assets')).status).to.equal(401);
      expect((await get('/api/v1/assets', as.viewer)).status).to.equal(200);
    });
  });

  describe('editing', () => {
    it('renames, describes and sets an availability window (authors)', async () => {
      const { id } = await seedAsset(k, { name: 'Menu' });
      const from = new Date(Date.now() + day).toISOString();
      const to = new Date(Date.now() + 10 * day).toISOString();
      const res = await consoleCall(k, as.contributor, 'PATCH', `/api/v1/assets/${id}`, {
        name: '  Menu board ',
        description: 'Winter',
        availabilitySet: true,
        availableFrom: from,
        expiresAt: to,
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.include({ name: 'Menu board', description: 'Winter', availableFrom: from, expiresAt: to });
      // Without availabilitySet the window is left alone; with it, a missing field is cleared.
      const keep = await consoleCall(k, owner, 'PATCH', `/api/v1/assets/${id}`, { expiresAt: null });
      expect(keep.body.data.expiresAt).to.equal(to);
      const clear = await consoleCall(k, owner, 'PATCH', `/api/v1/assets/${id}`, { availabilitySet: true, availableFrom: from });
      expect(clear.body.data).to.include({ availableFrom: from }).and.not.to.have.property('expiresAt');
      const audit = await k.db('audit_log').where({ action: 'media.asset_updated', resource_id: id });
      expect(audit).to.have.length(3);
    });

    it('refuses a bad window, a blank or long name and a long description', async () => {
      const { id } = await seedAsset(k);
      const bad = [
        { availabilitySet: true, availableFrom: new Date(Date.now() + 2 * day).toISOString(), expiresAt: new Date(Date.now() + day).toISOString() },
        { availabilitySet: true, expiresAt: new Date(Date.now() - day).toISOString() },
        { name: '' },
        { name: '   ' },
        { name: 'x'.repeat(181) },
        { description: 'x'.repeat(2001) },
        { availableFrom: 'tomorrow' },
      ];
      for (const body of bad) {
        const res = await consoleCall(k, owner, 'PATCH', `/api/v1/assets/${id}`, body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_failed');
      }
    });

    it('lets viewers read but not edit', async () => {
      const { id } = await seedAsset(k);
      const res = await consoleCall(k, as.viewer, 'PATCH', `/api/v1/assets/${id}`, { name: 'Nope' });
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('insufficient_role');
    });

    it('answers 404 not_found for an unknown asset', async () => {
      const res = await consoleCall(k, owner, 'PATCH', '/api/v1/assets/00000000-0000-4000-8000-000000000000', { name: 'x' });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    });
  });

  describe('deleting', () => {
    it('lets managers delete: the asset leaves lists at once and a job removes its files', async () => {
      const { id } = await seedAsset(k, { name: 'Delete me' });
      expect((await consoleCall(k, as.contributor, 'DELETE', `/api/v1/assets/${id}`)).status).to.equal(403);
      const res = await consoleCall(k, as.editor, 'DELETE', `/api/v1/assets/${id}`);
      expect(res.status).to.equal(204);
      expect((await get(`/api/v1/assets/${id}`)).status).to.equal(404);
      expect(JSON.stringify((await get('/api/v1/assets?pageSize=100')).body)).not.to.contain(id);
      const job = await k.db('pgboss.job').where({ name: 'media.delete-files' }).whereRaw(`data->>'assetId' = ?`, [id]).first();
      expect(job, 'media.delete-files enqueued').to.exist;
      expect(await k.db('audit_log').where({ action: 'media.asset_deleted', resource_id: id }).first()).to.exist;
      // A second delete finds nothing to delete.
      expect((await consoleCall(k, owner, 'DELETE', `/api/v1/assets/${id}`)).status).to.equal(404);
      // The job removes the files and finishes the deletion.
      await eventually(
        async () => (await k.db('assets').where({ id }).first())?.processing_status,
        (s) => s === 'deleted',
        20_000,
      );
      expect((await k.db('assets').where({ id }).first())?.processing_status).to.equal('deleted');
      const left: string[] = [];
      for await (const key of libraryDeps(k).storage.list(`assets/${id}/`)) left.push(key);
      expect(left).to.deep.equal([]);
    });

    it('refuses to delete an asset in use with 409 asset_in_use naming the users', async () => {
      const { id } = await seedAsset(k, { name: 'Used' });
      probeUses.set(id, { kind: 'playlist', id: 'p-1', name: 'Lobby loop' });
      const res = await consoleCall(k, owner, 'DELETE', `/api/v1/assets/${id}`);
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('asset_in_use');
      expect(res.body.error.details.usedBy).to.deep.equal([{ assetId: id, kind: 'playlist', id: 'p-1', name: 'Lobby loop' }]);
      expect(res.body.error.message).to.contain('Lobby loop');
      expect((await k.db('assets').where({ id }).first()).processing_status).to.equal('ready');
    });
  });

  describe('archive and restore', () => {
    it('archives and restores many assets at once (managers), with audit entries', async () => {
      const a = await seedAsset(k, { name: 'Shelf A' });
      const b = await seedAsset(k, { name: 'Shelf B' });
      const body = { assetIds: [a.id, b.id] };
      for (const role of ['contributor', 'viewer']) expect((await consoleCall(k, as[role], 'POST', '/api/v1/assets/archive', body)).status, role).to.equal(403);
      const archived = await consoleCall(k, as.editor, 'POST', '/api/v1/assets/archive', body);
      expect(archived.status, JSON.stringify(archived.body)).to.equal(200);
      expect(archived.body.data).to.deep.equal({ updated: 2 });
      const view = await get('/api/v1/assets?archived=true&search=Shelf');
      expect(view.body.data.items.map((x: { id: string }) => x.id).sort()).to.deep.equal([a.id, b.id].sort());
      expect(view.body.data.items[0].archivedAt).to.be.a('string');
      expect((await get('/api/v1/assets?search=Shelf')).body.data.total).to.equal(0);
      expect(await k.db('audit_log').where({ action: 'media.asset_archived' }).whereIn('resource_id', [a.id, b.id])).to.have.length(2);

      const restored = await consoleCall(k, owner, 'POST', '/api/v1/assets/restore', body);
      expect(restored.body.data).to.deep.equal({ updated: 2 });
      expect((await get('/api/v1/assets?search=Shelf')).body.data.total).to.equal(2);
      expect(await k.db('audit_log').where({ action: 'media.asset_restored' }).whereIn('resource_id', [a.id, b.id])).to.have.length(2);
    });

    it('restoring an expired asset clears its expiry', async () => {
      const { id } = await seedAsset(k, { name: 'Expired' });
      await k
        .db('assets')
        .where({ id })
        .update({ expires_at: new Date(Date.now() - day) });
      expect((await consoleCall(k, owner, 'POST', '/api/v1/assets/restore', { assetIds: [id] })).status).to.equal(200);
      const detail = await get(`/api/v1/assets/${id}`);
      expect(detail.body.data).not.to.have.any.keys('expiresAt', 'archivedAt');
    });

    it('is all or nothing: one unknown id changes nothing (404 not_found naming it)', async () => {
      const { id } = await seedAsset(k, { name: 'Stays' });
      const unknown = '00000000-0000-4000-8000-000000000001';
      const res = await consoleCall(k, owner, 'POST', '/api/v1/assets/archive', { assetIds: [id, unknown] });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
      expect(res.body.error.details).to.deep.equal({ resource: 'asset', ids: [unknown] });
      expect((await k.db('assets').where({ id }).first()).archived_at).to.equal(null);
    });

    it('refuses to archive an asset in use (409 asset_in_use) and archives none of the batch', async () => {
      const used = await seedAsset(k, { name: 'Used in playlist' });
      const free = await seedAsset(k, { name: 'Free' });
      probeUses.set(used.id, { kind: 'layout', id: 'l-1', name: 'Reception' });
      const res = await consoleCall(k, owner, 'POST', '/api/v1/assets/archive', { assetIds: [free.id, used.id] });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('asset_in_use');
      expect(res.body.error.details.usedBy).to.deep.equal([{ assetId: used.id, kind: 'layout', id: 'l-1', name: 'Reception' }]);
      expect(await k.db('assets').whereIn('id', [used.id, free.id]).whereNotNull('archived_at')).to.have.length(0);
    });

    it('validates the body: 1–100 unique uuids', async () => {
      const { id } = await seedAsset(k);
      for (const body of [{ assetIds: [] }, { assetIds: [id, id] }, { assetIds: ['nope'] }, { assetIds: Array.from({ length: 101 }, () => id) }, {}]) {
        const res = await consoleCall(k, owner, 'POST', '/api/v1/assets/archive', body);
        expect(res.status, JSON.stringify(body).slice(0, 60)).to.equal(422);
      }
    });
  });

  describe('files screens are given', () => {
    it('gives the playback copy, else the original, never a variant players cannot use, and nothing for assets not playing', async () => {
      const { mediaLibrary, assetsRepository } = libraryDeps(k);
      const withPlayback = await seedAsset(k, { type: 'video', playback: Buffer.from('playback copy') });
      const playbackUnusable = await seedAsset(k, { type: 'video', playback: Buffer.from('unusable copy') });
      await k.db('asset_variants').where({ asset_id: playbackUnusable.id, kind: 'playback' }).update({ player_compatible: false });
      const nothingUsable = await seedAsset(k, { type: 'video' });
      await k.db('asset_variants').where({ asset_id: nothingUsable.id }).update({ player_compatible: false });
      const processing = await seedAsset(k, { status: 'processing' });
      const archived = await seedAsset(k);
      await k.db('assets').where({ id: archived.id }).update({ archived_at: new Date() });
      const variantId = async (assetId: string, kind: string) => (await assetsRepository.variants(assetId)).find((v) => v.kind === kind)!.id;

      const ids = [withPlayback.id, playbackUnusable.id, nothingUsable.id, processing.id, archived.id];
      const served = await mediaLibrary.served(ids);
      expect([...served.keys()].sort()).to.deep.equal([withPlayback.id, playbackUnusable.id].sort());
      expect(served.get(withPlayback.id)).to.include({ variantId: await variantId(withPlayback.id, 'playback'), mimeType: 'video/mp4', fileSize: 13 });
      expect(served.get(playbackUnusable.id)).to.include({ variantId: await variantId(playbackUnusable.id, 'original'), sha256: playbackUnusable.row.sha256 });
      const playable = await mediaLibrary.playable(ids);
      expect([...playable.keys()].sort()).to.deep.equal([...served.keys()].sort());
      expect(playable.get(withPlayback.id)?.file).to.deep.equal(served.get(withPlayback.id));
    });
  });
});

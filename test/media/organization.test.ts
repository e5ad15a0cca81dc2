import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, sessionsByRole } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

describe('folders, collections, tags and bulk organize', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let as: Record<string, ConsoleSession>;
  const call = (method: string, path: string, body?: unknown, s: ConsoleSession = owner) => consoleCall(k, s, method, path, body);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    as = await sessionsByRole(k, owner, ['contributor', 'viewer']);
  });
  after(() => k?.stop());

  describe('folders', () => {
    it('nests folders and lists them with parent ids and asset counts', async () => {
      const root = await call('POST', '/api/v1/content-folders', { name: 'Campaigns', description: 'All of them' }, as.contributor);
      expect(root.status, JSON.stringify(root.body)).to.equal(201);
      expect(root.body.data).to.include({ name: 'Campaigns', description: 'All of them', assetCount: 0 });
      expect(root.body.data).not.to.have.property('parentId');
      const child = await call('POST', '/api/v1/content-folders', { name: 'Summer', parentId: root.body.data.id });
      expect(child.body.data.parentId).to.equal(root.body.data.id);
      await seedAsset(k, { folderId: child.body.data.id });
      const deleting = await seedAsset(k, { folderId: child.body.data.id });
      await k.db('assets').where({ id: deleting.id }).update({ processing_status: 'deleting' });
      const list = await call('GET', '/api/v1/content-folders', undefined, as.viewer);
      expect(list.status).to.equal(200);
      const summer = list.body.data.find((f: { name: string }) => f.name === 'Summer');
      expect(summer).to.include({ parentId: root.body.data.id, assetCount: 1 });
    });

    it('refuses sibling names that differ only in case (409 name_taken), allows them elsewhere', async () => {
      const a = await call('POST', '/api/v1/content-folders', { name: 'Menus' });
      const dup = await call('POST', '/api/v1/content-folders', { name: 'MENUS' });
      expect(dup.status).to.equal(409);
      expect(dup.body.error).to.deep.include({ code: 'name_taken', details: { resource: 'folder' } });
      const nested = await call('POST', '/api/v1/content-folders', { name: 'menus', parentId: a.body.data.id });
      expect(nested.status).to.equal(201);
    });

    it('refuses to move a folder into itself or below itself (422 folder_cycle)', async () => {
      const top = (await call('POST', '/api/v1/content-folders', { name: 'Top' })).body.data;
      const mid = (await call('POST', '/api/v1/content-folders', { name: 'Mid', parentId: top.id })).body.data;
      const low = (await call('POST', '/api/v1/content-folders', { name: 'Low', parentId: mid.id })).body.data;
      for (const parentId of [top.id, low.id]) {
        const res = await call('PATCH', `/api/v1/content-folders/${top.id}`, { parentId });
        expect(res.status, parentId).to.equal(422);
        expect(res.body.error.code).to.equal('folder_cycle');
      }
      expect((await k.db('media_folders').where({ id: top.id }).first()).parent_id).to.equal(null);
      // Moving a branch elsewhere, and back to the top, is fine.
      const moved = await call('PATCH', `/api/v1/content-folders/${low.id}`, { parentId: top.id, name: 'Lower' });
      expect(moved.body.data).to.include({ parentId: top.id, name: 'Lower' });
      const toTop = await call('PATCH', `/api/v1/content-folders/${low.id}`, { parentId: null });
      expect(toTop.body.data).not.to.have.property('parentId');
      const unknownParent = await call('PATCH', `/api/v1/content-folders/${low.id}`, { parentId: UNKNOWN });
      expect(unknownParent.status).to.equal(404);
    });

    it('deletes a folder (managers): its assets become unfiled, its subfolders move to the top', async () => {
      const parent = (await call('POST', '/api/v1/content-folders', { name: 'Doomed' })).body.data;
      const sub = (await call('POST', '/api/v1/content-folders', { name: 'Survivor', parentId: parent.id })).body.data;
      const asset = await seedAsset(k, { folderId: parent.id });
      expect((await call('DELETE', `/api/v1/content-folders/${parent.id}`, undefined, as.contributor)).status).to.equal(403);
      expect((await call('DELETE', `/api/v1/content-folders/${parent.id}`)).status).to.equal(204);
      expect((await k.db('assets').where({ id: asset.id }).first()).folder_id).to.equal(null);
      expect((await k.db('media_folders').where({ id: sub.id }).first()).parent_id).to.equal(null);
      expect((await call('DELETE', `/api/v1/content-folders/${parent.id}`)).status).to.equal(404);
      expect(await k.db('audit_log').where({ action: 'media.folder_deleted', resource_id: parent.id }).first()).to.exist;
    });
  });

  describe('collections and tags', () => {
    it('creates, renames and deletes collections; names are unique regardless of case', async () => {
      const created = await call('POST', '/api/v1/content-collections', { name: 'Spring 2026', description: 'Seasonal' }, as.contributor);
      expect(created.status).to.equal(201);
      expect(created.body.data).to.include({ name: 'Spring 2026', description: 'Seasonal', assetCount: 0 });
      const dup = await call('POST', '/api/v1/content-collections', { name: 'SPRING 2026' });
      expect(dup.status).to.equal(409);
      expect(dup.body.error).to.deep.include({ code: 'name_taken', details: { resource: 'collection' } });
      const other = (await call('POST', '/api/v1/content-collections', { name: 'Autumn' })).body.data;
      const clash = await call('PATCH', `/api/v1/content-collections/${other.id}`, { name: 'spring 2026' });
      expect(clash.status).to.equal(409);
      const renamed = await call('PATCH', `/api/v1/content-collections/${other.id}`, { name: 'Autumn 2026' });
      expect(renamed.body.data.name).to.equal('Autumn 2026');
      const listed = await call('GET', '/api/v1/content-collections', undefined, as.viewer);
      expect(listed.body.data.map((c: { name: string }) => c.name)).to.include.members(['Spring 2026', 'Autumn 2026']);
      expect((await call('DELETE', `/api/v1/content-collections/${other.id}`, undefined, as.contributor)).status).to.equal(403);
      expect((await call('DELETE', `/api/v1/content-collections/${other.id}`)).status).to.equal(204);
      expect((await call('PATCH', `/api/v1/content-collections/${other.id}`, { name: 'x' })).status).to.equal(404);
    });

    it('creates tags with a colour (default #64748b) and refuses duplicate names', async () => {
      const plain = await call('POST', '/api/v1/content-tags', { name: 'Outdoor' });
      expect(plain.body.data).to.include({ name: 'Outdoor', color: '#64748b', assetCount: 0 });
      const coloured = await call('POST', '/api/v1/content-tags', { name: 'Urgent', color: '#FF0000' });
      expect(coloured.body.data.color).to.equal('#ff0000');
      const dup = await call('POST', '/api/v1/content-tags', { name: 'outdoor' });
      expect(dup.status).to.equal(409);
      expect(dup.body.error.code).to.equal('name_taken');
      for (const body of [{ name: 'x', color: 'red' }, { name: '' }, { name: '   ' }, { name: 'y'.repeat(61) }, { color: '#000000' }]) {
        const res = await call('POST', '/api/v1/content-tags', body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
      }
      const tags = await call('GET', '/api/v1/content-tags', undefined, as.viewer);
      expect(tags.body.data.map((t: { name: string }) => t.name)).to.include.members(['Outdoor', 'Urgent']);
      expect((await call('POST', '/api/v1/content-tags', { name: 'Nope' }, as.viewer)).status).to.equal(403);
    });
  });

  describe('bulk organize', () => {
    let folder: string;
    let tags: string[];
    let collection: string;

    before(async () => {
      folder = (await call('POST', '/api/v1/content-folders', { name: 'Bulk target' })).body.data.id;
      tags = [
        (await call('POST', '/api/v1/content-tags', { name: 'bulk-a' })).body.data.id,
        (await call('POST', '/api/v1/content-tags', { name: 'bulk-b' })).body.data.id,
      ];
      collection = (await call('POST', '/api/v1/content-collections', { name: 'Bulk set' })).body.data.id;
    });

    const state = async (ids: string[]) => ({
      folders: (await k.db('assets').whereIn('id', ids).orderBy('id').select('folder_id')).map((r) => r.folder_id),
      tags: (await k.db('asset_tags').whereIn('asset_id', ids)).length,
      collections: (await k.db('asset_collections').whereIn('asset_id', ids)).length,
    });

    it('moves and labels many assets at once, then unlabels and unfiles them', async () => {
      const ids = [(await seedAsset(k)).id, (await seedAsset(k)).id, (await seedAsset(k)).id];
      const res = await call(
        'POST',
        '/api/v1/assets/bulk-organize',
        { assetIds: ids, setFolder: true, folderId: folder, addTagIds: tags, addCollectionIds: [collection] },
        as.contributor,
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.deep.equal({ updated: 3 });
      expect(await state(ids)).to.deep.equal({ folders: [folder, folder, folder], tags: 6, collections: 3 });
      // Adding again is harmless.
      expect((await call('POST', '/api/v1/assets/bulk-organize', { assetIds: ids, addTagIds: tags })).status).to.equal(200);
      const counts = (await call('GET', '/api/v1/content-tags')).body.data.filter((t: { id: string }) => tags.includes(t.id));
      expect(counts.map((t: { assetCount: number }) => t.assetCount)).to.deep.equal([3, 3]);

      const undo = await call('POST', '/api/v1/assets/bulk-organize', {
        assetIds: ids,
        setFolder: true,
        removeTagIds: [tags[0]],
        removeCollectionIds: [collection],
      });
      expect(undo.status).to.equal(200);
      expect(await state(ids)).to.deep.equal({ folders: [null, null, null], tags: 3, collections: 0 });
      expect(await k.db('audit_log').where({ action: 'media.assets_organized' })).to.have.length(3);
    });

    it('changes nothing when any id is unknown (404 not_found naming it)', async () => {
      const ids = [(await seedAsset(k)).id, (await seedAsset(k)).id];
      const before = await state(ids);
      const cases = [
        { body: { assetIds: [...ids, UNKNOWN], setFolder: true, folderId: folder, addTagIds: tags }, resource: 'asset' },
        { body: { assetIds: ids, setFolder: true, folderId: UNKNOWN, addTagIds: tags }, resource: 'folder' },
        { body: { assetIds: ids, setFolder: true, folderId: folder, addTagIds: [tags[0], UNKNOWN] }, resource: 'tag' },
        { body: { assetIds: ids, setFolder: true, folderId: folder, addTagIds: tags, removeCollectionIds: [UNKNOWN] }, resource: 'collection' },
      ];
      for (const { body, resource } of cases) {
        const res = await call('POST', '/api/v1/assets/bulk-organize', body);
        expect(res.status, resource).to.equal(404);
        expect(res.body.error.code).to.equal('not_found');
        expect(res.body.error.details).to.deep.equal({ resource, ids: [UNKNOWN] });
        expect(await state(ids), resource).to.deep.equal(before);
      }
    });

    it('refuses contradictions and bad input (422), and viewers (403)', async () => {
      const { id } = await seedAsset(k);
      const bad = [
        { assetIds: [id], folderId: folder },
        { assetIds: [id], addTagIds: [tags[0]], removeTagIds: [tags[0]] },
        { assetIds: [] },
        { assetIds: [id, id] },
        { assetIds: [id], addTagIds: ['nope'] },
      ];
      for (const body of bad) expect((await call('POST', '/api/v1/assets/bulk-organize', body)).status, JSON.stringify(body)).to.equal(422);
      expect((await call('POST', '/api/v1/assets/bulk-organize', { assetIds: [id], addTagIds: tags }, as.viewer)).status).to.equal(403);
    });
  });
});

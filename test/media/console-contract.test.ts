import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import {
  ConsoleAsset,
  ConsoleAssetList,
  ConsoleCollectionList,
  ConsoleContentCollection,
  ConsoleContentFolder,
  ConsoleContentTag,
  ConsoleFolderList,
  ConsoleTagList,
  ConsoleUpdated,
  ConsoleUploadSession,
} from '../fixtures/console-types/media.js';
import { consoleCall } from '../support/console-client.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedAsset } from '../support/library-assets.js';
import { makePng } from '../support/media-files.js';
import { patchUpload } from '../support/uploads.js';

describe('the media library as the reference’s console reads it', () => {
  // Web role: processing jobs wait, so an uploaded asset stays as completing left it.
  const ui = consoleUnderTest({ plugins: coreModules, role: 'web' });
  const { call } = ui;

  it('lists folders, collections and tags as arrays, which the media page maps over', async () => {
    const top = await call('POST', '/api/v1/content-folders', { name: 'Campaigns', description: '' });
    expectConsoleShape(top, ConsoleContentFolder, 'POST /content-folders');
    expect(top, 'a top folder has no parentId (its type has no null)').not.to.have.property('parentId');
    const child = await call('POST', '/api/v1/content-folders', { name: 'Summer', description: '', parentId: top.id });
    // The rename dialog sends the folder's parentId back as it read it (absent at the top).
    const renamed = await call('PATCH', `/api/v1/content-folders/${top.id}`, { name: 'All campaigns', description: top.description, parentId: top.parentId });
    expect(renamed).to.include({ name: 'All campaigns' }).and.not.to.have.property('parentId');
    const collection = await call('POST', '/api/v1/content-collections', { name: 'Spring', description: '' });
    expectConsoleShape(collection, ConsoleContentCollection, 'POST /content-collections');
    const tag = await call('POST', '/api/v1/content-tags', { name: 'Outdoor', color: '#22aa44' });
    expectConsoleShape(tag, ConsoleContentTag, 'POST /content-tags');

    const folders = await call('GET', '/api/v1/content-folders');
    expectConsoleShape(folders, ConsoleFolderList, 'GET /content-folders');
    expect(folders.map((f: any) => [f.name, f.parentId])).to.deep.include.members([
      ['All campaigns', undefined],
      ['Summer', top.id],
    ]);
    expect(folders.find((f: any) => f.id === child.id)).to.include({ parentId: top.id });
    expectConsoleShape(await call('GET', '/api/v1/content-collections'), ConsoleCollectionList, 'GET /content-collections');
    const tags = await call('GET', '/api/v1/content-tags');
    expectConsoleShape(tags, ConsoleTagList, 'GET /content-tags');
    expect(tags.map((t: any) => t.name)).to.include('Outdoor');
  });

  it('uploads as the console does and answers the session and the asset in its shapes', async () => {
    const png = await makePng(64, 40);
    const session = await call('POST', '/api/v1/uploads', { filename: 'lobby.png', mimeType: 'image/png', sizeBytes: png.length });
    expectConsoleShape(session, ConsoleUploadSession, 'POST /uploads');
    const patched = await patchUpload(ui.k, ui.owner, session.id, 0, png, { 'content-type': 'application/offset+octet-stream' });
    expect(patched.status).to.equal(204);
    const asset = await call('POST', `/api/v1/uploads/${session.id}/complete`);
    expectConsoleShape(asset, ConsoleAsset, 'POST /uploads/{id}/complete');
    expect(asset).to.include({ originalFilename: 'lobby.png', declaredMimeType: 'image/png', originalSize: png.length });

    // What a client generated from the document sends is what the server takes.
    const doc = (await consoleCall(ui.k, ui.owner, 'GET', '/api/v1/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/v1/uploads/{id}'].patch.requestBody.content)).to.deep.equal(['application/offset+octet-stream']);
  });

  it('reads, organizes and pages assets with the queries and bodies the console sends', async () => {
    const folder = await call('POST', '/api/v1/content-folders', { name: 'Menus', description: '' });
    const tag = await call('POST', '/api/v1/content-tags', { name: 'Breakfast', color: '#ffaa00' });
    const collection = await call('POST', '/api/v1/content-collections', { name: 'Mornings', description: '' });
    const image = await seedAsset(ui.k, { name: 'Pancakes' });
    const video = await seedAsset(ui.k, { type: 'video', name: 'Coffee pour' });
    const organized = await call('POST', '/api/v1/assets/bulk-organize', {
      assetIds: [image.id, video.id],
      setFolder: true,
      folderId: folder.id,
      addTagIds: [tag.id],
      addCollectionIds: [collection.id],
    });
    expectConsoleShape(organized, ConsoleUpdated, 'POST /assets/bulk-organize');

    const detail = await call('GET', `/api/v1/assets/${image.id}`);
    expectConsoleShape(detail, ConsoleAsset, 'GET /assets/{id}');
    expect(detail).to.include({ folderId: folder.id });
    expect(detail.tags).to.deep.equal([{ id: tag.id, name: 'Breakfast', color: '#ffaa00' }]);
    const updated = await call('PATCH', `/api/v1/assets/${image.id}`, { name: 'Pancakes (large)', description: 'Stack of three' });
    expectConsoleShape(updated, ConsoleAsset, 'PATCH /assets/{id}');

    // ContentPage's query: a page of 48, its sort, and whichever filters are chosen.
    const query = new URLSearchParams({ page: '1', pageSize: '48', sort: 'updated', search: 'pancakes', type: 'media', status: 'ready' });
    query.set('folderId', folder.id);
    query.set('collectionId', collection.id);
    query.set('tagId', tag.id);
    const found = await call('GET', `/api/v1/assets?${query}`);
    expectConsoleShape(found, ConsoleAssetList, 'GET /assets');
    expect(found.items.map((a: any) => a.id)).to.deep.equal([image.id]);
    const everything = await call('GET', '/api/v1/assets?page=1&pageSize=48&sort=name');
    expect(everything.items.map((a: any) => a.name)).to.include.members(['Coffee pour', 'Pancakes (large)']);

    expectConsoleShape(await call('POST', '/api/v1/assets/archive', { assetIds: [video.id] }), ConsoleUpdated, 'POST /assets/archive');
    const archive = await call('GET', '/api/v1/assets?page=1&pageSize=48&sort=updated&archived=true');
    expectConsoleShape(archive, ConsoleAssetList, 'GET /assets (archive)');
    expect(archive.items.map((a: any) => a.id)).to.deep.equal([video.id]);
    expect(archive.items[0].archivedAt).to.be.a('string');
    expectConsoleShape(await call('POST', '/api/v1/assets/restore', { assetIds: [video.id] }), ConsoleUpdated, 'POST /assets/restore');
  });

  it('answers a website asset with empty file facts rather than nulls', async () => {
    const site = await call('POST', '/api/v1/assets/websites', {
      name: 'Intranet',
      url: 'https://intranet.example.org/',
      allowedHosts: ['intranet.example.org'],
    });
    expectConsoleShape(site, ConsoleAsset, 'POST /assets/websites');
    expect(site).to.include({ originalFilename: '', sha256: '', originalSize: 0 });
    expect(site.website).to.include({ url: 'https://intranet.example.org/' });
    // Its url is an absolute http(s) address in the schema itself.
    for (const url of ['intranet.example.org/', 'ftp://intranet.example.org/', '/relative']) {
      const refused = await consoleCall(ui.k, ui.owner, 'POST', '/api/v1/assets/websites', { name: 'Bad', url });
      expect(refused.status, url).to.equal(422);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { rectangle } from '../support/layout-placements.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

const box = rectangle;

describe('layouts', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const create = async (name = `Board ${randomUUID().slice(0, 6)}`) => {
    const res = await api('POST', '/api/v1/layouts', { name, description: 'Menu', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const saveDraft = (id: string, expectedDraftRevision: number, document: unknown) =>
    api('PUT', `/api/v1/layouts/${id}/draft`, { expectedDraftRevision, document });
  const withPlacements = (layout: any, placements: unknown[]) => ({ ...layout.draft, placements });
  const putPreview = (id: string, draftRevision: number, bytes: Buffer, type = 'image/jpeg') =>
    k.request(`/api/v1/layouts/${id}/preview-image?draftRevision=${draftRevision}`, {
      method: 'PUT',
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': type },
      body: new Uint8Array(bytes),
    });

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('are created with an empty canvas, listed, found by name, renamed, and read with their draft ETag', async () => {
    const layout = await create('Lunch menu');
    expect(layout).to.deep.include({
      name: 'Lunch menu',
      description: 'Menu',
      orientation: 'landscape',
      canvasWidth: 1920,
      canvasHeight: 1080,
      draftRevision: 1,
    });
    expect(layout.hasUnpublishedChanges).to.equal(false);
    expect(layout).to.not.have.any.keys('publishedRevision', 'publishedRevisionId', 'previewImageUrl');
    expect(layout.draft).to.deep.equal({
      schemaVersion: 2,
      canvas: { width: 1920, height: 1080, orientation: 'landscape', backgroundColor: '#0E141B', safeAreaPercent: 5 },
      placements: [],
    });
    expect(layout.usage).to.deep.equal({ screens: [], schedules: [], campaigns: [] });

    const read = await api('GET', `/api/v1/layouts/${layout.id}`);
    expect(read.headers.get('etag')).to.equal('"layout-draft-1"');
    const found = await api('GET', '/api/v1/layouts?search=lunch');
    expect(found.body.data.items.map((l: any) => l.id)).to.deep.equal([layout.id]);
    expect(found.body.data).to.deep.include({ total: 1, page: 1, pageSize: 30 });
    expect(found.body.data.items[0]).to.not.have.property('draft');

    const renamed = await api('PATCH', `/api/v1/layouts/${layout.id}`, { name: ' Dinner menu ' });
    expect(renamed.body.data).to.deep.include({ name: 'Dinner menu', description: 'Menu' });
    expect(errorOf(await api('GET', `/api/v1/layouts/${randomUUID()}`))).to.deep.equal([404, 'layout_not_found']);
  });

  it('lists the last changed first by default, or by name or oldest first', async () => {
    const [b, a] = [await create('Sortable b'), await create('sortable A')];
    expect((await api('PATCH', `/api/v1/layouts/${b.id}`, { description: 'touched' })).status).to.equal(200);
    const order = async (sort?: string) =>
      (await api('GET', `/api/v1/layouts?search=sortable${sort ? `&sort=${sort}` : ''}`)).body.data.items.map((l: any) => l.id);
    expect(await order()).to.deep.equal([b.id, a.id]);
    expect(await order('name')).to.deep.equal([a.id, b.id]);
    expect(await order('oldest')).to.deep.equal([b.id, a.id]);
    expect(errorOf(await api('GET', '/api/v1/layouts?sort=size'))[0]).to.equal(422);
  });

  it('refuse bad input with 4xx and change nothing', async () => {
    const before = (await api('GET', '/api/v1/layouts')).body.data.total;
    const base = { name: 'Bad', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 };
    expect(errorOf(await api('POST', '/api/v1/layouts', { ...base, canvasWidth: 1000, canvasHeight: 1200 }))).to.deep.equal([422, 'layout_validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/layouts', { ...base, canvasWidth: 100 }))[0]).to.be.within(400, 422);
    expect(errorOf(await api('POST', '/api/v1/layouts', { ...base, orientation: 'round' }))[0]).to.be.within(400, 422);
    expect(errorOf(await api('POST', '/api/v1/layouts', { ...base, name: '   ' }))).to.deep.equal([422, 'layout_validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/layouts', { ...base, name: 'a\u0000b' }))[0]).to.be.within(400, 422);
    expect((await api('GET', '/api/v1/layouts')).body.data.total).to.equal(before);

    const layout = await create();
    expect(errorOf(await api('PATCH', `/api/v1/layouts/${layout.id}`, { name: '' }))[0]).to.be.within(400, 422);
    expect(errorOf(await saveDraft(layout.id, 1, { schemaVersion: 2 }))[0]).to.be.within(400, 422);
    expect(errorOf(await saveDraft(layout.id, 1, { ...layout.draft, placements: [box({ x: 'left' })] }))[0]).to.be.within(400, 422);
    const after = (await api('GET', `/api/v1/layouts/${layout.id}`)).body.data;
    expect(after).to.deep.include({ name: layout.name, draftRevision: 1 });
    expect(after.draft).to.deep.equal(layout.draft);
  });

  it('save drafts against their revision: a stale one is 409, a bad document 422 naming the placements', async () => {
    const layout = await create();
    const first = box();
    const saved = await saveDraft(layout.id, 1, withPlacements(layout, [first]));
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.headers.get('etag')).to.equal('"layout-draft-2"');
    expect(saved.body.data.draftRevision).to.equal(2);
    expect(saved.body.data.draft.placements).to.deep.equal([first]);

    expect(errorOf(await saveDraft(layout.id, 1, withPlacements(layout, [])))).to.deep.equal([409, 'layout_revision_conflict']);
    const outside = box({ x: 1800 });
    const invalid = await saveDraft(layout.id, 2, withPlacements(layout, [first, outside]));
    expect(errorOf(invalid)).to.deep.equal([422, 'layout_validation_failed']);
    expect(invalid.body.error.details.placementIds).to.deep.equal([outside.id]);
    expect(invalid.body.error.details.problems[0]).to.include({ placementId: outside.id });
    expect((await api('GET', `/api/v1/layouts/${layout.id}`)).body.data.draftRevision, 'nothing changed').to.equal(2);
    expect(errorOf(await saveDraft(randomUUID(), 1, withPlacements(layout, [])))).to.deep.equal([404, 'layout_not_found']);
  });

  it('publish immutable revisions: a later draft edit never changes one; restore copies one into the draft', async () => {
    const image = await seedImage(k, 'Logo');
    const layout = await create();
    const picture = box({ type: 'asset', assetId: image.id, primitive: undefined, name: 'Logo' });
    await saveDraft(layout.id, 1, withPlacements(layout, [picture]));
    expect(errorOf(await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 1 }))).to.deep.equal([409, 'editorial_conflict']);

    const published = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect(published.status, JSON.stringify(published.body)).to.equal(201);
    const revision = published.body.data;
    expect(revision).to.deep.include({ layoutId: layout.id, revision: 1, publishedBy: owner.userId });
    expect(revision.documentSha256)
      .to.equal(canonicalHash(revision.document))
      .and.match(/^[0-9a-f]{64}$/);
    expect(revision.document.placements).to.deep.equal([picture]);
    const read = (await api('GET', `/api/v1/layouts/${layout.id}`)).body.data;
    expect(read).to.deep.include({ publishedRevision: 1, publishedRevisionId: revision.id, hasUnpublishedChanges: false });
    expect(read.dependencies).to.deep.equal([{ type: 'asset', id: image.id }]);

    const edited = await saveDraft(layout.id, 2, withPlacements(layout, [{ ...picture, name: 'Big logo', width: 400 }]));
    expect(edited.body.data.hasUnpublishedChanges).to.equal(true);
    const revisions = (await api('GET', `/api/v1/layouts/${layout.id}/revisions`)).body.data;
    expect(revisions.items).to.have.length(1);
    expect(revisions.items[0]).to.deep.include({ id: revision.id, documentSha256: revision.documentSha256 });
    expect(revisions.items[0].document).to.deep.equal(revision.document);

    const second = (await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 3 })).body.data;
    expect(second.revision).to.equal(2);
    expect(second.documentSha256).to.not.equal(revision.documentSha256);
    expect((await api('GET', `/api/v1/layouts/${layout.id}/revisions`)).body.data.items.map((r: any) => r.revision)).to.deep.equal([2, 1]);

    const restored = await api('POST', `/api/v1/layouts/${layout.id}/revisions/${revision.id}/restore`, { expectedDraftRevision: 3 });
    expect(restored.status, JSON.stringify(restored.body)).to.equal(200);
    expect(restored.body.data).to.deep.include({ draftRevision: 4, publishedRevision: 2, hasUnpublishedChanges: true });
    expect(restored.body.data.draft).to.deep.equal(revision.document);
    expect(errorOf(await api('POST', `/api/v1/layouts/${layout.id}/revisions/${randomUUID()}/restore`, { expectedDraftRevision: 4 }))).to.deep.equal([
      404,
      'layout_not_found',
    ]);
    expect(errorOf(await api('POST', `/api/v1/layouts/${layout.id}/revisions/${revision.id}/restore`, { expectedDraftRevision: 3 }))).to.deep.equal([
      409,
      'layout_revision_conflict',
    ]);
  });

  it('refuse to publish what names missing content, naming the placements', async () => {
    const layout = await create();
    const ghost = box({ type: 'asset', assetId: randomUUID(), primitive: undefined });
    const zone = box({ type: 'playlistZone', playlistId: randomUUID(), primitive: undefined, x: 300 });
    await saveDraft(layout.id, 1, withPlacements(layout, [ghost, zone, box({ x: 600 })]));
    const refused = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect(errorOf(refused)).to.deep.equal([422, 'layout_validation_failed']);
    expect(refused.body.error.details.placementIds).to.deep.equal([ghost.id, zone.id]);
    expect((await api('GET', `/api/v1/layouts/${layout.id}/revisions`)).body.data.total).to.equal(0);
  });

  it('duplicate the draft under a new name, unpublished', async () => {
    const layout = await create('Breakfast');
    const placement = box();
    await saveDraft(layout.id, 1, withPlacements(layout, [placement]));
    const copy = await api('POST', `/api/v1/layouts/${layout.id}/duplicate`);
    expect(copy.status).to.equal(201);
    expect(copy.body.data).to.deep.include({ name: 'Breakfast copy', hasUnpublishedChanges: false });
    expect(copy.body.data.id).to.not.equal(layout.id);
    expect(copy.body.data.draft.placements).to.deep.equal([placement]);
    expect(copy.body.data).to.not.have.property('publishedRevision');
    expect(errorOf(await api('POST', `/api/v1/layouts/${randomUUID()}/duplicate`))).to.deep.equal([404, 'layout_not_found']);
  });

  it('keep a preview image of the draft: sniffed, at most 500 KB, dropped by the next draft save', async () => {
    const layout = await create();
    expect(errorOf(await api('GET', `/api/v1/layouts/${layout.id}/preview-image`))).to.deep.equal([404, 'layout_preview_not_found']);
    expect((await putPreview(layout.id, 1, JPEG, 'application/octet-stream')).status).to.equal(204);
    const image = await k.request(`/api/v1/layouts/${layout.id}/preview-image`, { headers: { cookie: owner.cookie } });
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/jpeg');
    expect(image.headers.get('etag')).to.match(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await image.arrayBuffer()).equals(JPEG)).to.equal(true);
    expect((await api('GET', `/api/v1/layouts/${layout.id}`)).body.data.previewImageUrl).to.equal(`/api/v1/layouts/${layout.id}/preview-image`);

    expect((await putPreview(layout.id, 1, PNG, 'image/png')).status).to.equal(204);
    const wrong = await putPreview(layout.id, 1, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg');
    expect([wrong.status, (await wrong.json()).error.code]).to.deep.equal([415, 'unsupported_preview_type']);
    const large = await putPreview(layout.id, 1, Buffer.concat([JPEG, Buffer.alloc(500 * 1024)]));
    expect([large.status, (await large.json()).error.code]).to.deep.equal([413, 'preview_too_large']);
    const stale = await putPreview(layout.id, 7, JPEG);
    expect([stale.status, (await stale.json()).error.code]).to.deep.equal([409, 'layout_revision_conflict']);
    const kept = await k.request(`/api/v1/layouts/${layout.id}/preview-image`, { headers: { cookie: owner.cookie } });
    expect(kept.headers.get('content-type'), 'refused uploads changed nothing').to.equal('image/png');

    await saveDraft(layout.id, 1, withPlacements(layout, [box()]));
    expect(errorOf(await api('GET', `/api/v1/layouts/${layout.id}/preview-image`))).to.deep.equal([404, 'layout_preview_not_found']);
  });

  it('delete a layout nothing shows; one assigned to a screen is 409 layout_in_use', async () => {
    const image = await seedImage(k);
    const layout = await create();
    await saveDraft(layout.id, 1, withPlacements(layout, [box({ type: 'asset', assetId: image.id, primitive: undefined })]));
    const screen = await pairScreen(k, owner, { name: 'Lobby' });
    const path = `/api/v1/screens/${screen.screenId}/playlist-assignment`;
    expect(errorOf(await api('PUT', path, { layoutId: layout.id })), 'an unpublished layout').to.deep.equal([422, 'presentation_not_ready']);
    await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect((await api('PUT', path, { layoutId: layout.id })).status).to.equal(200);
    expect((await api('GET', `/api/v1/layouts/${layout.id}`)).body.data.usage.screens).to.deep.equal([{ id: screen.screenId, name: 'Lobby' }]);

    const refused = await api('DELETE', `/api/v1/layouts/${layout.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'layout_in_use']);
    const media = await api('DELETE', `/api/v1/assets/${image.id}`);
    expect(media.status, 'its media cannot be deleted from under it').to.equal(409);

    expect((await api('DELETE', path)).status).to.be.oneOf([200, 204]);
    expect((await api('DELETE', `/api/v1/layouts/${layout.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `/api/v1/layouts/${layout.id}`))).to.deep.equal([404, 'layout_not_found']);
    expect(errorOf(await api('DELETE', `/api/v1/layouts/${layout.id}`))).to.deep.equal([404, 'layout_not_found']);
  });
});

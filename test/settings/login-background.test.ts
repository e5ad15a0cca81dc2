import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, rollbackAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { createTestDatabase } from '../support/test-database.js';
import { consoleCall, newSignedInUser, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const SETTING = '/api/v1/settings/login-background';
const IMAGE = '/api/v1/auth/background';

// Until core-modules/index.ts lists it, the plugin is added here.

describe('the sign-in background image', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('shows no image until one is set: the setting has no assetId and the image is 404', async () => {
    const res = await api('GET', SETTING);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ imageUrl: IMAGE });
    const image = await k.request(IMAGE);
    expect(image.status).to.equal(404);
    expect(((await image.json()) as { error: { code: string } }).error.code).to.equal('login_background_not_set');
  });

  it('serves a chosen library image to anyone, until it is cleared', async () => {
    const asset = await seedAsset(k, { name: 'Harbour at dawn' });
    const set = await api('PUT', SETTING, { assetId: asset.id });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
    expect(set.body.data).to.deep.equal({ assetId: asset.id, imageUrl: IMAGE });
    expect((await api('GET', SETTING)).body.data).to.deep.equal({ assetId: asset.id, imageUrl: IMAGE });

    const image = await k.request(IMAGE);
    expect(image.status, 'no session needed').to.equal(200);
    expect(image.headers.get('content-type')).to.match(/^image\/png/);
    const etag = image.headers.get('etag')!;
    expect((await k.request(IMAGE, { headers: { 'If-None-Match': etag } })).status, 'revalidated by its ETag').to.equal(304);
    expect((await image.arrayBuffer()).byteLength).to.be.greaterThan(0);
    expect((await k.request(IMAGE, { method: 'HEAD' })).status).to.equal(200);
    const audit = await k.db('audit_log').where({ action: 'branding.login_background_changed' }).first();
    expect(audit.metadata).to.deep.equal({ assetId: asset.id });

    const inUse = await api('DELETE', `/api/v1/assets/${asset.id}`);
    expect(inUse.status, 'the sign-in image is in use').to.equal(409);

    const cleared = await api('DELETE', SETTING);
    expect(cleared.status).to.equal(204);
    expect((await api('GET', SETTING)).body.data).to.deep.equal({ imageUrl: IMAGE });
    expect((await k.request(IMAGE)).status).to.equal(404);
  });

  it('refuses what is not a ready image with 422 login_background_invalid', async () => {
    const video = await seedAsset(k, { type: 'video' });
    const pending = await seedAsset(k, { status: 'processing' });
    for (const assetId of [video.id, pending.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api('PUT', SETTING, { assetId });
      expect(res.status, assetId).to.equal(422);
      expect(res.body.error.code).to.equal('login_background_invalid');
    }
    expect((await api('PUT', SETTING, { assetId: 'not-an-id' })).body.error.code).to.equal('validation_failed');
  });

  it('lets owners and administrators change it, and anyone signed in read it', async () => {
    const { session: editor } = await newSignedInUser(k, owner, 'editor password 12', 'editor', 'bg');
    expect((await consoleCall(k, editor, 'GET', SETTING)).status).to.equal(200);
    const asset = await seedAsset(k);
    for (const [method, body] of [
      ['PUT', { assetId: asset.id }],
      ['DELETE', undefined],
    ] as const) {
      const res = await consoleCall(k, editor, method, SETTING, body);
      expect([res.status, res.body.error.code], method).to.deep.equal([403, 'insufficient_role']);
    }
  });
});

describe('login-background migrations', () => {
  it('run up, down and up again', async () => {
    const set: MigrationSet = { owner: 'login-background', folder: new URL('../../core-modules/login-background/migrations', import.meta.url) };
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, [set]);
      expect(await db('login_background').select('asset_id')).to.deep.equal([{ asset_id: null }]);
      await rollbackAll(db, set);
      expect(await db.schema.hasTable('login_background')).to.equal(false);
      expect(await migrateAll(db, [set])).to.have.length(1);
    } finally {
      await db.destroy();
    }
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { stickyNotesPlugin } from '../fixtures/sticky-notes-plugin/sticky-notes.plugin.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

// Both fixtures are written only against the public plugin contract (docs/plugins.md): nothing in
// kernel/ or core-modules/ names them. Booting them next to every core module proves that a plugin
// from outside the tree adds its tables, routes, schemas and jobs through its own definition alone.
describe('third-party plugins', () => {
  let k: TestKernel;

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, notesPlugin, stickyNotesPlugin] });
  });
  after(() => k?.stop());

  it('runs its migrations in its own migration table', async () => {
    expect(await k.db('migrations_notes').orderBy('name').pluck('name')).to.deep.equal(['20261121000000_create_notes', '20261121000100_add_note_source']);
    expect(await k.db.schema.hasColumn('notes_items', 'source')).to.equal(true);
    expect(await k.db('migrations_sticky_notes').pluck('name'), 'an installable plugin: at its install').to.have.length(1);
  });

  it('serves its routes, validated against their schemas and documented', async () => {
    expect((await call(k, 'POST', '/api/v1/notes', { text: 'hello' })).status).to.equal(201);
    const bad = await call(k, 'POST', '/api/v1/notes', { text: '', colour: 'red' });
    expect(bad.status).to.equal(422);
    expect(bad.body.error.details.fields.map((f: { field: string }) => f.field)).to.include.members(['body/text', 'body/colour']);
    expect((await call(k, 'GET', '/api/v1/notes?limit=0')).status).to.equal(422);
    expect((await call(k, 'GET', '/api/v1/notes')).body.data).to.deep.equal([{ text: 'hello', source: 'http' }]);
    const doc = (await call(k, 'GET', '/api/v1/openapi.json')).body;
    expect(doc.paths['/api/v1/notes'].post.requestBody.content['application/json'].schema.properties.text).to.include({ type: 'string', maxLength: 200 });
  });

  it('runs its jobs in the worker', async () => {
    await call(k, 'POST', '/api/v1/notes', { text: 'queued', later: true });
    const rows = await eventually(
      () => k.db('notes_items').where({ source: 'job:all' }).pluck('text'),
      (r) => r.length > 0,
      10_000,
    );
    expect(rows).to.deep.equal(['queued']);
  });

  it('sees only the kernel services and the exports of the plugins it depends on', () => {
    const notes = k.containerOf('notes');
    expect(notes.hasRegistration('db')).to.equal(true);
    expect(notes.hasRegistration('screenTargets'), 'screens is not among its dependencies').to.equal(false);
    expect(k.containerOf('sticky-notes').hasRegistration('screenTargets')).to.equal(true);
    expect(k.containerOf('sticky-notes').hasRegistration('screensRepository'), 'not exported by screens').to.equal(false);
  });
});

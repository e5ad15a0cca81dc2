import { expect } from 'chai';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, rollbackAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { createTestDatabase } from '../support/test-database.js';

const kernelSet: MigrationSet = { owner: 'kernel', folder: new URL('../../migrations', import.meta.url) };
const notesSet: MigrationSet = { owner: 'notes', folder: new URL('../fixtures/notes-plugin/migrations', import.meta.url) };

const columns = async (db: ReturnType<typeof createKnex>, table: string) => Object.keys(await db(table).columnInfo()).sort();

describe('migrations', () => {
  it('run up, down and up again, each owner in its own migration table', async () => {
    const db = createKnex(await createTestDatabase());
    try {
      const applied = await migrateAll(db, [kernelSet, notesSet]);
      expect(applied).to.deep.equal([
        'kernel/20261121090000_create_audit_log_and_rate_limits',
        'kernel/20261122090000_create_plugin_installations',
        'kernel/20261127200000_rate_limits_on_rate_limiter_flexible',
        'kernel/20261127210000_create_key_check',
        'kernel/20261128090000_create_job_leases',
        'notes/20261121000000_create_notes',
        'notes/20261121000100_add_note_source',
      ]);
      expect(await columns(db, 'notes_items')).to.deep.equal(['created_at', 'id', 'source', 'text']);
      expect(await db.schema.hasTable('migrations_notes')).to.equal(true);

      await rollbackAll(db, notesSet);
      await rollbackAll(db, kernelSet);
      expect(await db.schema.hasTable('notes_items')).to.equal(false);
      expect(await db.schema.hasTable('audit_log')).to.equal(false);

      expect(await migrateAll(db, [kernelSet, notesSet])).to.have.length(7);
      expect(await db.schema.hasTable('audit_log')).to.equal(true);
      expect(await columns(db, 'notes_items')).to.deep.equal(['created_at', 'id', 'source', 'text']);
      expect(await migrateAll(db, [kernelSet, notesSet]), 'nothing left to apply').to.deep.equal([]);
    } finally {
      await db.destroy();
    }
  });

  it('apply once when several processes start together', async () => {
    const url = await createTestDatabase();
    const dbs = [createKnex(url), createKnex(url), createKnex(url)];
    try {
      const results = await Promise.all(dbs.map((db) => migrateAll(db, [kernelSet, notesSet])));
      expect(results.map((r) => r.length).sort()).to.deep.equal([0, 0, 7]);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });

  it('are not blocked by a knex lock row left behind by a crashed process', async () => {
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, [notesSet]);
      await db('migrations_notes_lock').update({ is_locked: 1 });
      await rollbackAll(db, notesSet);
      await db('migrations_notes_lock').update({ is_locked: 1 });
      expect(await migrateAll(db, [notesSet])).to.have.length(2);
    } finally {
      await db.destroy();
    }
  });
});

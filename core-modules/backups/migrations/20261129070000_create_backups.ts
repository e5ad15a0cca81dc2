import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Backup archives this server holds (files under DATA_DIR/backups) and the jobs that make, verify
 * and restore them. Neither table is ever put in an archive.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('backup_archives', (t) => {
    t.uuid('id').primary();
    t.text('file_name').notNullable().unique();
    t.text('kind').notNullable().checkIn(['manual', 'scheduled', 'pre_restore', 'imported']);
    t.text('status').notNullable().checkIn(['complete', 'missing', 'unrecognized']);
    t.bigInteger('size_bytes').notNullable();
    t.text('archive_sha256').notNullable();
    t.text('signage_version').notNullable();
    t.integer('schema_version').notNullable();
    t.uuid('installation_id').notNullable();
    t.text('organization_name').notNullable();
    t.jsonb('components').notNullable();
    t.text('verification').notNullable().checkIn(['unverified', 'verified', 'failed']);
    ts(t, 'verified_at');
    ts(t, 'created_at').notNullable();
  });
  await knex.schema.createTable('backup_jobs', (t) => {
    t.uuid('id').primary();
    t.text('kind').notNullable().checkIn(['backup', 'verify', 'restore']);
    t.text('trigger').notNullable().checkIn(['manual', 'scheduled', 'cli']);
    // The archive made (backup) or read (verify, restore); no foreign key: a deleted archive keeps its jobs' history.
    t.uuid('archive_id');
    t.text('status').notNullable().checkIn(['queued', 'running', 'succeeded', 'failed']);
    t.text('phase').notNullable();
    t.integer('progress_percent').notNullable().defaultTo(0);
    t.text('error_code');
    t.text('error_message');
    t.boolean('confirm_identity_mismatch').notNullable().defaultTo(false);
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'completed_at');
    // Moved on by the process running the job; one that stopped moving was left by a process that died.
    ts(t, 'alive_at');
    t.index(['created_at']);
  });
  // One backup, verify or restore at a time, whichever process asks.
  await knex.raw(`CREATE UNIQUE INDEX backup_jobs_one_active ON backup_jobs ((true)) WHERE status IN ('queued', 'running')`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('backup_jobs');
  await knex.schema.dropTable('backup_archives');
}

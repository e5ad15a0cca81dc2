import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

// Listed here as they are at this migration: a later change of the lists gets its own migration.
const STATUSES = ['pending', 'active', 'paused', 'cancelled', 'completed'];
const PHASES = ['canary', 'full', 'paused', 'completed'];
const MODES = ['download_only', 'install_now', 'maintenance_window'];
const TARGET_STATES = [
  'held',
  'pending',
  'offline',
  'downloading',
  'downloaded',
  'verifying',
  'ready',
  'waiting_for_permission',
  'waiting_for_user',
  'installing',
  'reconnecting',
  'succeeded',
  'failed',
  'cancelled',
  'incompatible',
  'already_current',
];

/**
 * Update deployments: a player release rolled out to screens, each screen's part in it kept with
 * what its player last reported. The release's facts are copied at the start (its record may be
 * deleted once no running deployment holds it); release, screen and user ids are plain columns.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('update_deployments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('release_id').notNullable();
    t.text('platform').notNullable().checkIn(['android', 'linux']);
    t.integer('version_code').notNullable();
    t.text('version_name').notNullable();
    t.bigInteger('artifact_size_bytes').notNullable();
    t.text('artifact_sha256').notNullable();
    t.text('name').notNullable();
    t.text('mode').notNullable().checkIn(MODES);
    ts(t, 'maintenance_window_start');
    t.text('status').notNullable().checkIn(STATUSES);
    t.text('rollout_mode').notNullable().checkIn(['full', 'canary']);
    t.text('rollout_phase').notNullable().checkIn(PHASES);
    t.integer('canary_size').notNullable().defaultTo(0);
    t.text('pause_reason');
    t.uuid('created_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'paused_at');
    ts(t, 'cancelled_at');
    ts(t, 'completed_at');
    t.index(['release_id']);
    t.index(['created_at']);
  });
  await knex.schema.createTable('update_deployment_screens', (t) => {
    t.uuid('deployment_id').notNullable().references('update_deployments.id').onDelete('CASCADE');
    t.uuid('screen_id').notNullable();
    t.text('state').notNullable().checkIn(TARGET_STATES);
    t.boolean('is_canary').notNullable().defaultTo(false);
    t.integer('previous_version_code');
    t.integer('expected_version_code').notNullable();
    t.bigInteger('downloaded_bytes').notNullable().defaultTo(0);
    t.text('permission_status');
    t.text('installer_status');
    t.text('safe_error');
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'download_started_at');
    ts(t, 'downloaded_at');
    ts(t, 'install_started_at');
    ts(t, 'completed_at');
    t.primary(['deployment_id', 'screen_id']);
  });
  // Every heartbeat that could settle an update looks up its screen's unfinished targets.
  await knex.raw(
    `CREATE INDEX update_deployment_screens_open ON update_deployment_screens (screen_id) WHERE state NOT IN ('succeeded', 'failed', 'cancelled', 'incompatible', 'already_current')`,
  );
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('update_deployment_screens');
  await knex.schema.dropTableIfExists('update_deployments');
}

import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/** Every per-screen state a takeover row may hold, as the reference's players and console name them. */
const SCREEN_STATES = ['pending', 'notified', 'preparing', 'ready', 'active', 'failed', 'offline', 'restored', 'expired', 'cancelled'];

/**
 * Takeovers: a playlist over everything else on screens until it expires or is cancelled. The
 * screens it was asked for (screens, groups) are kept as asked; the screens it took, each with
 * what its player last reported, in `takeover_screen_states`. Screen, group, playlist and user ids
 * are plain columns (other modules' tables).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('takeovers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.uuid('playlist_id').notNullable();
    t.text('status').notNullable().checkIn(['active', 'cancelled', 'expired']);
    // What raised it: `console`, or a plugin's word (`weather_alert`) with its own reference.
    t.text('origin_kind').notNullable().defaultTo('console');
    t.text('origin_ref');
    t.uuid('created_by');
    ts(t, 'activated_at').notNullable();
    ts(t, 'expires_at').notNullable();
    ts(t, 'ended_at');
    t.text('cancellation_reason').notNullable().defaultTo('');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['playlist_id']);
    t.index(['origin_kind', 'origin_ref']);
  });
  // The minute job finds what is due without reading ended takeovers.
  await knex.raw(`CREATE INDEX takeovers_active_expiry ON takeovers (expires_at) WHERE status = 'active'`);
  await knex.schema.createTable('takeover_targets', (t) => {
    t.uuid('takeover_id').notNullable().references('takeovers.id').onDelete('CASCADE');
    t.text('target_type').notNullable().checkIn(['screen', 'group']);
    t.uuid('target_id').notNullable();
    t.primary(['takeover_id', 'target_type', 'target_id']);
  });
  await knex.schema.createTable('takeover_screen_states', (t) => {
    t.uuid('takeover_id').notNullable().references('takeovers.id').onDelete('CASCADE');
    t.uuid('screen_id').notNullable();
    t.text('state').notNullable().checkIn(SCREEN_STATES);
    // The manifest version that carries the takeover to the screen (or a later one).
    t.bigInteger('manifest_version').notNullable();
    t.integer('preparation_progress').checkBetween([0, 100]);
    t.text('failure_code');
    t.text('failure_message');
    ts(t, 'last_updated_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'prepared_at');
    ts(t, 'activated_at');
    ts(t, 'restored_at');
    t.primary(['takeover_id', 'screen_id']);
  });
  // A screen's holding takeover is read on every manifest build.
  await knex.raw(`CREATE INDEX takeover_screen_states_holding ON takeover_screen_states (screen_id) WHERE state NOT IN ('restored', 'expired', 'cancelled')`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('takeover_screen_states');
  await knex.schema.dropTableIfExists('takeover_targets');
  await knex.schema.dropTableIfExists('takeovers');
}

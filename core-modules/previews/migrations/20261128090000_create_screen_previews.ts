import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * One live preview per screen: the console's lease (which tells the player to capture) and the
 * latest capture or capture failure, replaced by each upload. In PostgreSQL, so a lease taken on
 * one server process is seen by a player polling any other.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('screen_previews', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    ts(t, 'lease_expires_at').notNullable();
    ts(t, 'capture_requested_at');
    ts(t, 'attempted_at');
    ts(t, 'captured_at');
    t.text('player_version');
    t.integer('width');
    t.integer('height');
    t.integer('file_size');
    t.text('content_type');
    t.binary('image');
    t.text('failure_status');
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('screen_previews');
}

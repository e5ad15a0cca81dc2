import type { Knex } from 'knex';

/**
 * The console's live view of a screen: at most one lease per screen, which the console renews while
 * it watches. Only the lease is kept here, so every server process sees the same one; the frames
 * never touch the database.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('screen_live_streams', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    t.uuid('session_id').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('screen_live_streams');
}

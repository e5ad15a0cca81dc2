import type { Knex } from 'knex';

/**
 * How far each screen's player clock is off the server's (server minus player, in seconds), when
 * that was last measured and how: `server` from a clock reading the player just sent, `player` as
 * the player reported it. Activity and telemetry times are moved onto the server's clock by it.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('screen_status', (t) => {
    t.integer('clock_offset_seconds');
    t.timestamp('clock_offset_at', { useTz: true });
    t.text('clock_offset_source').checkIn(['server', 'player']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('screen_status', (t) => {
    t.dropColumn('clock_offset_seconds');
    t.dropColumn('clock_offset_at');
    t.dropColumn('clock_offset_source');
  });
}

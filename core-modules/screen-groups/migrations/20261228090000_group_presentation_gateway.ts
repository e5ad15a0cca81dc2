import type { Knex } from 'knex';

// The member a group prefers as its presentation gateway (the reference console's "preferred
// presentation gateway"); it goes with the screen.
export async function up(knex: Knex) {
  await knex.schema.alterTable('screen_groups', (t) => {
    t.uuid('presentation_gateway_screen_id').references('screens.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('screen_groups', (t) => {
    t.dropColumn('presentation_gateway_screen_id');
  });
}

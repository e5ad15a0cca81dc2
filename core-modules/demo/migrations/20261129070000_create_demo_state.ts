import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // One row once a demo installation has been seeded: the marker that later starts reuse the seed.
  // The simulated screens' device credentials are sealed with the secret box.
  await knex.schema.createTable('demo_state', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    t.text('status').notNullable().checkIn(['seeding', 'ready', 'failed']);
    t.jsonb('screens').notNullable().defaultTo('[]');
    t.jsonb('storage_keys').notNullable().defaultTo('[]');
    t.timestamp('seeded_at', { useTz: true });
    t.timestamp('reset_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.raw('DROP SCHEMA IF EXISTS demo_seed CASCADE');
  await knex.schema.dropTable('demo_state');
}

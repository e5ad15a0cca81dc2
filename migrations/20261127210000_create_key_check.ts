import type { Knex } from 'knex';

// One value sealed with the installation's secret key. A process whose keys cannot open it has
// other keys than the processes that sealed the database's secrets, and must not start.
export async function up(knex: Knex) {
  await knex.schema.createTable('kernel_key_check', (t) => {
    t.integer('id').primary().checkIn(['1']);
    t.text('sealed').notNullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('kernel_key_check');
}

import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // One row: the image behind the console's sign-in panel. The asset id is a plain column (media's table, another module's).
  await knex.schema.createTable('login_background', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    t.uuid('asset_id');
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('login_background').insert({ singleton: true });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('login_background');
}

import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // At most one row: the screencast receiver archive the operator provided, kept in storage. No row: none yet.
  await knex.schema.createTable('installers_screencast_receiver', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    t.text('storage_key').notNullable();
    t.text('file_name').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.specificType('sha256', 'char(64)').notNullable();
    t.timestamp('provided_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('installers_screencast_receiver');
}

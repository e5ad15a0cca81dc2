import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One revision for the whole document: a PATCH names the revision it read (optimistic locking).
  await knex.schema.createTable('settings_revision', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    t.integer('revision').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('settings_revision').insert({ singleton: true });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('settings_revision');
  await knex.schema.dropTable('settings');
}

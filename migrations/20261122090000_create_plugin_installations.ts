import type { Knex } from 'knex';

// Which optional plugins an administrator installed. Shared by every server process; a row whose
// plugin a later release no longer offers stays, so the catalog can show it left behind.
export async function up(knex: Knex) {
  await knex.schema.createTable('kernel_plugin_installations', (t) => {
    t.text('plugin').primary();
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('installed_by');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('kernel_plugin_installations');
}

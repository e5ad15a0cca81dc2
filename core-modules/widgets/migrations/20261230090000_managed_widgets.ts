import type { Knex } from 'knex';

// A widget another module made for itself (a weather alert rule's built-in presentation) names that
// module: people see it but cannot change or delete it.
export async function up(knex: Knex) {
  await knex.schema.alterTable('widgets', (t) => {
    t.text('managed_by').nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('widgets', (t) => {
    t.dropColumn('managed_by');
  });
}

import type { Knex } from 'knex';

// A playlist another module made for itself (a weather alert rule's built-in presentation) names that
// module: it is left out of the playlists' list, and people cannot change or delete it.
export async function up(knex: Knex) {
  await knex.schema.alterTable('playlists', (t) => {
    t.text('managed_by').nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('playlists', (t) => {
    t.dropColumn('managed_by');
  });
}

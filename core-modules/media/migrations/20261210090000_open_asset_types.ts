import type { Knex } from 'knex';

// Asset types are no longer a closed list here: a module owning a type (widgets, later) registers
// how its assets play (playableTypes) and stores them without a migration of media's. The column
// still takes only a plain lower-case name.
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE assets DROP CONSTRAINT assets_type_check');
  await knex.raw("ALTER TABLE assets ADD CONSTRAINT assets_type_name CHECK (type ~ '^[a-z][a-z_]{0,39}$')");
}

// Back to the built-in types: refused (by the check) while assets of another type are stored.
export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE assets DROP CONSTRAINT assets_type_name');
  await knex.raw("ALTER TABLE assets ADD CONSTRAINT assets_type_check CHECK (type IN ('image', 'video', 'website'))");
}

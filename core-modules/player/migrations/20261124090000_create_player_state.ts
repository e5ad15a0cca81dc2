import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

// Screen ids are plain uuid columns: screens belong to the screens module, and a module holds no
// foreign keys into another's tables. A row for a deleted screen is harmless and never read.
export async function up(knex: Knex) {
  // The hash of the last manifest body served or pushed: the version moves only when it changes.
  await knex.schema.createTable('player_manifest_state', (t) => {
    t.uuid('screen_id').primary();
    t.bigInteger('manifest_version').notNullable();
    t.text('content_hash').notNullable();
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('player_config_state', (t) => {
    t.uuid('screen_id').primary();
    t.bigInteger('config_revision').notNullable();
    t.text('content_hash').notNullable();
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('player_config_state');
  await knex.schema.dropTableIfExists('player_manifest_state');
}

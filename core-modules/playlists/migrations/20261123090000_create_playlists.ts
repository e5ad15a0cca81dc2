import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

// Asset and screen ids are plain uuid columns: those rows belong to the media and screens modules,
// and a module never holds foreign keys into another's tables (asset deletion asks `assetUsage`).
export async function up(knex: Knex) {
  await knex.schema.createTable('playlists', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    // Bumped by every change; draft/publish will pin published revisions against it.
    t.integer('revision').notNullable().defaultTo(1);
    // {enabled, match, imageDurationMs, tagIds}; its items are computed on read.
    t.jsonb('tag_rule');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('playlist_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('playlist_id').notNullable().references('playlists.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.uuid('asset_id').notNullable();
    t.integer('duration_ms');
    t.text('fit_mode').notNullable();
    t.text('transition').notNullable();
    t.boolean('audio_enabled').notNullable();
    t.integer('volume').notNullable();
    t.text('delivery_policy').notNullable();
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['playlist_id', 'position']);
    // The asset-usage check looks items up by asset.
    t.index(['asset_id']);
  });
  await knex.raw(`ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_fit_mode CHECK (fit_mode IN ('contain','cover','stretch'))`);
  await knex.raw(`ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_transition CHECK (transition IN ('none','fade','crossfade'))`);
  await knex.raw(`ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_delivery CHECK (delivery_policy IN ('download','stream','automatic'))`);
  await knex.raw(`ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_volume CHECK (volume BETWEEN 0 AND 100)`);

  await knex.schema.createTable('screen_playlist_assignments', (t) => {
    t.uuid('screen_id').primary();
    // RESTRICT: deleting an assigned playlist fails in the database, so no race with a new assignment.
    t.uuid('playlist_id').notNullable().references('playlists.id').onDelete('RESTRICT');
    ts(t, 'assigned_at').notNullable().defaultTo(knex.fn.now());
    t.index(['playlist_id']);
  });
}

export async function down(knex: Knex) {
  for (const table of ['screen_playlist_assignments', 'playlist_items', 'playlists']) await knex.schema.dropTableIfExists(table);
}

import type { Knex } from 'knex';

const ITEM_COLUMNS =
  'id, playlist_id, position, asset_id, layout_id, duration_ms, fit_mode, transition, audio_enabled, volume, delivery_policy, use_player_defaults, created_at';

/**
 * Playlists get a working draft beside the rows screens play (issue 30): `playlists` and
 * `playlist_items` stay the published runtime rows manifests read; people's edits go to
 * `playlist_drafts` and `playlist_draft_items` (the same item columns, item ids kept) until they are
 * published. Each publication keeps its frozen document in `playlist_revisions`.
 *
 * Every existing playlist gets a draft equal to what it plays, at the same revision on both sides
 * (nothing unpublished), so what screens play stays on air unchanged.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('playlist_drafts', (t) => {
    t.uuid('playlist_id').primary().references('playlists.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('tag_rule');
    t.integer('revision').notNullable().defaultTo(1);
    // The draft revision the published rows were made from; another one means unpublished changes.
    t.integer('published_draft_revision').notNullable().defaultTo(1);
    // A user id (the auth module's row): a plain column.
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    CREATE TABLE playlist_draft_items (
      LIKE playlist_items INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
      PRIMARY KEY (id)
    )`);
  await knex.raw('ALTER TABLE playlist_draft_items ADD FOREIGN KEY (playlist_id) REFERENCES playlist_drafts(playlist_id) ON DELETE CASCADE');
  await knex.raw('CREATE INDEX playlist_draft_items_playlist_position ON playlist_draft_items (playlist_id, position)');
  // Asset and layout usage checks look draft items up too: deleting what a draft names would make publishing it fail.
  await knex.raw('CREATE INDEX playlist_draft_items_asset_id ON playlist_draft_items (asset_id) WHERE asset_id IS NOT NULL');
  await knex.raw('CREATE INDEX playlist_draft_items_layout_id ON playlist_draft_items (layout_id) WHERE layout_id IS NOT NULL');

  await knex.schema.createTable('playlist_revisions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('playlist_id').notNullable().references('playlists.id').onDelete('CASCADE');
    t.integer('revision').notNullable();
    // The published document: name, description, tag rule and items, as the editorial snapshot froze it.
    t.jsonb('document').notNullable();
    t.uuid('published_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['playlist_id', 'revision']);
  });

  await knex.raw(`
    INSERT INTO playlist_drafts (playlist_id, name, description, tag_rule, revision, published_draft_revision, updated_at)
    SELECT id, name, description, tag_rule, revision, revision, updated_at FROM playlists`);
  await knex.raw(`INSERT INTO playlist_draft_items (${ITEM_COLUMNS}) SELECT ${ITEM_COLUMNS} FROM playlist_items`);
}

// Back to one set of rows: what screens play is kept; unpublished draft changes and the revision history are lost.
export async function down(knex: Knex) {
  for (const table of ['playlist_revisions', 'playlist_draft_items', 'playlist_drafts']) await knex.schema.dropTableIfExists(table);
}

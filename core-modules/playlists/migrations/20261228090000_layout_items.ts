import type { Knex } from 'knex';

// An item plays an asset or a published layout (the reference's `{assetId|layoutId}`): exactly one.
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE playlist_items ADD COLUMN layout_id uuid');
  await knex.raw('ALTER TABLE playlist_items ALTER COLUMN asset_id DROP NOT NULL');
  await knex.raw('ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_one_content CHECK ((asset_id IS NULL) <> (layout_id IS NULL))');
  // Usage checks and reach look items up by layout.
  await knex.raw('CREATE INDEX playlist_items_layout_id_index ON playlist_items (layout_id) WHERE layout_id IS NOT NULL');
}

// Layout items cannot be kept by a release that knows only assets.
export async function down(knex: Knex) {
  await knex.raw('DELETE FROM playlist_items WHERE layout_id IS NOT NULL');
  await knex.raw('ALTER TABLE playlist_items DROP CONSTRAINT playlist_items_one_content');
  await knex.raw('ALTER TABLE playlist_items ALTER COLUMN asset_id SET NOT NULL');
  await knex.raw('ALTER TABLE playlist_items DROP COLUMN layout_id');
}

import type { Knex } from 'knex';

// An image or video item may play with the screen's playback defaults instead of its own settings,
// as the reference's console adds them (usePlayerDefaults); its own stay as the fallback.
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE playlist_items ADD COLUMN use_player_defaults boolean NOT NULL DEFAULT false');
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE playlist_items DROP COLUMN use_player_defaults');
}

import type { Knex } from 'knex';

// Item volume moves to the players' scale, 0 (silent) to 1 (full): the stock players clamp to 0..1
// (so 30 played at full volume) or refuse the whole manifest. Stored percentages become fractions.
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE playlist_items DROP CONSTRAINT playlist_items_volume');
  await knex.raw('ALTER TABLE playlist_items ALTER COLUMN volume TYPE double precision USING volume / 100.0');
  await knex.raw('ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_volume CHECK (volume BETWEEN 0 AND 1)');
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE playlist_items DROP CONSTRAINT playlist_items_volume');
  await knex.raw('ALTER TABLE playlist_items ALTER COLUMN volume TYPE integer USING round(volume * 100)');
  await knex.raw('ALTER TABLE playlist_items ADD CONSTRAINT playlist_items_volume CHECK (volume BETWEEN 0 AND 100)');
}

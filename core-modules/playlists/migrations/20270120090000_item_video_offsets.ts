import type { Knex } from 'knex';

const TABLES = ['playlist_items', 'playlist_draft_items'];

/**
 * A video item may play only part of its video (the reference's `videoStartOffsetMs` and
 * `videoEndOffsetMs`): where to start, and where to stop, in milliseconds into the file. Null plays
 * from the beginning, or to the end. Both item tables (published and draft) carry them, and the
 * database refuses a negative start or an end not after the start (the Android player refuses a
 * whole manifest holding one).
 */
export async function up(knex: Knex) {
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN video_start_offset_ms integer, ADD COLUMN video_end_offset_ms integer`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_video_offsets CHECK (
      (video_start_offset_ms IS NULL OR video_start_offset_ms >= 0)
      AND (video_end_offset_ms IS NULL OR video_end_offset_ms > coalesce(video_start_offset_ms, 0)))`);
  }
}

// An earlier release plays the whole video again.
export async function down(knex: Knex) {
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_video_offsets`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN video_start_offset_ms, DROP COLUMN video_end_offset_ms`);
  }
}

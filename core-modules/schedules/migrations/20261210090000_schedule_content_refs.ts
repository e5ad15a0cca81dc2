import type { Knex } from 'knex';

// A schedule plays any kind of content (`{content_type, content_id}`, both set or both null), not
// only a playlist, or holds a display action: exactly one of the two. Today's playlists become
// playlist refs.
export async function up(knex: Knex) {
  await knex.schema.alterTable('schedules', (t) => {
    t.text('content_type');
    t.uuid('content_id');
  });
  await knex('schedules')
    .whereNotNull('playlist_id')
    .update({ content_type: 'playlist', content_id: knex.ref('playlist_id') });
  await knex.raw('ALTER TABLE schedules DROP CONSTRAINT schedules_plays_one');
  await knex.schema.alterTable('schedules', (t) => {
    t.dropIndex(['playlist_id']);
    t.dropColumn('playlist_id');
    t.index(['content_type', 'content_id']);
  });
  await knex.raw(
    'ALTER TABLE schedules ADD CONSTRAINT schedules_plays_one CHECK ((content_type IS NULL) = (content_id IS NULL) AND (content_id IS NULL) <> (display_action IS NULL))',
  );
}

// Back to playlists only: schedules of other kinds of content cannot be kept.
export async function down(knex: Knex) {
  await knex('schedules').whereNotNull('content_type').whereNot({ content_type: 'playlist' }).delete();
  await knex.raw('ALTER TABLE schedules DROP CONSTRAINT schedules_plays_one');
  await knex.schema.alterTable('schedules', (t) => {
    t.uuid('playlist_id');
  });
  await knex('schedules')
    .where({ content_type: 'playlist' })
    .update({ playlist_id: knex.ref('content_id') });
  await knex.schema.alterTable('schedules', (t) => {
    t.dropIndex(['content_type', 'content_id']);
    t.dropColumn('content_type');
    t.dropColumn('content_id');
    t.index(['playlist_id']);
  });
  await knex.raw('ALTER TABLE schedules ADD CONSTRAINT schedules_plays_one CHECK ((playlist_id IS NULL) <> (display_action IS NULL))');
}

import type { Knex } from 'knex';

// A screen's own assignment names any kind of content (`{content_type, content_id}`), not only a
// playlist. Today's rows become playlist refs. The foreign key to playlists cannot span kinds, so
// it goes: the delete of a playlist (or any kind) is refused by contentKinds.assertUnused, under the
// row locks described there.
export async function up(knex: Knex) {
  await knex.schema.alterTable('screen_playlist_assignments', (t) => {
    t.text('content_type');
    t.uuid('content_id');
  });
  await knex('screen_playlist_assignments').update({ content_type: 'playlist', content_id: knex.ref('playlist_id') });
  await knex.schema.alterTable('screen_playlist_assignments', (t) => {
    t.dropNullable('content_type');
    t.dropNullable('content_id');
    t.dropColumn('playlist_id');
    t.index(['content_type', 'content_id']);
  });
}

// Back to playlists only: assignments of other kinds cannot be kept.
export async function down(knex: Knex) {
  await knex('screen_playlist_assignments').whereNot({ content_type: 'playlist' }).delete();
  await knex.schema.alterTable('screen_playlist_assignments', (t) => {
    t.uuid('playlist_id').references('playlists.id').onDelete('RESTRICT');
  });
  await knex('screen_playlist_assignments').update({ playlist_id: knex.ref('content_id') });
  await knex.schema.alterTable('screen_playlist_assignments', (t) => {
    t.dropNullable('playlist_id');
    t.index(['playlist_id']);
    t.dropIndex(['content_type', 'content_id']);
    t.dropColumn('content_type');
    t.dropColumn('content_id');
  });
}

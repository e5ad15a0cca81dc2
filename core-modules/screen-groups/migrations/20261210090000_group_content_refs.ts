import type { Knex } from 'knex';

// A group's members may play any kind of content when they have none of their own, not only a
// playlist: `{content_type, content_id}`, both set or both null. Today's playlists become playlist refs.
export async function up(knex: Knex) {
  await knex.schema.alterTable('screen_groups', (t) => {
    t.text('content_type');
    t.uuid('content_id');
  });
  await knex('screen_groups')
    .whereNotNull('playlist_id')
    .update({ content_type: 'playlist', content_id: knex.ref('playlist_id') });
  await knex.schema.alterTable('screen_groups', (t) => {
    t.dropIndex(['playlist_id']);
    t.dropColumn('playlist_id');
    t.index(['content_type', 'content_id']);
    t.check('(content_type IS NULL) = (content_id IS NULL)', [], 'screen_groups_content_ref');
  });
}

// Back to playlists only: a group's content of another kind is dropped.
export async function down(knex: Knex) {
  await knex.schema.alterTable('screen_groups', (t) => {
    t.uuid('playlist_id');
  });
  await knex('screen_groups')
    .where({ content_type: 'playlist' })
    .update({ playlist_id: knex.ref('content_id') });
  await knex.schema.alterTable('screen_groups', (t) => {
    t.dropChecks(['screen_groups_content_ref']);
    t.dropIndex(['content_type', 'content_id']);
    t.dropColumn('content_type');
    t.dropColumn('content_id');
    t.index(['playlist_id']);
  });
}

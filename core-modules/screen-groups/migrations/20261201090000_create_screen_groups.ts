import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Screen groups (the console's display groups): a screen belongs to at most one (the primary key of
 * the membership says so), and a group may carry the playlist its members play when they have none
 * of their own. The playlist is a plain id: the playlists module is told of its use and refuses to
 * delete it meanwhile.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('screen_groups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('display_mode').notNullable().defaultTo('mirror').checkIn(['mirror', 'span']);
    t.uuid('playlist_id');
    // Members synchronise playback from this instant; it moves when what they play together changes.
    ts(t, 'playback_epoch').notNullable().defaultTo(knex.fn.now());
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['playlist_id']);
  });
  await knex.schema.createTable('screen_group_members', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    t.uuid('group_id').notNullable().references('screen_groups.id').onDelete('CASCADE');
    ts(t, 'added_at').notNullable().defaultTo(knex.fn.now());
    t.index(['group_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('screen_group_members');
  await knex.schema.dropTableIfExists('screen_groups');
}

import type { Knex } from 'knex';

/**
 * A span group's wall: the logical canvas and each member's panel of it. A group in mirror mode has
 * none. A panel goes with its member (a screen that leaves the group leaves the wall).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('screen_group_spans', (t) => {
    t.uuid('group_id').primary().references('screen_groups.id').onDelete('CASCADE');
    t.integer('canvas_width').notNullable().checkBetween([320, 16384]);
    t.integer('canvas_height').notNullable().checkBetween([320, 16384]);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('screen_group_span_panels', (t) => {
    t.uuid('screen_id').primary().references('screen_group_members.screen_id').onDelete('CASCADE');
    t.uuid('group_id').notNullable().references('screen_group_spans.group_id').onDelete('CASCADE');
    t.integer('panel_order').notNullable().checkBetween([0, 63]);
    t.integer('x').notNullable();
    t.integer('y').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('rotation').notNullable().checkIn(['0', '90', '180', '270']);
    t.integer('bezel_left').notNullable().defaultTo(0);
    t.integer('bezel_top').notNullable().defaultTo(0);
    t.integer('bezel_right').notNullable().defaultTo(0);
    t.integer('bezel_bottom').notNullable().defaultTo(0);
    t.unique(['group_id', 'panel_order']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('screen_group_span_panels');
  await knex.schema.dropTableIfExists('screen_group_spans');
}

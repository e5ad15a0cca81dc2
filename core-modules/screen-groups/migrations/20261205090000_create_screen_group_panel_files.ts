import type { Knex } from 'knex';

/**
 * The video files a wall's panels play: one per member screen, source video and geometry, cut by
 * a job (queued, processing, ready, failed). Rows outlive the wall geometry they were cut for
 * until the sweep deletes them with their files, so no foreign key removes them silently.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('screen_group_panel_files', (t) => {
    t.uuid('id').primary();
    t.uuid('group_id').notNullable();
    t.uuid('screen_id').notNullable();
    t.uuid('asset_id').notNullable();
    t.uuid('source_variant_id').notNullable();
    t.text('source_sha256').notNullable();
    t.text('geometry_hash').notNullable();
    t.text('state').notNullable().defaultTo('queued').checkIn(['queued', 'processing', 'ready', 'failed']);
    t.float('progress').notNullable().defaultTo(0).checkBetween([0, 1]);
    t.text('error_message');
    t.bigInteger('file_size');
    t.text('sha256');
    t.integer('width');
    t.integer('height');
    t.double('duration_seconds');
    t.double('frame_rate');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['screen_id', 'asset_id', 'source_sha256', 'geometry_hash']);
    t.index(['group_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('screen_group_panel_files');
}

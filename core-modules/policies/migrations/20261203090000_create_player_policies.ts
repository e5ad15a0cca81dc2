import type { Knex } from 'knex';

/**
 * Player policies: values a screen group or a screen sets over the organization's for the settings
 * players follow. One row per group or screen; the revision guards against lost updates. Targets
 * are plain ids (screens and groups belong to their modules): a policy whose group is gone reaches
 * no screen, and is never read.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('player_policies', (t) => {
    t.text('scope').notNullable().checkIn(['screen', 'group']);
    t.uuid('target_id').notNullable();
    t.jsonb('values').notNullable().defaultTo('{}');
    t.integer('priority').notNullable().defaultTo(0);
    t.integer('revision').notNullable().defaultTo(1);
    t.uuid('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'target_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('player_policies');
}

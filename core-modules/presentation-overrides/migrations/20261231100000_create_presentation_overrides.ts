import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Quick present sessions: content (any kind) on a screen or a group's members for a while or until
 * stopped, above their schedules. Target, content and user ids are plain columns.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('presentation_overrides', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('target_type').notNullable().checkIn(['screen', 'group']);
    t.uuid('target_id').notNullable();
    t.text('content_type').notNullable();
    t.uuid('content_id').notNullable();
    // 0: until stopped.
    t.integer('duration_seconds').notNullable().checkIn(['0', '300', '900', '1800', '3600']);
    ts(t, 'started_at').notNullable();
    ts(t, 'expires_at');
    t.text('after_action').notNullable().defaultTo('resume').checkIn(['resume']);
    t.boolean('wake_display').notNullable().defaultTo(false);
    t.uuid('created_by');
    ts(t, 'stopped_at');
    t.text('stop_reason').notNullable().defaultTo('');
    t.index(['content_type', 'content_id']);
  });
  // What holds screens now is read on every manifest build, by target.
  await knex.raw('CREATE INDEX presentation_overrides_running ON presentation_overrides (target_type, target_id) WHERE stopped_at IS NULL');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('presentation_overrides');
}

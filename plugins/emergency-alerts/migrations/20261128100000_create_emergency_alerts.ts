import type { Knex } from 'knex';

// Weather alerts (catalog id `emergency_alerts`): the monitor, the rules and one activation per
// (alert, rule). Screens, groups, playlists and takeovers belong to other modules: their ids are
// plain columns (no foreign keys).
export async function up(knex: Knex) {
  await knex.schema.createTable('emergency_alerts_monitor', (t) => {
    t.boolean('singleton').primary().defaultTo(true);
    t.boolean('enabled').notNullable().defaultTo(false);
    t.specificType('areas', 'text[]').notNullable().defaultTo('{}');
    t.specificType('zones', 'text[]').notNullable().defaultTo('{}');
    t.integer('poll_interval_seconds').notNullable().defaultTo(120);
    t.timestamp('last_polled_at', { useTz: true });
    t.timestamp('last_success_at', { useTz: true });
    t.text('last_error_code');
    t.integer('last_matched_count').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE emergency_alerts_monitor ADD CHECK (singleton), ADD CHECK (poll_interval_seconds BETWEEN 60 AND 3600)');
  await knex('emergency_alerts_monitor').insert({ singleton: true });

  await knex.schema.createTable('emergency_alerts_rules', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.boolean('enabled').notNullable();
    t.specificType('event_names', 'text[]').notNullable().defaultTo('{}');
    t.text('minimum_severity').notNullable();
    t.text('minimum_urgency').notNullable();
    t.text('response_mode').notNullable();
    t.text('presentation_mode').notNullable();
    t.uuid('playlist_id');
    t.text('ticker_display_mode').notNullable();
    t.integer('ticker_height_px').notNullable();
    t.text('ticker_speed').notNullable();
    t.integer('maximum_duration_minutes').notNullable();
    t.specificType('screen_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.specificType('group_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('emergency_alerts_activations', (t) => {
    t.text('alert_id').notNullable();
    t.uuid('rule_id').notNullable().references('id').inTable('emergency_alerts_rules').onDelete('CASCADE');
    t.text('response_mode').notNullable();
    t.text('event').notNullable();
    t.text('headline').notNullable();
    t.text('description').notNullable();
    t.text('instruction').notNullable();
    t.text('severity').notNullable();
    t.text('urgency').notNullable();
    t.text('certainty').notNullable();
    t.text('area_description').notNullable();
    t.text('sender').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.uuid('takeover_id');
    t.timestamp('first_seen_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.timestamp('cleared_at', { useTz: true });
    t.text('clear_reason');
    t.primary(['alert_id', 'rule_id']);
  });
  await knex.raw('CREATE INDEX emergency_alerts_activations_live ON emergency_alerts_activations (rule_id) WHERE cleared_at IS NULL');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('emergency_alerts_activations');
  await knex.schema.dropTableIfExists('emergency_alerts_rules');
  await knex.schema.dropTableIfExists('emergency_alerts_monitor');
}

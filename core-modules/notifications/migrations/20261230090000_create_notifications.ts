import type { Knex } from 'knex';

/**
 * Outgoing notifications. Webhooks keep their signing secret sealed (the one secret here that must
 * be read back: each request is signed with it). A delivery is one event for one webhook, unique by
 * both, so raising the same transition twice sends once. Conditions are the incidents: one open
 * row per kind and subject absorbs repeats until the subject recovers.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('notification_webhooks', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('url').notNullable();
    t.text('signing_secret').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.specificType('categories', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('last_success_at', { useTz: true });
    t.text('last_error');
    t.uuid('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('notification_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('event_key').notNullable();
    t.text('category').notNullable();
    t.text('severity').notNullable().checkIn(['info', 'warning', 'error', 'critical']);
    t.uuid('webhook_id').references('notification_webhooks.id').onDelete('SET NULL');
    t.text('target').notNullable();
    t.text('subject').notNullable();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'sent', 'failed', 'cancelled']);
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.unique(['webhook_id', 'event_key']);
    t.index(['created_at']);
  });
  await knex.schema.createTable('notification_conditions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    t.text('subject').notNullable();
    // As it opened, so that its recovery can name what recovered.
    t.text('title').notNullable();
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('recovered_at', { useTz: true });
    // Whether the opening was sent: a recovery is sent only to follow one.
    t.boolean('announced').notNullable();
  });
  await knex.raw('CREATE UNIQUE INDEX notification_conditions_open ON notification_conditions (kind, subject) WHERE recovered_at IS NULL');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('notification_conditions');
  await knex.schema.dropTableIfExists('notification_deliveries');
  await knex.schema.dropTableIfExists('notification_webhooks');
}

import type { Knex } from 'knex';

/**
 * Data sources (feeds, tables, calendars, forms) and, per source, the document screens show: the
 * last good one is kept when a refresh fails, with the failure beside it for diagnostics.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('data_sources', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('provider').notNullable();
    t.jsonb('configuration').notNullable();
    t.integer('config_version').notNullable().defaultTo(1);
    t.uuid('created_by').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('data_source_outputs', (t) => {
    t.uuid('source_id').primary().references('data_sources.id').onDelete('CASCADE');
    /** The last good document; null until a refresh succeeds. */
    t.jsonb('document').nullable();
    t.integer('output_version').notNullable().defaultTo(0);
    t.timestamp('refreshed_at', { useTz: true }).nullable();
    t.timestamp('attempted_at', { useTz: true }).nullable();
    /** When the next refresh is due; null for sources that change only when edited. */
    t.timestamp('due_at', { useTz: true }).nullable();
    t.text('error_code').nullable();
    t.text('error_message').nullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.integer('duration_ms').nullable();
    t.index(['due_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('data_source_outputs');
  await knex.schema.dropTableIfExists('data_sources');
}

import type { Knex } from 'knex';

/**
 * A form's saved views: each one is a dataset of its output (records filtered, sorted, cut). Forms
 * made before views were stored get the view they had until now (its fields left empty: the
 * default fields, worked out from the published form when its output is produced).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('form_views', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('source_id').notNullable().references('data_sources.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('name').notNullable();
    t.specificType('included_states', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('field_filters').notNullable().defaultTo('[]');
    t.jsonb('time_filter').notNullable().defaultTo('{"enabled":false}');
    t.jsonb('sort').notNullable().defaultTo('[]');
    t.specificType('output_fields', 'text[]').notNullable().defaultTo('{}');
    t.integer('record_limit').notNullable().defaultTo(100);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['source_id', 'key']);
  });
  await knex.raw(`INSERT INTO form_views (source_id, key, name) SELECT source_id, 'approved', 'On air' FROM form_definitions`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('form_views');
}

import type { Knex } from 'knex';

/**
 * Widgets: assets of type `widget` whose rows media keeps; here what each shows. Keyed by the asset
 * id, with no foreign key into media's table (modules link by id). The bound sources are a column
 * of their own, so finding the widgets of a source is an index lookup.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('widgets', (t) => {
    t.uuid('asset_id').primary();
    t.text('provider').notNullable();
    t.text('preset_id').nullable();
    t.integer('config_version').notNullable().defaultTo(1);
    t.jsonb('configuration').notNullable();
    t.specificType('data_source_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider']);
  });
  await knex.raw('CREATE INDEX widgets_data_source_ids ON widgets USING gin (data_source_ids)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('widgets');
}

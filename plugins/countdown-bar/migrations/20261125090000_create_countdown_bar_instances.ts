import type { Knex } from 'knex';

// Exactly the columns of the shared instance store (plugin-catalog/instances/instance-store.ts),
// spelled out here because a migration must not change when that code does. Target ids
// are plain uuids: screens and locations belong to other modules (no foreign keys).
export async function up(knex: Knex) {
  await knex.schema.createTable('countdown_bar_instances', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.boolean('enabled').notNullable();
    t.text('target_scope').notNullable();
    t.specificType('target_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.jsonb('settings').notNullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('countdown_bar_instances');
}

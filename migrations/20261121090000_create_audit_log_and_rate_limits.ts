import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('actor_kind').notNullable(); // console | player | integration | system
    t.text('actor_id');
    t.text('action').notNullable();
    t.text('resource_type');
    t.text('resource_id');
    t.text('ip');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.index(['occurred_at']);
    t.index(['resource_type', 'resource_id']);
  });
  await knex.schema.createTable('kernel_rate_limits', (t) => {
    t.text('bucket').notNullable();
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable();
    t.primary(['bucket', 'key']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('kernel_rate_limits');
  await knex.schema.dropTable('audit_log');
}

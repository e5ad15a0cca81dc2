import type { Knex } from 'knex';

// The hand-written fixed-window counters give way to rate-limiter-flexible's table, made here so the
// library never runs DDL at run time. Its statements insert by position: keep the column order.
// Counters are transient, so none are carried over.
export async function up(knex: Knex) {
  await knex.schema.dropTable('kernel_rate_limits');
  await knex.schema.createTable('kernel_rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire'); // epoch milliseconds; null never expires
    t.index(['expire']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('kernel_rate_limits');
  await knex.schema.createTable('kernel_rate_limits', (t) => {
    t.text('bucket').notNullable();
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable();
    t.primary(['bucket', 'key']);
    t.index(['window_start']);
  });
}

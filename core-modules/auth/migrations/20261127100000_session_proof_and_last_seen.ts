import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.alterTable('sessions', (t) => {
    // When the user last proved who they are on this session (sign-in or re-authentication):
    // adding a factor or changing the password needs a recent one.
    t.timestamp('authenticated_at', { useTz: true });
    // Last use, written at most once a minute: the idle timeout counts from it.
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Sessions from before this migration proved their user when they were created.
  await knex('sessions').update({ authenticated_at: knex.ref('created_at') });
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('authenticated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).alter();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('authenticated_at');
    t.dropColumn('last_seen_at');
  });
}

import type { Knex } from 'knex';

/**
 * The content's name when it was submitted: what notifications of the submission call it, even
 * once the content is renamed or deleted (views show the current name).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('content_submissions', (t) => {
    t.text('content_name').notNullable().defaultTo('');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('content_submissions', (t) => {
    t.dropColumn('content_name');
  });
}

import type { Knex } from 'knex';

/**
 * Forms: a data source whose records people submit and approve. The definition (draft and
 * published revisions) and workflow, the records with their history, comments and images, and who
 * may do what on each form.
 */
export async function up(knex: Knex) {
  const stamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };
  await knex.schema.createTable('form_definitions', (t) => {
    t.uuid('source_id').primary().references('data_sources.id').onDelete('CASCADE');
    t.jsonb('draft_schema').notNullable();
    t.jsonb('workflow').notNullable();
  });
  await knex.schema.createTable('form_revisions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('source_id').notNullable().references('data_sources.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.jsonb('schema').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['source_id', 'number']);
  });
  await knex.schema.createTable('form_records', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('source_id').notNullable().references('data_sources.id').onDelete('CASCADE');
    t.uuid('revision_id').notNullable().references('form_revisions.id');
    t.text('state').notNullable();
    t.jsonb('values').notNullable();
    t.uuid('submitted_by').nullable().references('users.id').onDelete('SET NULL');
    t.text('submitter_name').notNullable();
    t.text('display_title').notNullable().defaultTo('');
    t.integer('priority').notNullable().defaultTo(0);
    t.timestamp('display_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.boolean('eligible').notNullable().defaultTo(false);
    t.integer('version').notNullable().defaultTo(1);
    /** When it entered its state: what the approvals inbox orders by. */
    t.timestamp('state_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    stamps(t);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['source_id', 'state']);
    t.index(['expires_at'], undefined, { predicate: knex.whereRaw('eligible') });
  });
  await knex.schema.createTable('form_record_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('record_id').notNullable().references('form_records.id').onDelete('CASCADE');
    t.text('event_type').notNullable();
    t.text('from_state').nullable();
    t.text('to_state').nullable();
    t.text('actor_name').nullable();
    t.text('note').nullable();
    stamps(t);
    t.index(['record_id']);
  });
  await knex.schema.createTable('form_record_comments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('record_id').notNullable().references('form_records.id').onDelete('CASCADE');
    t.text('author_name').notNullable();
    t.text('body').notNullable();
    stamps(t);
    t.index(['record_id']);
  });
  await knex.schema.createTable('form_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('record_id').notNullable().references('form_records.id').onDelete('CASCADE');
    t.uuid('source_id').notNullable();
    t.text('field_key').notNullable();
    t.text('file_name').notNullable();
    t.text('mime_type').notNullable();
    t.bigInteger('size').notNullable();
    t.text('sha256').notNullable();
    stamps(t);
    t.unique(['record_id', 'field_key']);
  });
  await knex.schema.createTable('form_grants', (t) => {
    t.uuid('source_id').notNullable().references('data_sources.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.specificType('capabilities', 'text[]').notNullable();
    t.primary(['source_id', 'user_id']);
  });
}

export async function down(knex: Knex) {
  for (const table of ['form_grants', 'form_attachments', 'form_record_comments', 'form_record_events', 'form_records', 'form_revisions', 'form_definitions']) {
    await knex.schema.dropTableIfExists(table);
  }
}

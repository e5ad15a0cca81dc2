import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });
const RELEASE_STATUSES = ['in_review', 'changes_requested', 'approved', 'scheduled', 'published', 'superseded', 'cancelled', 'publication_failed'];

/**
 * Campaigns: a working draft (the whole definition as one JSON document, edited at a revision) and
 * its numbered releases, each the frozen document that was made live. Screens and content are
 * other modules' rows, named by plain ids inside the documents.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('campaigns', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The draft's name, kept as a column for the library's search and order.
    t.text('name').notNullable();
    t.jsonb('draft').notNullable();
    t.integer('draft_revision').notNullable().defaultTo(1).checkPositive();
    ts(t, 'archived_at');
    t.uuid('created_by');
    t.uuid('updated_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('campaign_releases', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('campaign_id').notNullable().references('campaigns.id').onDelete('RESTRICT');
    t.integer('release_number').notNullable().checkPositive();
    t.uuid('submission_id');
    t.jsonb('snapshot').notNullable();
    t.text('snapshot_sha256').notNullable().checkRegex('^[0-9a-f]{64}$');
    t.text('status').notNullable().checkIn(RELEASE_STATUSES);
    t.uuid('based_release_id').references('campaign_releases.id').onDelete('SET NULL');
    t.uuid('published_by');
    ts(t, 'published_at');
    ts(t, 'requested_publication_at');
    t.text('failure_reason');
    t.uuid('created_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['campaign_id', 'release_number']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('campaign_releases');
  await knex.schema.dropTableIfExists('campaigns');
}

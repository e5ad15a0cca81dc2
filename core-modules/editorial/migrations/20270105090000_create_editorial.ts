import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

const STATES = ['in_review', 'changes_requested', 'approved', 'scheduled', 'published', 'superseded', 'publication_failed', 'cancelled'];
const METHODS = ['manual', 'automatic_after_approval', 'scheduled', 'rollback', 'migration', 'backfill'];

/**
 * The editorial record: submissions (a frozen draft a reviewer judges, whatever the draft becomes
 * after) and publications (what went live, each keeping its frozen document, so compare, restore
 * and rollback need nothing but this table). Content, user and release ids are plain columns:
 * they belong to the kinds' modules and to auth.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('content_submissions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('content_type').notNullable();
    t.uuid('content_id').notNullable();
    t.integer('working_revision').notNullable().checkPositive();
    t.jsonb('snapshot').notNullable();
    t.text('snapshot_sha256').notNullable();
    t.uuid('submitted_by');
    ts(t, 'submitted_at').notNullable().defaultTo(knex.fn.now());
    t.integer('based_published_revision');
    t.text('status').notNullable().checkIn(STATES);
    t.boolean('review_required').notNullable();
    // As the policy stood at submission: a later change of the setting does not reopen a decision.
    t.boolean('allow_self_approval').notNullable();
    t.text('review_note').notNullable().defaultTo('');
    t.uuid('reviewed_by');
    ts(t, 'reviewed_at');
    ts(t, 'requested_publication_at');
    t.text('publication_failure_reason');
    ts(t, 'published_at');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'submitted_at']);
    t.index(['content_type', 'content_id', 'submitted_at']);
  });
  // One active submission per content item: the database settles two submits racing.
  await knex.raw(
    `CREATE UNIQUE INDEX content_submissions_one_active ON content_submissions (content_type, content_id) WHERE status IN ('in_review', 'approved', 'scheduled')`,
  );
  // The minute job reads only what is due.
  await knex.raw(`CREATE INDEX content_submissions_due ON content_submissions (requested_publication_at) WHERE status = 'scheduled'`);

  await knex.schema.createTable('content_publications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('content_type').notNullable();
    t.uuid('content_id').notNullable();
    t.integer('revision').notNullable().checkPositive();
    t.uuid('native_revision_id');
    t.uuid('submission_id').references('content_submissions.id').onDelete('SET NULL');
    t.uuid('campaign_release_id');
    t.uuid('published_by');
    ts(t, 'published_at').notNullable().defaultTo(knex.fn.now());
    t.uuid('supersedes_publication_id').references('content_publications.id').onDelete('SET NULL');
    t.text('method').notNullable().checkIn(METHODS);
    t.integer('affected_screen_count').notNullable().defaultTo(0);
    t.jsonb('snapshot').notNullable();
    t.text('snapshot_sha256').notNullable();
    t.index(['content_type', 'content_id', 'published_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('content_publications');
  await knex.schema.dropTable('content_submissions');
}

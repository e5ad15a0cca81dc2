import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

// Asset, widget, playlist and data-source ids inside documents and dependencies are plain uuids:
// those rows belong to other modules, which ask `assetUsage`, `contentKinds` or the data sources'
// usage registry before deleting one.
export async function up(knex: Knex) {
  await knex.schema.createTable('layouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('orientation').notNullable();
    t.integer('canvas_width').notNullable();
    t.integer('canvas_height').notNullable();
    t.jsonb('draft_document').notNullable();
    // Bumped by every draft save and restore: the draft's ETag and the publish precondition.
    t.integer('draft_revision').notNullable().defaultTo(1);
    // What the draft names ({type, id}), kept for usage checks of media in an unpublished draft.
    t.jsonb('draft_dependencies').notNullable().defaultTo('[]');
    t.uuid('published_revision_id');
    // The preview image lives in storage under `layouts/<id>/preview`; these describe it.
    t.text('preview_content_type');
    t.text('preview_sha256');
    t.integer('preview_size');
    ts(t, 'preview_updated_at');
    t.uuid('created_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE layouts ADD CONSTRAINT layouts_orientation CHECK (orientation IN ('landscape','portrait','custom'))`);
  await knex.raw('ALTER TABLE layouts ADD CONSTRAINT layouts_canvas CHECK (canvas_width BETWEEN 320 AND 7680 AND canvas_height BETWEEN 320 AND 7680)');
  await knex.raw('ALTER TABLE layouts ADD CONSTRAINT layouts_draft_revision CHECK (draft_revision > 0)');
  await knex.raw(
    `ALTER TABLE layouts ADD CONSTRAINT layouts_preview CHECK ((preview_content_type IS NULL) = (preview_sha256 IS NULL) AND (preview_sha256 IS NULL) = (preview_size IS NULL))`,
  );

  // Immutable once written: a later draft edit never changes a published revision.
  await knex.schema.createTable('layout_revisions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('layout_id').notNullable().references('layouts.id').onDelete('CASCADE');
    t.integer('revision').notNullable();
    t.jsonb('document').notNullable();
    t.text('document_sha256').notNullable();
    t.uuid('published_by');
    ts(t, 'published_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['layout_id', 'revision']);
  });
  await knex.raw(`ALTER TABLE layout_revisions ADD CONSTRAINT layout_revisions_sha256 CHECK (document_sha256 ~ '^[0-9a-f]{64}$')`);
  await knex.raw(
    'ALTER TABLE layouts ADD CONSTRAINT layouts_published_revision_fk FOREIGN KEY (published_revision_id) REFERENCES layout_revisions(id) ON DELETE RESTRICT',
  );

  // A published revision's dependencies, materialised: reach ("which layouts hold this asset?") is one indexed lookup.
  await knex.schema.createTable('layout_revision_dependencies', (t) => {
    t.uuid('revision_id').notNullable().references('layout_revisions.id').onDelete('CASCADE');
    t.text('dependency_type').notNullable();
    t.uuid('dependency_id').notNullable();
    t.primary(['revision_id', 'dependency_type', 'dependency_id']);
    t.index(['dependency_type', 'dependency_id']);
  });
  await knex.raw(
    `ALTER TABLE layout_revision_dependencies ADD CONSTRAINT layout_revision_dependencies_type CHECK (dependency_type IN ('widget','asset','playlist','data_source'))`,
  );
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE layouts DROP CONSTRAINT layouts_published_revision_fk');
  for (const table of ['layout_revision_dependencies', 'layout_revisions', 'layouts']) await knex.schema.dropTableIfExists(table);
}

import type { Knex } from 'knex';

const timestamps = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

export async function up(knex: Knex) {
  await knex.schema.createTable('media_folders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('parent_id').references('media_folders.id').onDelete('SET NULL');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    timestamps(knex, t);
  });
  await knex.schema.createTable('media_collections', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    timestamps(knex, t);
  });
  await knex.raw('CREATE UNIQUE INDEX media_collections_name_unique ON media_collections (lower(name))');
  await knex.schema.createTable('media_tags', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('color').notNullable().defaultTo('#64748b');
    timestamps(knex, t);
  });
  await knex.raw('CREATE UNIQUE INDEX media_tags_name_unique ON media_tags (lower(name))');

  await knex.schema.createTable('assets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('type').notNullable().checkIn(['image', 'video', 'website']);
    t.text('original_filename');
    t.text('declared_mime_type');
    t.text('detected_mime_type');
    t.text('sha256');
    t.bigInteger('original_size');
    t.integer('width');
    t.integer('height');
    t.double('duration_seconds');
    t.double('frame_rate');
    t.text('video_codec');
    t.text('audio_codec');
    t.integer('audio_channels');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('processing_status').notNullable().checkIn(['queued', 'inspecting', 'processing', 'ready', 'failed', 'deleting', 'deleted']);
    t.integer('processing_progress'); // percent, while a transcode runs
    t.text('error_code');
    t.text('error_message');
    t.uuid('folder_id').references('media_folders.id').onDelete('SET NULL');
    t.uuid('created_by'); // users.id; kept when the user is deleted, shown as unknown
    t.timestamp('available_from', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('archived_at', { useTz: true });
    timestamps(knex, t);
    t.index(['processing_status']);
    t.index(['folder_id']);
    t.index(['created_at']);
  });
  await knex.raw(`CREATE INDEX assets_name_search ON assets USING gin (to_tsvector('simple', name || ' ' || coalesce(original_filename, '')))`);

  await knex.schema.createTable('asset_variants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('asset_id').notNullable().references('assets.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['original', 'playback', 'thumbnail', 'poster']);
    t.text('storage_key').notNullable();
    t.text('mime_type').notNullable();
    t.bigInteger('file_size').notNullable();
    t.text('sha256').notNullable();
    t.integer('width');
    t.integer('height');
    t.double('duration_seconds');
    t.double('frame_rate');
    t.text('video_codec');
    t.text('audio_codec');
    t.boolean('player_compatible').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['asset_id', 'kind']);
  });

  await knex.schema.createTable('asset_tags', (t) => {
    t.uuid('asset_id').notNullable().references('assets.id').onDelete('CASCADE');
    t.uuid('tag_id').notNullable().references('media_tags.id').onDelete('CASCADE');
    t.primary(['asset_id', 'tag_id']);
    t.index(['tag_id']);
  });
  await knex.schema.createTable('asset_collections', (t) => {
    t.uuid('asset_id').notNullable().references('assets.id').onDelete('CASCADE');
    t.uuid('collection_id').notNullable().references('media_collections.id').onDelete('CASCADE');
    t.primary(['asset_id', 'collection_id']);
    t.index(['collection_id']);
  });

  await knex.schema.createTable('upload_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('created_by').notNullable();
    t.text('filename').notNullable();
    t.text('declared_mime_type').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.bigInteger('offset_bytes').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'uploading', 'finalizing', 'finalized', 'cancelled', 'expired', 'failed']);
    // Journal of a completion in progress, so a crash mid-way can be finished or undone.
    t.uuid('final_asset_id');
    t.uuid('resulting_asset_id');
    t.text('error_code');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    timestamps(knex, t);
    t.index(['created_by']);
    t.index(['status', 'expires_at']);
  });

  await knex.schema.createTable('website_assets', (t) => {
    t.uuid('asset_id').primary().references('assets.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('display_url');
    t.specificType('allowed_hosts', 'text[]').notNullable().defaultTo('{}');
    t.boolean('javascript_enabled').notNullable().defaultTo(true);
    t.boolean('dom_storage_enabled').notNullable().defaultTo(true);
    t.text('cookie_policy').notNullable().defaultTo('first_party');
    t.text('reload_policy').notNullable().defaultTo('load_once');
    t.integer('refresh_interval_seconds');
    t.integer('load_timeout_seconds').notNullable().defaultTo(20);
    t.integer('zoom_percent').notNullable().defaultTo(100);
    t.integer('scroll_x').notNullable().defaultTo(0);
    t.integer('scroll_y').notNullable().defaultTo(0);
    t.text('custom_user_agent');
    t.text('background_color');
    t.text('failure_behavior').notNullable().defaultTo('placeholder');
    t.uuid('fallback_image_asset_id').references('assets.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex) {
  for (const table of [
    'website_assets',
    'upload_sessions',
    'asset_collections',
    'asset_tags',
    'asset_variants',
    'assets',
    'media_tags',
    'media_collections',
    'media_folders',
  ]) {
    await knex.schema.dropTable(table);
  }
}

import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * What players report (activity events), the playback sessions derived from them (proof of play),
 * their rollups, and telemetry: the latest sample per screen and five-minute rollups.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('activity_events', (t) => {
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    t.uuid('id').notNullable();
    t.bigInteger('sequence').notNullable();
    t.text('event_type').notNullable(); // as reported
    t.text('canonical_type').notNullable(); // contract version 2
    t.text('category').notNullable();
    t.text('severity').notNullable();
    t.text('result').notNullable();
    ts(t, 'occurred_at').notNullable();
    ts(t, 'received_at').notNullable().defaultTo(knex.fn.now());
    t.bigInteger('elapsed_realtime_ms');
    t.text('player_timezone').notNullable();
    t.smallint('priority').notNullable();
    t.text('activity_session_id');
    t.text('terminal_reason'); // as reported
    t.bigInteger('duration_ms');
    t.text('failure_code');
    t.text('failure_message');
    t.jsonb('details').notNullable().defaultTo('{}'); // the other envelope and session fields, and metadata
    // Idempotent by event id and by sequence, per screen: a retry or a reused sequence adds nothing.
    t.primary(['screen_id', 'id']);
    t.unique(['screen_id', 'sequence']);
    t.index(['screen_id', 'occurred_at']);
    t.index(['occurred_at']); // retention
  });

  await knex.schema.createTable('playback_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    t.uuid('location_id'); // where the screen was when it played; locations may go, the record stays
    t.text('activity_session_id').notNullable();
    t.text('parent_activity_session_id');
    t.text('session_type').notNullable().checkIn(['presentation', 'content', 'layout_placement', 'playlist_item']);
    ts(t, 'started_at').notNullable();
    ts(t, 'ended_at');
    t.bigInteger('start_elapsed_ms');
    t.bigInteger('expected_duration_ms');
    t.bigInteger('duration_ms');
    t.text('result').notNullable();
    t.text('terminal_reason');
    t.boolean('interrupted').notNullable().defaultTo(false);
    t.text('failure_code');
    t.text('presentation_type');
    t.text('presentation_id');
    t.text('presentation_revision');
    t.text('content_type');
    t.text('content_id');
    t.text('playlist_item_id');
    t.text('layout_placement_id');
    t.text('schedule_id');
    t.text('takeover_id');
    t.text('trigger');
    t.bigInteger('manifest_version');
    t.boolean('synthesized_start').notNullable().defaultTo(false);
    t.unique(['screen_id', 'activity_session_id']);
    t.index(['started_at', 'id']); // pages and the export walk (started_at, id)
    t.index(['screen_id', 'started_at']);
    t.index(['content_id', 'started_at']);
    t.index(['presentation_id', 'started_at']);
  });
  await knex.raw('CREATE INDEX playback_sessions_open ON playback_sessions (screen_id) WHERE ended_at IS NULL');

  // Sessions summarized per hour they started in, and per UTC day once its hours are all in: a
  // month's summary reads days (and hours at its edges), not millions of sessions. Each bucket is
  // kept at three grains: `detail` (every column below), `screen` (no presentation or content) and
  // `content` (no screen or location), so a summary by screen or by content reads few rows.
  await knex.schema.createTable('playback_rollup', (t) => {
    ts(t, 'bucket').notNullable();
    t.smallint('hours').notNullable().checkIn(['1', '24']);
    t.text('grain').notNullable().checkIn(['detail', 'screen', 'content']);
    t.uuid('screen_id').references('screens.id').onDelete('CASCADE');
    t.uuid('location_id');
    t.text('session_type').notNullable();
    t.text('presentation_id');
    t.text('content_id');
    t.integer('sessions').notNullable();
    t.integer('completed').notNullable();
    t.integer('partial').notNullable();
    t.integer('skipped').notNullable();
    t.integer('failed').notNullable();
    t.integer('unknown').notNullable();
    t.integer('interrupted').notNullable();
    t.bigInteger('duration_ms').notNullable();
    // A bucket is rewritten whole (delete, then insert its groups), so no key is needed.
    t.index(['grain', 'hours', 'bucket']);
  });
  // Hours before `rolled_up_to` are in playback_rollup; `dirty` hours got late sessions and are redone.
  await knex.schema.createTable('playback_rollup_state', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    ts(t, 'rolled_up_to');
  });
  await knex('playback_rollup_state').insert({ singleton: true, rolled_up_to: null });
  await knex.schema.createTable('playback_rollup_dirty', (t) => {
    ts(t, 'hour').primary();
  });

  await knex.schema.createTable('screen_telemetry', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    ts(t, 'observed_at').notNullable();
    ts(t, 'received_at').notNullable();
    t.jsonb('sample').notNullable();
  });
  await knex.schema.createTable('screen_telemetry_rollups', (t) => {
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    ts(t, 'bucket').notNullable(); // five-minute bucket start
    t.integer('samples').notNullable();
    for (const c of [
      'seconds',
      'connected_seconds',
      'disconnected_seconds',
      'healthy_playback_seconds',
      'stalled_playback_seconds',
      'black_output_seconds',
      'dropped_frames',
      'frame_change_count',
      'downloaded_bytes',
      'cache_hits',
      'cache_misses',
    ]) {
      t.bigInteger(c).notNullable().defaultTo(0);
    }
    t.integer('max_round_trip_ms');
    t.primary(['screen_id', 'bucket']);
    t.index(['bucket']);
  });
}

export async function down(knex: Knex) {
  for (const table of [
    'screen_telemetry_rollups',
    'screen_telemetry',
    'playback_rollup_dirty',
    'playback_rollup_state',
    'playback_rollup',
    'playback_sessions',
    'activity_events',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}

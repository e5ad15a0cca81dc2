import type { Knex } from 'knex';

// The instance table has exactly the columns of the shared instance store
// (plugin-catalog/instances/instance-store.ts), spelled out because a migration must not change
// when that code does. Screen, location and instance ids are plain uuids: no foreign keys into
// other modules, and history outlives nothing it points at for longer than its retention.
export async function up(knex: Knex) {
  await knex.schema.createTable('noise_meter_instances', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.boolean('enabled').notNullable();
    t.text('target_scope').notNullable();
    t.specificType('target_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.jsonb('settings').notNullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Ten-second aggregates as players report them. The key makes a resent heartbeat a no-op; the
  // instance is the meter that was running on the screen (its thresholds decided warning/loud).
  await knex.schema.createTable('noise_meter_history', (t) => {
    t.uuid('screen_id').notNullable();
    t.timestamp('bucket_start', { useTz: true }).notNullable();
    t.uuid('instance_id').notNullable();
    t.specificType('average_level', 'real').notNullable();
    t.specificType('peak_level', 'real').notNullable();
    t.integer('monitored_ms').notNullable();
    t.integer('warning_ms').notNullable();
    t.integer('loud_ms').notNullable();
    t.smallint('trigger_count').notNullable();
    t.primary(['screen_id', 'bucket_start']);
  });
  // Every read and the purge ask "this instance, this time range"; the screen id last lets the
  // raw export page through in (time, screen) order straight off the index.
  await knex.raw('CREATE INDEX noise_meter_history_instance_time ON noise_meter_history (instance_id, bucket_start, screen_id)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('noise_meter_history');
  await knex.schema.dropTableIfExists('noise_meter_instances');
}

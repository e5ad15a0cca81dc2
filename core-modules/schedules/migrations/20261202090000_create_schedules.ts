import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });
const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/**
 * Schedules: when a playlist plays (or a display action holds) on the screens and groups they target. Weekly times and dates
 * are wall-clock values in the schedule's zone, kept as the text players receive (a `date` column
 * would come back as a midnight in this server's zone). Targets are plain ids of screens and groups.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('schedules', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.uuid('playlist_id');
    // A display-control schedule acts on the screen's display instead of playing something.
    t.jsonb('display_action');
    t.text('type').notNullable().checkIn(['weekly', 'one_time']);
    t.text('timezone').notNullable();
    t.integer('priority').notNullable().defaultTo(0).checkBetween([-999, 999]);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('start_date').checkRegex(DATE);
    t.text('end_date').checkRegex(DATE);
    ts(t, 'one_time_start');
    ts(t, 'one_time_end');
    t.text('daily_start').checkRegex(CLOCK);
    t.text('daily_end').checkRegex(CLOCK);
    t.specificType('days_of_week', 'smallint[]').notNullable().defaultTo('{}');
    // Moves on every change: manifests name a screen's schedules by id and revision.
    t.integer('revision').notNullable().defaultTo(1);
    t.uuid('created_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['playlist_id']);
  });
  await knex.raw('ALTER TABLE schedules ADD CONSTRAINT schedules_plays_one CHECK ((playlist_id IS NULL) <> (display_action IS NULL))');
  await knex.schema.createTable('schedule_targets', (t) => {
    t.uuid('schedule_id').notNullable().references('schedules.id').onDelete('CASCADE');
    t.text('target_type').notNullable().checkIn(['screen', 'group']);
    t.uuid('target_id').notNullable();
    t.primary(['schedule_id', 'target_type', 'target_id']);
    t.index(['target_type', 'target_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('schedule_targets');
  await knex.schema.dropTableIfExists('schedules');
}

import type { Knex } from 'knex';

// Preferences become a settings document like the organization's: a revision each change bumps
// (a stale one is refused), when they last changed, and the reference's `preference.*` keys.
const RENAMED: [string, string][] = [
  ['theme', 'preference.appearance'],
  ['reducedMotion', 'preference.reduced_motion'],
  ['locale', 'preference.locale'],
  ['timezone', 'preference.timezone'],
  ['dateFormat', 'preference.date_format'],
  ['defaultPageSize', 'preference.table_page_size'],
];
const TIME_FORMATS: [string, string][] = [
  ['24h', '24-hour'],
  ['12h', '12-hour'],
];

export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.integer('preferences_revision').notNullable().defaultTo(1);
    t.timestamp('preferences_updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // A value the new definition does not accept (a page size over 100) reads as its default.
  await knex.raw(
    `UPDATE users SET preferences = jsonb_strip_nulls(jsonb_build_object(${RENAMED.map(() => '?::text, preferences->?').join(', ')},
       'preference.time_format', CASE preferences->>'timeFormat' ${TIME_FORMATS.map(() => 'WHEN ? THEN to_jsonb(?::text)').join(' ')} END))`,
    [...RENAMED.flatMap(([from, to]) => [to, from]), ...TIME_FORMATS.flat()],
  );
}

export async function down(knex: Knex) {
  await knex.raw(
    `UPDATE users SET preferences = jsonb_strip_nulls(jsonb_build_object(${RENAMED.map(() => '?::text, preferences->?').join(', ')},
       'timeFormat', CASE preferences->>'preference.time_format' ${TIME_FORMATS.map(() => 'WHEN ? THEN to_jsonb(?::text)').join(' ')} END))`,
    [...RENAMED.flat(), ...TIME_FORMATS.flatMap(([old, now]) => [now, old])],
  );
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('preferences_revision');
    t.dropColumn('preferences_updated_at');
  });
}

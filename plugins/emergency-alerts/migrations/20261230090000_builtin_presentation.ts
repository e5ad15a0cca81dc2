import type { Knex } from 'knex';

// A takeover rule with the built-in presentation owns a data source of its live alerts, a widget
// showing it and a playlist of that widget, made through those modules' faces (plain ids here).
export async function up(knex: Knex) {
  await knex.schema.alterTable('emergency_alerts_rules', (t) => {
    t.uuid('managed_data_source_id');
    t.uuid('managed_widget_id');
    t.uuid('managed_playlist_id');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('emergency_alerts_rules', (t) => {
    t.dropColumn('managed_data_source_id');
    t.dropColumn('managed_widget_id');
    t.dropColumn('managed_playlist_id');
  });
}

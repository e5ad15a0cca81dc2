import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Presentation networks: Wi-Fi networks a Linux player joins on its Wi-Fi adapter for local
 * presentation while Ethernet keeps carrying everything else. The credential is kept sealed
 * (AES-256-GCM under PRESENTATION_NETWORK_KEY, bound to the row's id): the database and its
 * backups hold ciphertext, never the key. The non-secret 802.1X details are plain JSON.
 *
 * One network per screen (the assignment's key). What each player last reported of its Wi-Fi
 * helper and connection is kept per screen, coalesced across heartbeats, for readiness.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('presentation_networks', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.text('ssid').notNullable();
    t.boolean('hidden').notNullable().defaultTo(false);
    t.text('security').notNullable().checkIn(['wpa_psk', 'wpa_eap_peap_mschapv2']);
    t.jsonb('auth_metadata').notNullable().defaultTo('{}');
    t.text('secret_sealed');
    ts(t, 'secret_updated_at');
    // Moves when anything a player provisions from changes (not the display name).
    t.integer('config_revision').notNullable().defaultTo(1);
    t.uuid('created_by');
    t.uuid('updated_by');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX presentation_networks_name_unique ON presentation_networks (lower(name))');
  await knex.schema.createTable('presentation_network_screens', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    t.uuid('presentation_network_id').notNullable().references('presentation_networks.id').onDelete('CASCADE').index();
    t.uuid('assigned_by');
    ts(t, 'assigned_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('presentation_network_reports', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    t.boolean('supported');
    t.text('helper_state');
    t.boolean('manager_available');
    t.boolean('wifi_adapter');
    t.boolean('radio_enabled');
    t.text('state');
    t.uuid('installed_id');
    t.integer('installed_revision');
    t.uuid('active_id');
    ts(t, 'last_connected_at');
    ts(t, 'last_failure_at');
    t.text('last_failure_code');
    t.text('limitation');
    t.boolean('wired_interface_available');
    t.text('wired_ipv4');
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('presentation_network_reports');
  await knex.schema.dropTableIfExists('presentation_network_screens');
  await knex.schema.dropTableIfExists('presentation_networks');
}

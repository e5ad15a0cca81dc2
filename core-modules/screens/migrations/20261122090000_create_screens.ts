import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

export async function up(knex: Knex) {
  await knex.schema.createTable('locations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('address_line_1').notNullable().defaultTo('');
    t.text('address_line_2').notNullable().defaultTo('');
    t.text('city').notNullable().defaultTo('');
    t.text('state').notNullable().defaultTo('');
    t.text('postal_code').notNullable().defaultTo('');
    t.text('country').notNullable().defaultTo('');
    t.double('latitude');
    t.double('longitude');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX locations_name_unique ON locations (lower(name))');

  // A logical screen. It outlives the player hardware behind it (credential repair, hardware replacement).
  await knex.schema.createTable('screens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('player_installation_id').notNullable().unique('screens_player_installation_unique');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.uuid('location_id').references('locations.id').onDelete('RESTRICT');
    t.text('room_name').notNullable().defaultTo('');
    t.text('room_number').notNullable().defaultTo('');
    t.text('platform').notNullable().defaultTo('');
    t.text('manufacturer').notNullable().defaultTo('');
    t.text('model').notNullable().defaultTo('');
    t.text('os_version').notNullable().defaultTo('');
    t.text('player_version').notNullable().defaultTo('');
    t.integer('player_version_code');
    t.integer('screen_width');
    t.integer('screen_height');
    t.specificType('density', 'real');
    t.text('locale').notNullable().defaultTo('');
    t.text('timezone').notNullable().defaultTo('');
    t.boolean('enabled').notNullable().defaultTo(true);
    ts(t, 'paired_at');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['location_id']);
  });

  // What players report, rewritten every few seconds across the fleet: kept apart from screens so
  // those writes touch one narrow table with one index, and mostly as HOT updates (fillfactor).
  await knex.schema.createTable('screen_status', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    ts(t, 'last_contact_at');
    ts(t, 'last_heartbeat_at');
    ts(t, 'last_connected_at');
    ts(t, 'last_disconnected_at');
    t.text('last_known_ip');
    t.bigInteger('uptime_seconds');
    // The latest accepted heartbeat as sent (minus history buckets): later modules read what they need.
    t.jsonb('last_heartbeat');
  });
  await knex.raw('ALTER TABLE screen_status SET (fillfactor = 50)');

  await knex.schema.createTable('screen_credentials', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    t.text('public_id').notNullable().unique();
    t.text('secret_hash').notNullable();
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'last_used_at');
    ts(t, 'revoked_at');
    t.text('revocation_reason');
  });
  await knex.raw('CREATE INDEX screen_credentials_active ON screen_credentials (screen_id) WHERE revoked_at IS NULL');

  await knex.schema.createTable('screen_pairing_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('code_hash').notNullable();
    t.text('poll_secret_hash').notNullable();
    t.text('enrollment_token_hash');
    t.text('status').notNullable().checkIn(['pending', 'approved', 'claimed', 'rejected', 'expired', 'cancelled']);
    t.uuid('player_installation_id').notNullable();
    t.jsonb('metadata').notNullable();
    t.text('approximate_address');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'expires_at').notNullable();
    ts(t, 'approved_at');
    t.uuid('approved_by'); // a user id; users belong to the auth module, so no foreign key
    t.uuid('resulting_screen_id').references('screens.id').onDelete('CASCADE');
    t.text('pairing_mode').checkIn(['new_screen', 'credential_repair', 'hardware_replacement']);
    t.boolean('replace_existing_credential').notNullable().defaultTo(false);
    ts(t, 'claimed_at');
    ts(t, 'enrolled_at');
    ts(t, 'rejected_at');
    t.text('failure_reason');
    t.index(['player_installation_id']);
    t.index(['expires_at']);
  });
  // Only live sessions need distinct codes; old ones may repeat a code before they are purged.
  await knex.raw(`CREATE UNIQUE INDEX screen_pairing_sessions_live_code ON screen_pairing_sessions (code_hash) WHERE status IN ('pending', 'approved')`);
  await knex.raw('CREATE INDEX screen_pairing_sessions_code ON screen_pairing_sessions (code_hash, created_at DESC)');

  await knex.schema.createTable('screen_player_history', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    t.uuid('credential_id').references('screen_credentials.id').onDelete('SET NULL');
    t.uuid('pairing_session_id');
    t.text('pairing_mode').notNullable();
    t.uuid('player_installation_id').notNullable();
    t.text('platform').notNullable().defaultTo('');
    t.text('manufacturer').notNullable().defaultTo('');
    t.text('model').notNullable().defaultTo('');
    t.text('os_version').notNullable().defaultTo('');
    t.text('player_version').notNullable().defaultTo('');
    t.integer('screen_width');
    t.integer('screen_height');
    t.specificType('density', 'real');
    t.text('locale').notNullable().defaultTo('');
    t.text('timezone').notNullable().defaultTo('');
    ts(t, 'paired_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'retired_at');
    t.text('retirement_reason');
    t.index(['screen_id', 'paired_at']);
  });

  // Open sockets, one row per connection, refreshed by the process holding it. UNLOGGED: it is
  // rebuilt by reconnecting players, so a database crash losing it is exactly right, and the
  // refreshes write no WAL.
  await knex.raw(`
    CREATE UNLOGGED TABLE screen_presence (
      connection_id uuid PRIMARY KEY,
      screen_id uuid NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
      credential_id uuid NOT NULL,
      instance_id uuid NOT NULL,
      connected_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX screen_presence_screen ON screen_presence (screen_id, last_seen_at)');
  await knex.raw('CREATE INDEX screen_presence_instance ON screen_presence (instance_id)');

  // Contact counts per screen and hour, for the reliability summary.
  await knex.schema.createTable('screen_contact_hours', (t) => {
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    ts(t, 'hour').notNullable();
    t.integer('heartbeats').notNullable().defaultTo(0);
    t.integer('contacts').notNullable().defaultTo(0);
    t.primary(['screen_id', 'hour']);
  });

  await knex.schema.createTable('screen_power_assist', (t) => {
    t.uuid('screen_id').primary().references('screens.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable();
    t.text('sleep_at');
    t.text('wake_at');
    t.text('timezone').notNullable();
    t.uuid('updated_by');
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.raw(AUTH_TRIGGERS);
}

// Anything that changes whether a device credential works is announced on commit, whatever wrote
// it, so every process can drop its cached view of that screen's credentials (CredentialCache).
const AUTH_TRIGGERS = `
  CREATE FUNCTION screens_notify_screen_auth() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('screens_auth', OLD.id::text); RETURN NULL; END $$;
  CREATE FUNCTION screens_notify_credential_auth() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('screens_auth', OLD.screen_id::text); RETURN NULL; END $$;
  CREATE TRIGGER screens_enabled_changed AFTER UPDATE OF enabled ON screens
    FOR EACH ROW WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled) EXECUTE FUNCTION screens_notify_screen_auth();
  CREATE TRIGGER screens_deleted AFTER DELETE ON screens FOR EACH ROW EXECUTE FUNCTION screens_notify_screen_auth();
  CREATE TRIGGER screen_credentials_changed AFTER UPDATE ON screen_credentials
    FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.secret_hash IS DISTINCT FROM NEW.secret_hash OR OLD.screen_id IS DISTINCT FROM NEW.screen_id)
    EXECUTE FUNCTION screens_notify_credential_auth();
  CREATE TRIGGER screen_credentials_deleted AFTER DELETE ON screen_credentials FOR EACH ROW EXECUTE FUNCTION screens_notify_credential_auth();
`;

export async function down(knex: Knex) {
  for (const table of [
    'screen_power_assist',
    'screen_contact_hours',
    'screen_presence',
    'screen_player_history',
    'screen_pairing_sessions',
    'screen_credentials',
    'screen_status',
    'screens',
    'locations',
  ]) {
    await knex.schema.dropTable(table);
  }
  await knex.raw('DROP FUNCTION screens_notify_screen_auth(); DROP FUNCTION screens_notify_credential_auth();');
}

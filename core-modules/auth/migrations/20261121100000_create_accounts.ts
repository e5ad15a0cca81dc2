import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // The installation: one organization per server. The row exists before setup so the player-facing
  // identity (installation id) is stable from the first start.
  await knex.schema.createTable('organization', (t) => {
    t.boolean('singleton').primary().defaultTo(true).checkIn(['true']);
    t.uuid('installation_id').notNullable().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name');
    t.boolean('pairing_enabled').notNullable().defaultTo(true);
    t.timestamp('setup_completed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('organization').insert({ singleton: true });

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.text('role').notNullable().checkIn(['owner', 'administrator', 'editor', 'contributor', 'viewer']);
    t.boolean('active').notNullable().defaultTo(true);
    t.uuid('user_handle').notNullable().defaultTo(knex.raw('gen_random_uuid()')); // WebAuthn user id
    t.jsonb('preferences').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_login_at', { useTz: true });
  });
  await knex.raw('CREATE UNIQUE INDEX users_username_unique ON users (lower(username))');

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('csrf_token').notNullable();
    t.text('auth_method').notNullable();
    t.boolean('mfa_enrollment_pending').notNullable().defaultTo(false);
    t.text('ip');
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('user_totp_factors', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('secret').notNullable();
    t.timestamp('confirmed_at', { useTz: true });
    t.bigInteger('last_used_step');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('user_passkeys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('credential_id').notNullable().unique(); // base64url
    t.binary('public_key').notNullable();
    t.bigInteger('sign_count').notNullable().defaultTo(0);
    t.specificType('transports', 'text[]').notNullable().defaultTo('{}');
    t.text('aaguid');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('mfa_challenges', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.text('purpose').notNullable().checkIn(['login', 'passkey_login', 'passkey_registration']);
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.text('webauthn_challenge');
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });

  await knex.schema.createTable('integration_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('public_id').notNullable().unique();
    t.text('secret_hash').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.specificType('data_source_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  for (const table of [
    'integration_tokens',
    'mfa_challenges',
    'user_passkeys',
    'user_recovery_codes',
    'user_totp_factors',
    'sessions',
    'users',
    'organization',
  ]) {
    await knex.schema.dropTable(table);
  }
}

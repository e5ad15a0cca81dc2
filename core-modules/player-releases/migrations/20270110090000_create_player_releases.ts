import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Player builds this server knows (from the codehost's releases or uploaded), the codehost's
 * catalog state and its sign-in. A build's files live in storage under `player-releases/<id>/`.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('player_releases', (t) => {
    t.uuid('id').primary();
    t.text('platform').notNullable().checkIn(['android', 'linux']);
    t.text('source').notNullable().checkIn(['codehost', 'upload']);
    // The codehost's release id and tag; null and '' for uploads.
    t.bigInteger('codehost_release_id').unique();
    t.text('tag').notNullable().defaultTo('');
    t.text('channel').notNullable().checkIn(['stable', 'beta']);
    t.integer('version_code').notNullable();
    t.text('version_name').notNullable();
    t.text('release_notes').notNullable().defaultTo('');
    ts(t, 'published_at').notNullable();
    t.text('artifact_name').notNullable();
    t.bigInteger('artifact_size').notNullable();
    t.text('artifact_sha256').notNullable();
    // Android only.
    t.text('application_id');
    t.integer('minimum_sdk');
    t.text('signing_certificate_sha256');
    // The manifest's exact bytes and its signature, as verified.
    t.text('manifest_json').notNullable();
    t.text('manifest_signature').notNullable();
    // Where the codehost serves the artifact (an asset URL under the repository); null for uploads.
    t.text('artifact_url');
    t.text('cache_status').notNullable().checkIn(['missing', 'downloading', 'cached', 'failed']);
    t.bigInteger('downloaded_bytes').notNullable().defaultTo(0);
    // verified_manifest: signature checked, artifact not yet; verified: both; failed: the download did not match.
    t.text('verification_status').notNullable().checkIn(['verified_manifest', 'verified', 'failed']);
    t.text('verification_error');
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
    // One build per platform and version: an upload of a version already held is a duplicate or a conflict.
    t.unique(['platform', 'version_code']);
  });
  // One row: the catalog's last check and the codehost account signed in from the console.
  await knex.schema.createTable('player_release_codehost', (t) => {
    t.boolean('id').primary().defaultTo(true).checkIn(['true']);
    ts(t, 'last_checked_at');
    t.text('provider_error');
    t.text('etag');
    // Sealed with the secret box; never answered or logged.
    t.text('token_sealed');
    t.text('login');
    ts(t, 'updated_at').notNullable().defaultTo(knex.fn.now());
  });
  // Device sign-ins under way. The device code is sealed: with it anyone could finish the sign-in.
  await knex.schema.createTable('player_release_sign_in_flows', (t) => {
    t.uuid('id').primary();
    t.text('device_code_sealed').notNullable();
    t.integer('interval_seconds').notNullable();
    ts(t, 'expires_at').notNullable();
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('player_release_sign_in_flows');
  await knex.schema.dropTableIfExists('player_release_codehost');
  await knex.schema.dropTableIfExists('player_releases');
}

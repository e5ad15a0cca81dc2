import type { Knex } from 'knex';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/** Remote orders to one screen's player, queued by the console and fetched by the player. */
export async function up(knex: Knex) {
  await knex.schema.createTable('player_commands', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('screen_id').notNullable().references('screens.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.text('idempotency_key');
    t.text('state').notNullable().checkIn(['pending', 'delivered', 'acknowledged', 'succeeded', 'failed', 'cancelled', 'expired']);
    t.uuid('created_by'); // a user id; users belong to the auth module, so no foreign key
    ts(t, 'created_at').notNullable().defaultTo(knex.fn.now());
    ts(t, 'expires_at').notNullable();
    ts(t, 'delivered_at');
    ts(t, 'acknowledged_at');
    ts(t, 'completed_at');
    t.text('result_code');
    t.text('result_message');
    // The cap, the player's fetch and the console's list all read one screen's commands by state.
    t.index(['screen_id', 'state']);
  });
  // A retried console request carries the same key and must find the first command, not add one.
  await knex.raw('CREATE UNIQUE INDEX player_commands_idempotency ON player_commands (screen_id, idempotency_key) WHERE idempotency_key IS NOT NULL');
  // The minute job looks for open commands past their expiry across the fleet.
  await knex.raw(`CREATE INDEX player_commands_open_expiry ON player_commands (expires_at) WHERE state IN ('pending', 'delivered', 'acknowledged')`);
  await knex.raw('CREATE INDEX player_commands_screen_created ON player_commands (screen_id, created_at DESC)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('player_commands');
}

import type { Knex } from 'knex';

// A schedule a campaign release wrote names the campaign, the release and the block it came from
// (plain ids: campaigns are another module's). All three or none: people's schedules have none.
export async function up(knex: Knex) {
  await knex.schema.alterTable('schedules', (t) => {
    t.uuid('campaign_id');
    t.uuid('campaign_release_id');
    t.uuid('campaign_block_id');
    t.index(['campaign_id']);
  });
  await knex.raw(
    'ALTER TABLE schedules ADD CONSTRAINT schedules_campaign_tags CHECK ((campaign_id IS NULL) = (campaign_release_id IS NULL) AND (campaign_id IS NULL) = (campaign_block_id IS NULL))',
  );
}

// A campaign's schedules cannot outlive their tags: they would become people's schedules.
export async function down(knex: Knex) {
  await knex('schedules').whereNotNull('campaign_id').delete();
  await knex.raw('ALTER TABLE schedules DROP CONSTRAINT schedules_campaign_tags');
  await knex.schema.alterTable('schedules', (t) => {
    t.dropIndex(['campaign_id']);
    t.dropColumn('campaign_id');
    t.dropColumn('campaign_release_id');
    t.dropColumn('campaign_block_id');
  });
}

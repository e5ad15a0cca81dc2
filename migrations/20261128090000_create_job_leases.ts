import type { Knex } from 'knex';

// Leases on running jobs (kernel/jobs/job-leases.ts): one row per job a process runs, renewed
// while it runs, so a killed process's jobs are found within a minute instead of at their expiry.
// No foreign key to pg-boss's table: pg-boss owns and migrates its own schema.
export async function up(knex: Knex) {
  await knex.schema.createTable('kernel_job_leases', (t) => {
    t.uuid('job_id').primary();
    t.text('job_name').notNullable();
    t.text('instance_id').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('renewed_at', { useTz: true }).notNullable();
    t.index(['instance_id']);
    t.index(['renewed_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('kernel_job_leases');
}

import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { PolicyModel } from './policies.models.js';
import type { PolicyRow, PolicyScope } from './policies.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/** The player_policies table. The only place that queries it. */
export class PoliciesRepository {
  private readonly policies: typeof PolicyModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.policies = PolicyModel.bindKnex(db);
  }

  async get(scope: PolicyScope, targetId: string): Promise<PolicyRow | undefined> {
    return this.policies.query().findById([scope, targetId]);
  }

  async of(scope: PolicyScope, targetIds?: string[]): Promise<PolicyRow[]> {
    const query = this.policies.query().where({ scope }).orderBy('target_id');
    if (targetIds) query.whereRaw('target_id = ANY(?::uuid[])', [targetIds]);
    return query;
  }

  /**
   * Stores the values when `revision` is the stored one (0: none yet); returns the new revision, or
   * undefined when another change came first.
   */
  async save(
    scope: PolicyScope,
    targetId: string,
    revision: number,
    values: Record<string, unknown>,
    priority: number,
    userId: string,
    trx?: Knex.Transaction,
  ): Promise<number | undefined> {
    if (revision === 0) {
      // knex: "nothing inserted" (another change came first) must read as nothing.
      const rows = await (trx ?? this.policies.knex())('player_policies')
        .insert({ scope, target_id: targetId, values, priority, updated_by: userId })
        .onConflict(['scope', 'target_id'])
        .ignore()
        .returning('revision');
      return rows[0]?.revision;
    }
    const row = await this.policies
      .query(trx)
      .where({ scope, target_id: targetId, revision })
      .patch({ values, priority, revision: raw('revision + 1'), updated_by: userId, updated_at: fn.now() })
      .returning('revision')
      .first();
    return row?.revision;
  }

  async delete(scope: PolicyScope, targetId: string): Promise<boolean> {
    return (await this.policies.query().deleteById([scope, targetId])) > 0;
  }
}

import { fn, raw } from 'objection';
import { UserModel } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** users.preferences, a free-form jsonb column; the schema lives in preferences.ts. */
export class PreferencesRepository {
  private readonly users: typeof UserModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.users = UserModel.bindKnex(db);
  }

  async get(userId: string): Promise<Record<string, unknown> | undefined> {
    const row = await this.users.query().findById(userId).select('preferences');
    return row?.preferences;
  }

  /**
   * Merges in one statement (jsonb `||`), so two tabs changing different fields at once both keep
   * their change; a read-modify-write would lose one of them.
   */
  async merge(userId: string, changes: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const row = await this.users
      .query()
      .where({ id: userId })
      .patch({ preferences: raw(`preferences || ?::jsonb`, [JSON.stringify(changes)]), updated_at: fn.now() })
      .returning('preferences')
      .first();
    return row?.preferences;
  }
}

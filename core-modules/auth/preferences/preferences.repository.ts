import { fn, raw } from 'objection';
import { UserModel } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** A user's stored preferences (only what they set), the revision each change bumps, and when. */
export interface StoredPreferences {
  values: Record<string, unknown>;
  revision: number;
  updatedAt: Date;
}

const COLUMNS = ['preferences', 'preferences_revision', 'preferences_updated_at'];

/** users.preferences (jsonb) with its revision; the definitions live in preference-definitions.ts. */
export class PreferencesRepository {
  private readonly users: typeof UserModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.users = UserModel.bindKnex(db);
  }

  async get(userId: string): Promise<StoredPreferences | undefined> {
    const row = await this.users.query().findById(userId).select(COLUMNS);
    return row && stored(row);
  }

  /**
   * Merges `changes` in (jsonb `||`) if the revision is still `revision`, in one statement; answers
   * undefined when it is not (or the user is gone), so a change made from a stale read is refused.
   */
  async merge(userId: string, revision: number, changes: Record<string, unknown>): Promise<StoredPreferences | undefined> {
    const row = await this.users
      .query()
      .where({ id: userId, preferences_revision: revision })
      .patch({
        preferences: raw(`preferences || ?::jsonb`, [JSON.stringify(changes)]),
        preferences_revision: raw('preferences_revision + 1'),
        preferences_updated_at: fn.now(),
        updated_at: fn.now(),
      })
      .returning(COLUMNS)
      .first();
    return row && stored(row);
  }
}

const stored = (row: UserModel): StoredPreferences => ({
  values: row.preferences,
  revision: row.preferences_revision,
  updatedAt: row.preferences_updated_at,
});

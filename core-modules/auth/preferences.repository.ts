import type { Knex } from 'knex';

/** users.preferences, a free-form jsonb column; the schema lives in preferences.ts. */
export class PreferencesRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  async get(userId: string): Promise<Record<string, unknown> | undefined> {
    const row = await this.db('users').where({ id: userId }).first('preferences');
    return row?.preferences;
  }

  /**
   * Merges in one statement (jsonb `||`), so two tabs changing different fields at once both keep
   * their change; a read-modify-write would lose one of them.
   */
  async merge(userId: string, changes: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db('users')
      .where({ id: userId })
      .update({ preferences: this.db.raw(`preferences || ?::jsonb`, [JSON.stringify(changes)]), updated_at: this.db.fn.now() })
      .returning('preferences');
    return row?.preferences;
  }
}

import type { Knex } from 'knex';
import { fn } from 'objection';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import { conflict } from '../../kernel/errors.js';
import type { Role } from '../../kernel/auth/principal.js';
import { UserModel } from './auth.models.js';
import { containsPattern } from '../../kernel/db/like.js';
import type { UserRow } from './auth.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export type NewUser = Pick<UserRow, 'name' | 'username' | 'password_hash' | 'role' | 'active'>;

const usernameTaken = () => conflict('username_exists', 'That username is already in use.');

/** The users table. The only place that queries it. */
export class UsersRepository {
  private readonly users: typeof UserModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.users = UserModel.bindKnex(db);
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<UserRow | undefined> {
    return this.users.query(trx).findById(id);
  }

  async byUsername(username: string): Promise<UserRow | undefined> {
    return this.users.query().whereRaw('lower(username) = lower(?)', [username]).first();
  }

  async insert(user: NewUser, trx?: Knex.Transaction): Promise<UserRow> {
    try {
      return await this.users.query(trx).insert(user).returning('*');
    } catch (err) {
      mapUniqueViolation(err, usernameTaken);
    }
  }

  async update(id: string, changes: Partial<NewUser & { preferences: Record<string, unknown> }>, trx?: Knex.Transaction): Promise<UserRow | undefined> {
    try {
      return await this.users
        .query(trx)
        .where({ id })
        .patch({ ...changes, updated_at: fn.now() })
        .returning('*')
        .first();
    } catch (err) {
      mapUniqueViolation(err, usernameTaken);
    }
  }

  async touchLogin(id: string): Promise<number> {
    return this.users.query().findById(id).patch({ last_login_at: fn.now() });
  }

  async list(): Promise<UserRow[]> {
    return this.users.query().orderBy([{ column: 'active', order: 'desc' }, { column: 'created_at' }]);
  }

  /** Active users whose name or username contains `search`, by name. */
  async search(search: string, limit: number): Promise<UserRow[]> {
    const query = this.users.query().where({ active: true });
    if (search) {
      const like = containsPattern(search);
      query.where((q) => q.whereILike('name', like).orWhereILike('username', like));
    }
    return query.orderByRaw('lower(name), id').limit(limit);
  }

  /** Active users of these roles, by name. */
  async withRoles(roles: Role[]): Promise<UserRow[]> {
    return this.users.query().where({ active: true }).whereIn('role', roles).orderByRaw('lower(name), id');
  }

  async byIds(ids: string[]): Promise<UserRow[]> {
    return ids.length ? this.users.query().findByIds(ids) : [];
  }

  countActiveOwners(trx?: Knex.Transaction): Promise<number> {
    return this.users.query(trx).where({ role: 'owner', active: true }).resultSize();
  }

  async delete(id: string, trx?: Knex.Transaction): Promise<number> {
    return this.users.query(trx).deleteById(id);
  }
}

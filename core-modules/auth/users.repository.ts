import type { Knex } from 'knex';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import { conflict } from '../../kernel/errors.js';
import type { Role } from '../../kernel/auth/principal.js';

export interface UserRow {
  id: string;
  name: string;
  username: string;
  password_hash: string;
  role: Role;
  active: boolean;
  user_handle: string;
  preferences: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
}

export type NewUser = Pick<UserRow, 'name' | 'username' | 'password_hash' | 'role' | 'active'>;

const usernameTaken = () => conflict('username_exists', 'That username is already in use.');

/** The users table. The only place that queries it. */
export class UsersRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  byId(id: string, trx?: Knex.Transaction): Promise<UserRow | undefined> {
    return (trx ?? this.db)<UserRow>('users').where({ id }).first();
  }

  byUsername(username: string): Promise<UserRow | undefined> {
    return this.db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).first();
  }

  async insert(user: NewUser, trx?: Knex.Transaction): Promise<UserRow> {
    try {
      const [row] = await (trx ?? this.db)<UserRow>('users').insert(user).returning('*');
      return row!;
    } catch (err) {
      mapUniqueViolation(err, usernameTaken);
    }
  }

  async update(id: string, changes: Partial<NewUser & { preferences: Record<string, unknown> }>, trx?: Knex.Transaction): Promise<UserRow | undefined> {
    try {
      const [row] = await (trx ?? this.db)<UserRow>('users')
        .where({ id })
        .update({ ...changes, updated_at: this.db.fn.now() } as never)
        .returning('*');
      return row;
    } catch (err) {
      mapUniqueViolation(err, usernameTaken);
    }
  }

  touchLogin(id: string): Promise<number> {
    return this.db('users').where({ id }).update({ last_login_at: this.db.fn.now() });
  }

  list(): Promise<UserRow[]> {
    return this.db<UserRow>('users').orderBy([{ column: 'active', order: 'desc' }, { column: 'created_at' }]);
  }

  countActiveOwners(trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.db)('users')
      .where({ role: 'owner', active: true })
      .count({ n: '*' })
      .first()
      .then((r) => Number(r?.n ?? 0));
  }

  delete(id: string, trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.db)('users').where({ id }).delete();
  }
}

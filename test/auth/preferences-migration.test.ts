import { expect } from 'chai';
import { down, up } from '../../core-modules/auth/migrations/20261127220000_preferences_document.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { createTestDatabase } from '../support/test-database.js';

const sets: MigrationSet[] = [
  { owner: 'kernel', folder: new URL('../../migrations', import.meta.url) },
  { owner: 'settings', folder: new URL('../../core-modules/settings/migrations', import.meta.url) },
  { owner: 'auth', folder: new URL('../../core-modules/auth/migrations', import.meta.url) },
];

describe('preferences migration', () => {
  it("renames what users set to the reference's keys and back, down and up again", async () => {
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, sets);
      await down(db);
      const old = { theme: 'dark', reducedMotion: true, locale: 'en-GB', timezone: 'Europe/Berlin', dateFormat: 'dmy', timeFormat: '12h', defaultPageSize: 50 };
      await db('users').insert([
        { name: 'Set', username: 'set', password_hash: 'x', role: 'owner', preferences: old },
        { name: 'Unset', username: 'unset', password_hash: 'x', role: 'viewer' },
      ]);
      await up(db);
      const after = Object.fromEntries((await db('users').select('username', 'preferences', 'preferences_revision')).map((u) => [u.username, u]));
      expect(after.set.preferences).to.deep.equal({
        'preference.appearance': 'dark',
        'preference.reduced_motion': true,
        'preference.locale': 'en-GB',
        'preference.timezone': 'Europe/Berlin',
        'preference.date_format': 'dmy',
        'preference.time_format': '12-hour',
        'preference.table_page_size': 50,
      });
      expect(after.set.preferences_revision).to.equal(1);
      expect(after.unset.preferences, 'nothing set stays nothing').to.deep.equal({});
      await down(db);
      expect((await db('users').where({ username: 'set' }).first()).preferences).to.deep.equal(old);
      await up(db);
    } finally {
      await db.destroy();
    }
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, rollbackAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { sortPlugins } from '../../kernel/plugin-loader.js';
import { createTestDatabase } from '../support/test-database.js';

describe('widgets migrations', () => {
  it('run up, down and up again', async () => {
    const sets: MigrationSet[] = [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }];
    for (const p of sortPlugins(coreModules)) if (p.migrations) sets.push({ owner: p.name, folder: p.migrations });
    const widgets = sets.find((s) => s.owner === 'widgets')!;
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, sets);
      const columns = Object.keys(await db('widgets').columnInfo()).sort();
      expect(columns).to.deep.equal([
        'asset_id',
        'config_version',
        'configuration',
        'created_at',
        'data_source_ids',
        'managed_by',
        'preset_id',
        'provider',
        'updated_at',
      ]);
      await rollbackAll(db, widgets);
      expect(await db.schema.hasTable('widgets')).to.equal(false);
      await migrateAll(db, sets);
      expect(await db.schema.hasTable('widgets')).to.equal(true);
      expect(await migrateAll(db, sets), 'nothing left to apply').to.deep.equal([]);
    } finally {
      await db.destroy();
    }
  });
});

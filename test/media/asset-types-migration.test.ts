import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import * as openTypes from '../../core-modules/media/migrations/20261210090000_open_asset_types.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { sortPlugins } from '../../kernel/plugin-loader.js';
import { createTestDatabase } from '../support/test-database.js';

describe('asset types migration', () => {
  it('lets a module store assets of its own type (a plain name), and goes back only when none is stored', async () => {
    const sets: MigrationSet[] = [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }];
    for (const p of sortPlugins(coreModules)) if (p.migrations) sets.push({ owner: p.name, folder: p.migrations });
    const db = createKnex(await createTestDatabase());
    // As the migrator runs them: each in its own transaction.
    const down = () => db.transaction((trx) => openTypes.down(trx));
    const up = () => db.transaction((trx) => openTypes.up(trx));
    const refusal = (type: string) =>
      db('assets')
        .insert({ name: 'x', type, processing_status: 'ready' })
        .then(() => '')
        .catch((e) => String(e));
    try {
      await migrateAll(db, sets);
      const [widget] = await db('assets').insert({ name: 'Clock', type: 'widget', processing_status: 'ready' }).returning('id');
      expect(await refusal('Widget!'), 'still a plain lower-case name').to.match(/assets_type_name/);

      expect(await down().then(() => '', String), 'a stored widget keeps the types open').to.match(/assets_type_check/);
      await db('assets').where({ id: widget.id }).delete();
      await down();
      expect(await refusal('widget'), 'back to image, video and website').to.match(/assets_type_check/);

      await up();
      expect(await refusal('widget')).to.equal('');
    } finally {
      await db.destroy();
    }
  });
});

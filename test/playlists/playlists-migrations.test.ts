import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import * as volumeFraction from '../../core-modules/playlists/migrations/20261126090000_item_volume_fraction.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { sortPlugins } from '../../kernel/plugin-loader.js';
import { createTestDatabase } from '../support/test-database.js';

describe('playlists migrations', () => {
  it('turn stored item volumes from percentages into the players 0..1 scale, and back', async () => {
    const sets: MigrationSet[] = [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }];
    for (const p of sortPlugins(coreModules)) if (p.migrations) sets.push({ owner: p.name, folder: p.migrations });
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, sets);
      // Back to the percentage scale, where rows written by the earlier release live.
      await volumeFraction.down(db);
      const [playlist] = await db('playlists').insert({ name: 'Old release' }).returning('id');
      const item = {
        playlist_id: playlist.id,
        asset_id: randomUUID(),
        fit_mode: 'contain',
        transition: 'none',
        audio_enabled: true,
        delivery_policy: 'automatic',
      };
      await db('playlist_items').insert([30, 100, 0].map((volume, position) => ({ ...item, position, volume })));

      await volumeFraction.up(db);
      const after = await db('playlist_items').orderBy('position').pluck('volume');
      expect(after).to.deep.equal([0.3, 1, 0]);
      let refused: unknown;
      await db('playlist_items')
        .insert({ ...item, position: 3, volume: 30 })
        .catch((e) => (refused = e));
      expect(String(refused), 'a percentage no longer fits').to.match(/playlist_items_volume/);

      await volumeFraction.down(db);
      expect(await db('playlist_items').orderBy('position').pluck('volume')).to.deep.equal([30, 100, 0]);
    } finally {
      await db.destroy();
    }
  });
});

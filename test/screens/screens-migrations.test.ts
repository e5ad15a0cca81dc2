import { dependencyGraphModule } from '../../core-modules/dependency-graph/dependency-graph.plugin.js';
import { expect } from 'chai';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, rollbackAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import { notificationsModule } from '../../core-modules/notifications/notifications.plugin.js';
import { screensModule } from '../../core-modules/screens/screens.plugin.js';
import { consoleEventsModule } from '../../core-modules/console-events/console-events.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import { createTestDatabase } from '../support/test-database.js';
import { bootTestKernel } from '../support/test-kernel.js';

const sets: MigrationSet[] = [
  { owner: 'kernel', folder: new URL('../../migrations', import.meta.url) },
  { owner: 'settings', folder: new URL('../../core-modules/settings/migrations', import.meta.url) },
  { owner: 'auth', folder: new URL('../../core-modules/auth/migrations', import.meta.url) },
];
const screens: MigrationSet = { owner: 'screens', folder: new URL('../../core-modules/screens/migrations', import.meta.url) };
const TABLES = [
  'locations',
  'screens',
  'screen_status',
  'screen_credentials',
  'screen_pairing_sessions',
  'screen_player_history',
  'screen_presence',
  'screen_contact_hours',
  'screen_power_assist',
  'player_commands',
  'screen_live_streams',
];

describe('screens migrations', () => {
  it('run up, down and up again', async () => {
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, [...sets, screens]);
      for (const t of TABLES) expect(await db.schema.hasTable(t), t).to.equal(true);
      const { rows } = await db.raw(`SELECT relpersistence FROM pg_class WHERE relname = 'screen_presence'`);
      expect(rows[0].relpersistence, 'presence is unlogged').to.equal('u');
      await rollbackAll(db, screens);
      for (const t of TABLES) expect(await db.schema.hasTable(t), t).to.equal(false);
      expect(await migrateAll(db, [...sets, screens])).to.deep.equal([
        'screens/20261122090000_create_screens',
        'screens/20261122100000_create_player_commands',
        'screens/20261210090000_screen_clock_offset',
        'screens/20261228100000_screen_live_streams',
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe('screens module', () => {
  it('boots with only the modules it depends on', async () => {
    const k = await bootTestKernel({ plugins: [settingsModule, authModule, consoleEventsModule, dependencyGraphModule, notificationsModule, screensModule] });
    try {
      expect((await k.request('/api/v1/locations')).status).to.equal(401);
    } finally {
      await k.stop();
    }
  });
});

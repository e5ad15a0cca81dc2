import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, rollbackAll, type MigrationSet } from '../../kernel/db/migrator.js';
import type { PluginDef } from '../../kernel/plugin.js';
import { sortPlugins } from '../../kernel/plugin-loader.js';
import { createTestDatabase } from '../support/test-database.js';
import { bootTestKernel, call } from '../support/test-kernel.js';

const all = sortPlugins([...coreModules, ...optionalPlugins]);
const byName = new Map(all.map((p) => [p.name, p]));

/** The plugin and everything it needs, in boot order. */
function withDependencies(plugin: PluginDef): PluginDef[] {
  const needed = new Set<string>();
  const visit = (p: PluginDef) => {
    if (needed.has(p.name)) return;
    needed.add(p.name);
    for (const dep of p.dependsOn ?? []) visit(byName.get(dep)!);
  };
  visit(plugin);
  return all.filter((p) => needed.has(p.name));
}

/** Every module of the server, now and later: it boots with only what it declares, and its migrations reverse cleanly. */
describe('every plugin', () => {
  for (const plugin of all) {
    it(`${plugin.name} boots alone with its dependencies and is ready`, async () => {
      const k = await bootTestKernel({ plugins: withDependencies(plugin) });
      try {
        expect((await call(k, 'GET', '/readyz')).status).to.equal(200);
      } finally {
        await k.stop();
      }
    });
  }

  it('has migrations that run up, down (newest plugin first) and up again', async () => {
    const sets: MigrationSet[] = [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }];
    for (const p of all) if (p.migrations) sets.push({ owner: p.name, folder: p.migrations });
    const db = createKnex(await createTestDatabase());
    try {
      const first = await migrateAll(db, sets);
      expect(first.length).to.be.greaterThan(0);
      for (const set of [...sets].reverse()) await rollbackAll(db, set);
      const { rows } = await db.raw(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'migrations_%'`);
      expect(rows[0].n, 'tables left after rolling everything back').to.equal(0);
      expect(await migrateAll(db, sets)).to.deep.equal(first);
    } finally {
      await db.destroy();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import * as assignmentRefs from '../../core-modules/playlists/migrations/20261210090000_assignment_content_refs.js';
import * as scheduleRefs from '../../core-modules/schedules/migrations/20261210090000_schedule_content_refs.js';
import * as groupRefs from '../../core-modules/screen-groups/migrations/20261210090000_group_content_refs.js';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll, type MigrationSet } from '../../kernel/db/migrator.js';
import { sortPlugins } from '../../kernel/plugin-loader.js';
import { createTestDatabase } from '../support/test-database.js';

describe('content ref migrations', () => {
  it('turn stored playlist ids of assignments, groups and schedules into playlist refs, and back, and again', async () => {
    const sets: MigrationSet[] = [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }];
    for (const p of sortPlugins(coreModules)) if (p.migrations) sets.push({ owner: p.name, folder: p.migrations });
    const db = createKnex(await createTestDatabase());
    const down = async () => {
      await scheduleRefs.down(db);
      await groupRefs.down(db);
      await assignmentRefs.down(db);
    };
    const up = async () => {
      await assignmentRefs.up(db);
      await groupRefs.up(db);
      await scheduleRefs.up(db);
    };
    try {
      await migrateAll(db, sets);
      // Back to playlist ids, where rows written by the earlier release live.
      await down();
      const [playlist] = await db('playlists').insert({ name: 'Old release' }).returning('id');
      const screenId = randomUUID();
      await db('screen_playlist_assignments').insert({ screen_id: screenId, playlist_id: playlist.id });
      const [played, idle] = await db('screen_groups')
        .insert([{ name: 'Plays it', playlist_id: playlist.id }, { name: 'Idle' }])
        .returning('id');
      const common = { type: 'one_time', timezone: 'UTC', one_time_start: new Date('2026-12-24T16:00Z'), one_time_end: new Date('2026-12-24T20:00Z') };
      const [plays, acts] = await db('schedules')
        .insert([
          { name: 'Plays it', playlist_id: playlist.id, ...common },
          { name: 'Acts', display_action: { type: 'display_power_off' }, ...common },
        ])
        .returning('id');

      const refs = async () => ({
        assignment: await db('screen_playlist_assignments').where({ screen_id: screenId }).first('content_type', 'content_id'),
        groups: await db('screen_groups').whereIn('id', [played.id, idle.id]).orderBy('name', 'desc').select('content_type', 'content_id'),
        schedules: await db('schedules').whereIn('id', [plays.id, acts.id]).orderBy('name', 'desc').select('content_type', 'content_id'),
      });
      const asRefs = {
        assignment: { content_type: 'playlist', content_id: playlist.id },
        groups: [
          { content_type: 'playlist', content_id: playlist.id },
          { content_type: null, content_id: null },
        ],
        schedules: [
          { content_type: 'playlist', content_id: playlist.id },
          { content_type: null, content_id: null },
        ],
      };
      await up();
      expect(await refs()).to.deep.equal(asRefs);
      let refused: unknown;
      await db('schedules')
        .insert({ name: 'Both', content_type: 'playlist', content_id: playlist.id, display_action: { type: 'display_mute' }, ...common })
        .catch((e) => (refused = e));
      expect(String(refused), 'a schedule still plays one thing').to.match(/schedules_plays_one/);

      // Content of a kind the old release cannot name is dropped on the way back; playlists are kept.
      await db('screen_playlist_assignments').insert({ screen_id: randomUUID(), content_type: 'layout', content_id: randomUUID() });
      await down();
      expect(await db('screen_playlist_assignments').select('screen_id', 'playlist_id')).to.deep.equal([{ screen_id: screenId, playlist_id: playlist.id }]);
      expect(await db('screen_groups').where({ id: played.id }).first('playlist_id')).to.deep.equal({ playlist_id: playlist.id });
      expect(await db('schedules').where({ id: plays.id }).first('playlist_id')).to.deep.equal({ playlist_id: playlist.id });
      await up();
      expect(await refs()).to.deep.equal(asRefs);
    } finally {
      await db.destroy();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { BackupsDeps } from '../../core-modules/backups/backups-deps.js';
import { nextRunAfter, type Schedule } from '../../core-modules/backups/backup-schedule.js';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { setSettings } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const DAILY: Schedule = { enabled: true, time: '02:30', timeZone: 'UTC', maxCount: 7, maxAgeDays: 90 };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('backups: the schedule', () => {
  it('runs daily at the time in its zone, or weekly on its day', () => {
    expect(iso(nextRunAfter(DAILY, at('2026-11-29T01:00:00Z')))).to.equal('2026-11-29T02:30:00.000Z');
    expect(iso(nextRunAfter(DAILY, at('2026-11-29T02:30:00Z')))).to.equal('2026-11-30T02:30:00.000Z');
    expect(iso(nextRunAfter({ ...DAILY, timeZone: 'America/New_York' }, at('2026-11-29T01:00:00Z')))).to.equal('2026-11-29T07:30:00.000Z');
    // 2026-11-29 is a Sunday; weekday 3 is Wednesday.
    expect(iso(nextRunAfter({ ...DAILY, weekday: 3 }, at('2026-11-29T01:00:00Z')))).to.equal('2026-12-02T02:30:00.000Z');
    expect(iso(nextRunAfter({ ...DAILY, weekday: 0 }, at('2026-11-29T03:00:00Z')))).to.equal('2026-12-06T02:30:00.000Z');
  });

  describe('on a server', () => {
    let k: TestKernel;
    let owner: ConsoleSession;
    let deps: BackupsDeps;

    before(async () => {
      k = await bootTestKernel({ plugins: coreModules });
      owner = await setUpOwner(k);
      deps = k.containerOf('backups').cradle as BackupsDeps;
    });
    after(() => k?.stop());
    /** An archive's file must be on disk for it to count as complete. */
    const placed = (name: string) => {
      writeFileSync(join(k.dataDir, 'backups', name), '');
      return name;
    };
    afterEach(async () => {
      await k.db('backup_jobs').delete();
      await k.db('backup_archives').delete();
    });

    it('queues a scheduled backup once its moment has come, once, and says when the next one is', async () => {
      await setSettings(k, owner, { 'backups.schedule_enabled': true, 'backups.schedule_time': '02:30' });
      await deps.backupsService.runSchedule(at('2026-11-29T02:29:00Z'));
      expect(await k.db('backup_jobs').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
      await deps.backupsService.runSchedule(at('2026-11-29T02:30:20Z'));
      const jobs = await k.db('backup_jobs').select('trigger', 'kind');
      expect(jobs).to.deep.equal([{ trigger: 'scheduled', kind: 'backup' }]);
      await k.db('backup_jobs').update({ status: 'failed', created_at: new Date('2026-11-29T02:30:20Z') });
      await deps.backupsService.runSchedule(at('2026-11-29T02:31:00Z'));
      expect(await k.db('backup_jobs').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const list = (await consoleCall(k, owner, 'GET', '/api/v1/system/backups')).body.data;
      expect(list.schedule.lastRunAt).to.equal('2026-11-29T02:30:20.000Z');
      expect(Date.parse(list.schedule.nextRunAt)).to.be.greaterThan(Date.now());
      await setSettings(k, owner, { 'backups.schedule_enabled': false });
      expect((await consoleCall(k, owner, 'GET', '/api/v1/system/backups')).body.data.schedule).to.deep.equal({ lastRunAt: '2026-11-29T02:30:20.000Z' });
    });

    it('keeps the newest scheduled backups within the count and age, and never the last complete one', async () => {
      await setSettings(k, owner, { 'backups.retention_max_count': 2, 'backups.retention_max_age_days': 30 });
      mkdirSync(join(k.dataDir, 'backups'), { recursive: true });
      const archive = (kind: string, daysAgo: number) => ({
        id: randomUUID(),
        file_name: placed(`a-${randomUUID()}.tar`),
        kind,
        status: 'complete',
        size_bytes: 1,
        archive_sha256: '0',
        signage_version: '0',
        schema_version: 1,
        installation_id: randomUUID(),
        organization_name: 'x',
        components: JSON.stringify([]),
        verification: 'verified',
        created_at: new Date(Date.now() - daysAgo * 86_400_000),
      });
      const rows = [archive('scheduled', 1), archive('scheduled', 2), archive('scheduled', 3), archive('scheduled', 40), archive('manual', 50)];
      await k.db('backup_archives').insert(rows);
      await deps.backupsService.applyRetention();
      expect((await k.db('backup_archives').orderBy('created_at', 'desc').pluck('id')).sort()).to.deep.equal([rows[0]!.id, rows[1]!.id, rows[4]!.id].sort());

      await k.db('backup_archives').delete();
      const old = archive('scheduled', 60);
      await k.db('backup_archives').insert([old]);
      await deps.backupsService.applyRetention();
      expect(await k.db('backup_archives').pluck('id')).to.deep.equal([old.id]);
    });
  });
});

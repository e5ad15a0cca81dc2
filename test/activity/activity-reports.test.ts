import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ActivityDeps } from '../../core-modules/activity/activity-deps.js';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, newSignedInUser, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

describe('activity: overview, uptime and retention', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let kitchen: PairedScreen;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);

  /** Five-minute telemetry rollups for a screen, as its player's samples leave them. */
  async function rollups(screen: PairedScreen, from: number, to: number, stalledAt?: number) {
    const rows = [];
    for (let bucket = from; bucket < to; bucket += 5 * MINUTE) {
      rows.push({ screen_id: screen.screenId, bucket: new Date(bucket), samples: 5, seconds: 300, stalled_playback_seconds: bucket === stalledAt ? 60 : 0 });
    }
    await k.db('screen_telemetry_rollups').insert(rows);
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
  });
  after(() => k?.stop());

  describe('uptime', () => {
    // The hour buckets of the 24-hour window end at the current hour H: index 23 is [H, now).
    let H: number;
    before(async function () {
      // Taken when the tests run, not when the file loads, and never within two minutes of the next
      // hour: the window would move on between the reports written here and the report read.
      this.timeout(3 * MINUTE);
      const untilNextHour = HOUR - (Date.now() % HOUR);
      if (untilNextHour < 2 * MINUTE) await new Promise((resolve) => setTimeout(resolve, untilNextHour + 1000));
      H = Math.floor(Date.now() / HOUR) * HOUR;
      // Reporting from three hours ago, with a half-hour gap inside the hour from H-2h and one stalled minute after H-1h.
      await rollups(lobby, H - 3 * HOUR, H - 2 * HOUR + 10 * MINUTE);
      await rollups(lobby, H - 2 * HOUR + 40 * MINUTE, Date.now(), H - HOUR + 5 * MINUTE);
    });

    it('counts reported time as up, unreported time since the first report as down, and before it as unknown', async () => {
      const res = await api('GET', '/api/v1/activity/uptime?window=24h');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const report = res.body.data;
      expect(report).to.include({ window: '24h', bucketSeconds: 3600, screensTracked: 2, screensWithDowntime: 1, screensUnmeasured: 1 });
      expect(report.buckets).to.have.length(24);
      expect(Date.parse(report.buckets[23].start)).to.equal(H);
      const screen = report.screens[0];
      expect(screen).to.include({ screenId: lobby.screenId, screenName: 'Lobby', downSeconds: 1800, impairedSeconds: 60 });
      expect(screen.uptimePercent).to.be.within(80, 99);
      expect(
        screen.buckets.slice(0, 20).every((b: string) => b === 'unknown'),
        'before the first report',
      ).to.equal(true);
      expect(screen.buckets[20]).to.equal('up');
      expect(screen.buckets[21]).to.equal('down');
      expect(screen.buckets[22]).to.equal('impaired');
      expect(report.screens[1], 'a screen that never reported').to.include({ screenId: kitchen.screenId, uptimePercent: null, downSeconds: 0 });
      expect(report.buckets[21]).to.include({ screensDown: 1, downPercent: 25 });
      expect(report.buckets[0]).to.include({ unknownPercent: 100, uptimePercent: null });
      expect(report.uptimePercent).to.equal(screen.uptimePercent);
      expect(report.previousUptimePercent, 'nothing reported the day before').to.equal(null);
    });

    it('leaves out disabled screens: their downtime is a choice, not a fault', async () => {
      const disabled = await pairScreen(k, owner, { name: 'Storeroom' });
      expect((await api('POST', `/api/v1/screens/${disabled.screenId}/disable`)).status).to.be.within(200, 204);
      const report = (await api('GET', '/api/v1/activity/uptime')).body.data;
      expect(report.screens.map((s: { screenName: string }) => s.screenName)).to.have.members(['Lobby', 'Kitchen']);
      expect(report.screensTracked).to.equal(2);
    });

    it('answers 7 days in six-hour buckets, and refuses another window with 422', async () => {
      const week = await api('GET', '/api/v1/activity/uptime?window=7d');
      expect(week.status).to.equal(200);
      expect(week.body.data).to.include({ window: '7d', bucketSeconds: 21_600, windowLabel: 'Last 7 days' });
      expect(week.body.data.buckets).to.have.length(28);
      expect(week.body.data.screens[0].downSeconds).to.equal(1800);
      expect((await api('GET', '/api/v1/activity/uptime')).body.data.window, 'the default').to.equal('24h');
      const bad = await api('GET', '/api/v1/activity/uptime?window=30d');
      expect(bad.status).to.equal(422);
    });
  });

  describe('overview', () => {
    it('counts playback, failed updates and console changes over the range, and lists what happened', async () => {
      const start = Date.now() - 10 * MINUTE;
      const root = randomUUID();
      const child = randomUUID();
      const presentation = { presentationType: 'playlist', presentationId: randomUUID(), manifestVersion: 3, playerTimezone: 'UTC' };
      const events = [
        { eventType: 'presentation.started', occurredAt: at(start), activitySessionId: root, sessionType: 'presentation' },
        {
          eventType: 'content.started',
          occurredAt: at(start + 1_000),
          activitySessionId: child,
          parentActivitySessionId: root,
          contentType: 'image',
          contentId: randomUUID(),
        },
        {
          eventType: 'content.completed',
          occurredAt: at(start + 11_000),
          activitySessionId: child,
          terminalReason: 'completed_duration',
          result: 'completed',
          durationMs: 10_000,
        },
        { eventType: 'update.installation_failed', occurredAt: at(start + 20_000), result: 'failed', failureCode: 'checksum_mismatch' },
      ].map((e, i) => ({ id: randomUUID(), sequence: 1000 + i, elapsedRealtimeMs: 5_000 + i, ...presentation, ...e }));
      const posted = await playerCall(k, kitchen.credential, 'POST', '/api/v1/player/activity-events', { events });
      expect(posted.status, JSON.stringify(posted.body)).to.be.oneOf([200, 202]);
      expect(posted.body.data.rejected, JSON.stringify(posted.body)).to.deep.equal([]);

      const res = await api('GET', `/api/v1/activity/overview?from=${at(Date.now() - HOUR)}&to=${at(Date.now() + MINUTE)}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const { cards, fleet, timeline } = res.body.data;
      expect(cards.contentExposureMs).to.equal(10_000);
      expect(cards.confirmedScreenPlaybackMs, 'the open presentation runs until now').to.be.within(9 * MINUTE, 11 * MINUTE);
      expect(cards).to.include({ failedPlayerUpdates: 1, playbackFailures: 0, interruptedPlays: 0, takeoverActivations: 0 });
      expect(cards.recentAdministrativeChanges, 'approving two pairings').to.be.at.least(2);
      expect(cards.screensWithReportingGaps, 'the half-hour gap is over an hour ago').to.equal(0);
      expect(fleet.measured).to.equal(2);
      expect(fleet.healthy + fleet.impaired + fleet.offline + fleet.unmeasured).to.equal(fleet.measured);
      const failure = timeline.find((t: { domain: string; severity: string }) => t.domain === 'screen' && t.severity === 'error');
      expect(failure).to.include({ screenId: kitchen.screenId, description: 'Kitchen · update installation failed' });
      expect(timeline.some((t: { domain: string }) => t.domain === 'audit')).to.equal(true);

      const day = await api('GET', '/api/v1/activity/overview');
      expect(day.body.data.cards.screensWithReportingGaps, "the last day holds the lobby's gap").to.equal(1);
      const backwards = await api('GET', `/api/v1/activity/overview?from=${at(Date.now())}&to=${at(Date.now() - HOUR)}`);
      expect([backwards.status, backwards.body.error.code]).to.deep.equal([422, 'invalid_range']);
    });
  });

  describe('retention', () => {
    it('answers the activity setting for every activity table and the deployment limit for the audit log', async () => {
      const before = (await api('GET', '/api/v1/activity/retention')).body.data;
      expect(before).to.include({ rawEventDays: 90, playbackSessionDays: 90, screenStateDays: 90, telemetryRollupDays: 90, diagnosticMetadataDays: 90 });
      expect(before.auditLogDays).to.equal((k.containerOf('activity').cradle as ActivityDeps).config.auditRetentionDays);
      const settings = (await api('GET', '/api/v1/settings')).body.data;
      const changed = await api('PATCH', '/api/v1/settings', { revision: settings.revision, values: { 'activity.retention_days': 30 } });
      expect(changed.status).to.equal(200);
      const after = (await api('GET', '/api/v1/activity/retention')).body.data;
      expect(after).to.include({ rawEventDays: 30, playbackSessionDays: 30 });
      expect(Date.parse(after.updatedAt)).to.be.closeTo(Date.now(), 60_000);
    });

    it('saves what the retention panel sends, when its activity fields agree', async () => {
      const current = (await api('GET', '/api/v1/activity/retention')).body.data;
      // The panel sends its five fields, as numbers.
      const panel = {
        rawEventDays: current.rawEventDays,
        playbackSessionDays: current.playbackSessionDays,
        screenStateDays: current.screenStateDays,
        auditLogDays: current.auditLogDays,
        diagnosticMetadataDays: current.diagnosticMetadataDays,
      };
      const saved = await api('PATCH', '/api/v1/activity/retention', {
        ...panel,
        rawEventDays: 45,
        playbackSessionDays: 45,
        screenStateDays: 45,
        diagnosticMetadataDays: 45,
      });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(saved.body.data).to.include({ rawEventDays: 45, telemetryRollupDays: 45 });
      const settings = (await api('GET', '/api/v1/settings')).body.data;
      expect(settings.values['activity.retention_days']).to.equal(45);

      const apart = await api('PATCH', '/api/v1/activity/retention', { ...panel, rawEventDays: 30, playbackSessionDays: 400 });
      expect([apart.status, apart.body.error.code]).to.deep.equal([422, 'activity_retention_unsupported']);
      const audit = await api('PATCH', '/api/v1/activity/retention', {
        ...panel,
        rawEventDays: 45,
        playbackSessionDays: 45,
        screenStateDays: 45,
        diagnosticMetadataDays: 45,
        auditLogDays: panel.auditLogDays + 1,
      });
      expect([audit.status, audit.body.error.code]).to.deep.equal([422, 'activity_retention_out_of_bounds']);
      expect((await api('GET', '/api/v1/settings')).body.data.revision, 'nothing saved').to.equal(settings.revision);
    });

    it('is for owners and administrators', async () => {
      const { session: editor } = await newSignedInUser(k, owner, 'editor password 12', 'editor', 'ed');
      for (const method of ['GET', 'PATCH']) {
        const res = await consoleCall(k, editor, method, '/api/v1/activity/retention', method === 'PATCH' ? {} : undefined);
        expect([res.status, res.body.error.code], method).to.deep.equal([403, 'insufficient_role']);
      }
      expect((await consoleCall(k, editor, 'GET', '/api/v1/activity/uptime')).status, 'uptime is for every signed-in user').to.equal(200);
    });
  });
});

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Overview, ProofPage, ProofSummary, Retention, UptimeReport } from '../fixtures/console-types/activity.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';

describe('activity as the reference’s console reads it', () => {
  const ui = consoleUnderTest();
  const call = (path: string) => ui.call('GET', path);
  let lobby: PairedScreen;

  before(async () => {
    const { k, owner } = ui;
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    await pairScreen(k, owner, { name: 'Kitchen' });
    // A player reporting as the Linux player does, one sample a minute.
    const sample = { observedAt: new Date().toISOString(), serverRoundTripMs: 40, interval: { seconds: 60, connectedSeconds: 60, stalledPlaybackSeconds: 5 } };
    const res = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/telemetry', sample);
    expect(res.status).to.equal(202);
  });

  it('answers the fleet uptime card for both windows', async () => {
    for (const window of ['24h', '7d']) {
      const report = await call(`/api/v1/activity/uptime?window=${window}`);
      expectConsoleShape(report, UptimeReport, `GET /activity/uptime?window=${window}`);
      expect(report.screens.map((s: { screenName: string }) => s.screenName).sort()).to.deep.equal(['Kitchen', 'Lobby']);
    }
  });

  it('answers the activity overview for the range the page asks, and the previous one', async () => {
    const to = Date.now();
    for (const [from, until] of [
      [to - 86_400_000, to],
      [to - 2 * 86_400_000, to - 86_400_000],
    ]) {
      const overview = await call(`/api/v1/activity/overview?from=${new Date(from!).toISOString()}&to=${new Date(until!).toISOString()}`);
      expectConsoleShape(overview, Overview, 'GET /activity/overview');
    }
  });

  it('answers the proof-of-play tab: its page of records, and its summaries by the dimension it picks', async () => {
    const start = Date.now() - 10 * 60_000;
    const [root, child] = [randomUUID(), randomUUID()];
    const presentation = { presentationType: 'playlist', presentationId: randomUUID(), manifestVersion: 3, playerTimezone: 'UTC' };
    const events = [
      { eventType: 'presentation.started', occurredAt: new Date(start).toISOString(), activitySessionId: root, sessionType: 'presentation' },
      {
        eventType: 'content.started',
        occurredAt: new Date(start + 1_000).toISOString(),
        activitySessionId: child,
        parentActivitySessionId: root,
        contentType: 'image',
        contentId: randomUUID(),
      },
      {
        eventType: 'content.completed',
        occurredAt: new Date(start + 11_000).toISOString(),
        activitySessionId: child,
        result: 'completed',
        terminalReason: 'completed_duration',
        durationMs: 10_000,
      },
    ].map((e, i) => ({ id: randomUUID(), sequence: 10 + i, elapsedRealtimeMs: 1_000 + i, ...presentation, ...e }));
    expect((await playerCall(ui.k, lobby.credential, 'POST', '/api/v1/player/activity-events', { events })).status).to.be.oneOf([200, 202]);

    // The page's parameters: the range, its filters (search among them) and, for the next page, the cursor.
    const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
    const page = await call(`/api/v1/activity/proof-of-play?${range}&search=lob`);
    expectConsoleShape(page, ProofPage, 'GET /activity/proof-of-play');
    expect(page.items).to.have.length(2);
    const open = page.items.find((r: { sessionType: string }) => r.sessionType === 'presentation');
    expect(open, 'still playing: no endedAt').not.to.have.property('endedAt');
    expect((await call(`/api/v1/activity/proof-of-play?${range}&search=kitchen`)).items).to.deep.equal([]);
    for (const dimension of ['screen', 'content', 'presentation', 'schedule']) {
      const summary = await call(`/api/v1/activity/proof-of-play/summary?${range}&dimension=${dimension}`);
      expectConsoleShape(summary, ProofSummary, `GET /activity/proof-of-play/summary?dimension=${dimension}`);
    }
    const byScreen = await call(`/api/v1/activity/proof-of-play/summary?${range}&dimension=screen`);
    expect(byScreen.items[0]).to.include({
      key: lobby.screenId,
      label: 'Lobby',
      records: 2,
      completed: 1,
      contentExposureMs: 10_000,
      sessionCompletionPercent: 50,
    });
  });

  it('answers the retention panel', async () => {
    expectConsoleShape(await call('/api/v1/activity/retention'), Retention, 'GET /activity/retention');
  });
});

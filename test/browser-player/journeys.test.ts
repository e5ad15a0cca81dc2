import { expect } from 'chai';
import sharp from 'sharp';
import {
  assignPlaylist,
  browserRequests,
  type BrowserPlayerRig,
  type PlayerDevice,
  type PublishedPlaylist,
  publishedPlaylist,
  seedClip,
  seedPicture,
  startBrowserPlayerRig,
} from '../support/browser-player.js';
import { consoleCall } from '../support/console-client.js';
import { screenshotOnFailure } from '../support/console-browser.js';
import { identity } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

const MINUTE = 60_000;
const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

interface PlaySession {
  activitySessionId: string;
  playlistItemId?: string;
  contentId?: string;
  startedAt: string;
  endedAt?: string;
  terminalReason?: string;
}

/**
 * What a person does with the browser player, in order, on one server and one browser: pair it from
 * its own page, give it content, change that content every way the console can, cut its network,
 * read back what it reported, and revoke it. Each test leaves the screen as the next one expects.
 */
describe('browser player journeys', function () {
  // Pairing polls every 3 s, and offline reports wait for the player's retry: generous, never a sleep.
  this.timeout(180_000);
  let rig: BrowserPlayerRig;
  let lobby: PlayerDevice;
  let lobbyId: string;
  let loop: PublishedPlaylist;
  const devices: PlayerDevice[] = [];

  const api = (method: string, path: string, body?: unknown) => consoleCall(rig.kernel, rig.owner, method, path, body);
  const open = async () => {
    const device = await rig.openPlayer();
    devices.push(device);
    return device;
  };
  /** Pairs a device from the code on its screen and waits until it has kept its credential. */
  const pair = async (device: PlayerDevice, name: string) => {
    const screenId = await rig.approve(device, name);
    await eventually(
      () => device.storedCredential(),
      (c) => c?.screenId === screenId,
      30_000,
      250,
    );
    return screenId;
  };

  before(async () => {
    rig = await startBrowserPlayerRig();
  });
  afterEach(async function () {
    await screenshotOnFailure(
      this.currentTest,
      devices.map((d) => d.page),
    );
    expect(rig.problems.splice(0), 'page errors and CSP violations').to.deep.equal([]);
  });
  after(() => rig?.stop());

  it('pairs from the code on its own page, and keeps its credential across a reload', async () => {
    lobby = await open();
    const code = await lobby.pairingCode();
    lobbyId = await pair(lobby, 'Lobby');
    const kept = await lobby.storedCredential();
    expect(kept).to.include({ screenId: lobbyId, screenName: 'Lobby', installationId: (await identity(rig.kernel)).installationId });
    expect(kept?.credential).to.match(/^svc_device_/);
    await lobby.page.getByText(code).waitFor({ state: 'hidden' });

    const from = rig.kernel.logs.length;
    await lobby.page.reload();
    // Enrolled: it asks for its manifest with its credential, and never for a pairing session.
    const asked = await eventually(
      () => browserRequests(rig.kernel, from),
      (r) => r.some((x) => x.path === '/api/v1/player/manifest' && x.status < 400),
      20_000,
    );
    expect(asked.filter((r) => r.path.startsWith('/api/v1/player/pairing-sessions'))).to.deep.equal([]);
    expect((await lobby.storedCredential())?.credential).to.equal(kept?.credential);
    expect((await api('GET', '/api/v1/screens/pairing/pending')).body.data.items).to.deep.equal([]);
  });

  it('plays its playlist: a picture, then a clip with sound at the item’s volume, and round again', async () => {
    const [picture, clip] = await Promise.all([seedPicture(rig.kernel, 'Welcome'), seedClip(rig.kernel, 'Coffee pour', 3)]);
    loop = await publishedPlaylist(rig.kernel, rig.owner, 'Lobby loop', [
      { assetId: picture, durationMs: 2000 },
      { assetId: clip, audioEnabled: true, volume: 0.4 },
    ]);
    const [pictureItem, clipItem] = loop.itemIds as [string, string];
    const from = lobby.shows.length;
    await assignPlaylist(rig.kernel, rig.owner, lobbyId, loop.id);

    const first = await lobby.waitForShow(pictureItem, { from });
    expect(lobby.shows[first]!.kind).to.equal('image');
    const second = await lobby.waitForShow(clipItem, { from: first + 1 });
    expect(lobby.shows[second]!.kind).to.equal('video');
    expect(
      lobby.shows.slice(first + 1, second).map((s) => s.itemId),
      'nothing else between them',
    ).to.deep.equal([]);
    const playing = await lobby.page.waitForFunction(() => {
      const v = [...document.querySelectorAll('video')].find((e) => !e.paused && e.currentTime > 0);
      return v && { volume: v.volume, muted: v.muted };
    });
    const sound = (await playing.jsonValue()) as { volume: number; muted: boolean };
    expect(sound.muted, 'a kiosk browser allows sound').to.equal(false);
    expect(sound.volume).to.be.closeTo(0.4, 0.001);
    // A clip without a duration plays to its end, then the playlist goes round.
    await lobby.waitForShow(pictureItem, { from: second + 1 });
  });

  it('switches to a schedule at its minute, decided from the manifest it holds, with the network cut', async () => {
    const hall = await open();
    const hallId = await pair(hall, 'Hall');
    const [own, breakfast] = await Promise.all([
      seedPicture(rig.kernel, 'Hall notice').then((id) => publishedPlaylist(rig.kernel, rig.owner, 'Hall loop', [{ assetId: id, durationMs: 2000 }])),
      seedPicture(rig.kernel, 'Breakfast menu').then((id) => publishedPlaylist(rig.kernel, rig.owner, 'Breakfast', [{ assetId: id, durationMs: 2000 }])),
    ]);
    await assignPlaylist(rig.kernel, rig.owner, hallId, own.id);
    await hall.waitForShow(own.itemIds[0]!);

    // The page's clock from now on is the test's (it starts at the real time and runs until paused).
    await hall.context.clock.install();
    let from = hall.shows.length;
    await hall.page.reload();
    await hall.waitForShow(own.itemIds[0]!, { from });

    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 2 * MINUTE;
    const end = start + 2 * MINUTE;
    const logs = rig.kernel.logs.length;
    const created = await api('POST', '/api/v1/schedules', {
      name: 'Breakfast',
      playlistId: breakfast.id,
      type: 'weekly',
      timezone: 'UTC',
      dailyStart: hhmm(start),
      dailyEnd: hhmm(end),
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      targets: [{ type: 'screen', id: hallId }],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    // The player has the new manifest and the breakfast picture once the server has served it the file.
    await eventually(
      () => browserRequests(rig.kernel, logs),
      (r) => r.some((x) => x.path.startsWith('/api/v1/player/assets/') && x.status < 300),
      20_000,
    );

    await hall.context.clock.pauseAt(start - 10_000);
    expect(
      hall.shows.map((s) => s.itemId),
      'not before its minute',
    ).to.not.include(breakfast.itemIds[0]);
    await hall.setOffline(true);
    from = hall.shows.length;
    await hall.context.clock.runFor(10_500);
    await hall.context.clock.resume();
    const switched = hall.shows[await hall.waitForShow(breakfast.itemIds[0]!, { from })]!;
    expect(switched.pageTime)
      .to.be.at.least(start)
      .and.below(start + MINUTE);

    // Its window ends, still offline: back to the screen's own playlist.
    await hall.context.clock.pauseAt(end - 5_000);
    from = hall.shows.length;
    await hall.context.clock.runFor(5_500);
    await hall.context.clock.resume();
    const back = hall.shows[await hall.waitForShow(own.itemIds[0]!, { from })]!;
    expect(back.pageTime)
      .to.be.at.least(end)
      .and.below(end + MINUTE);
    await hall.close();
    devices.splice(devices.indexOf(hall), 1);
  });

  it('gives the screen to a takeover at once, and takes it back when the takeover ends', async () => {
    const alarm = await publishedPlaylist(rig.kernel, rig.owner, 'Evacuate', [{ assetId: await seedPicture(rig.kernel, 'Exit'), durationMs: 2000 }]);
    const from = lobby.shows.length;
    const started = await api('POST', '/api/v1/takeovers', {
      name: 'Evacuate',
      playlistId: alarm.id,
      expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
      screenIds: [lobbyId],
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const taken = await lobby.waitForShow(alarm.itemIds[0]!, { from });
    // One more round of the alarm, so it is seen holding the screen, not passing through.
    const again = await lobby.waitForShow(alarm.itemIds[0]!, { from: taken + 1 });
    expect(lobby.shows.slice(taken, again + 1).map((s) => s.itemId)).to.satisfy((ids: string[]) => ids.every((id) => id === alarm.itemIds[0]));

    const ended = lobby.shows.length;
    expect((await api('POST', `/api/v1/takeovers/${started.body.data.id}/cancel`, { reason: 'All clear' })).status).to.equal(200);
    const back = await lobby.waitForShow(loop.itemIds, { from: ended });
    expect(lobby.shows.slice(back).map((s) => s.itemId)).to.not.include(alarm.itemIds[0]);
  });

  it('plays on with the network cut, and after a reload while it is cut', async () => {
    await lobby.setOffline(true);
    try {
      let from = lobby.shows.length;
      const next = await lobby.waitForShow(loop.itemIds[1]!, { from });
      await lobby.waitForShow(loop.itemIds[0]!, { from: next + 1 });

      const before = lobby.shows.at(-1)!.documentId;
      from = lobby.shows.length;
      await lobby.page.reload();
      const shown = lobby.shows[await lobby.waitForShow(loop.itemIds, { from })]!;
      expect(shown.documentId, 'shown by the reloaded page').to.not.equal(before);
      await lobby.waitForShow(loop.itemIds, { from: lobby.shows.indexOf(shown) + 1 });
    } finally {
      await lobby.setOffline(false);
    }
    const from = rig.kernel.logs.length;
    await eventually(
      () => browserRequests(rig.kernel, from),
      (r) => r.some((x) => x.path.startsWith('/api/v1/player/') && x.status < 400),
      60_000,
      250,
    );
  });

  it('reports each item it showed as proof of play, once, with the times it was on screen, plays while offline included', async () => {
    // What left the screen while the page lived: the player has had the chance to report each.
    const finished = lobby.shows.filter((s, i) => s.itemId && lobby.shows[i + 1]?.documentId === s.documentId);
    const list = async () =>
      (await api('GET', `/api/v1/activity/proof-of-play?screen=${lobbyId}&sessionType=child&limit=250`)).body.data.items as PlaySession[];
    // Items stay on screen 2 s at least: a session starting within a second of a show is that show's.
    // Both times are the page's clock (a loaded machine can hand a show to the test a second late).
    // The item a reload cut short is reported too, ended as a player restart; the reloaded page may
    // show the same item within that second, so those sessions are not the finished shows'.
    const sessionsOf = (sessions: PlaySession[]) =>
      finished.map((s) =>
        sessions.filter(
          (p) => p.terminalReason !== 'player_restart' && p.playlistItemId === s.itemId && Math.abs(Date.parse(p.startedAt) - s.pageTime) < 1_000,
        ),
      );
    const sessions = await eventually(list, (all) => sessionsOf(all).every((m) => m.length >= 1), 90_000, 500);
    const matched = sessionsOf(sessions);
    expect(
      finished.filter((_, i) => matched[i]!.length === 0).map((s) => `${s.itemId} at ${new Date(s.pageTime).toISOString()}`),
      'shown, never reported',
    ).to.deep.equal([]);
    expect(
      finished.filter((_, i) => matched[i]!.length > 1).map((s) => s.itemId),
      'reported twice',
    ).to.deep.equal([]);
    expect(sessions.length, 'no more plays than shows').to.be.at.most(lobby.shows.filter((s) => s.itemId).length);
    for (const [i, s] of finished.entries()) {
      const next = lobby.shows[lobby.shows.indexOf(s) + 1]!;
      expect(Date.parse(matched[i]![0]!.endedAt ?? ''), `${s.itemId} ended as the next item came on`).to.be.closeTo(next.pageTime, 1_000);
    }
    expect(finished.filter((s) => s.offline).length, 'plays shown while offline').to.be.at.least(2);
  });

  it('shows its name when the console asks it to identify itself, and sends a live preview frame', async () => {
    const queued = await api('POST', `/api/v1/screens/${lobbyId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 10 } });
    expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
    await lobby.page.getByText('Lobby', { exact: true }).waitFor();
    const done = await eventually(
      async () => (await api('GET', `/api/v1/screens/${lobbyId}/commands`)).body.data.items.find((c: { id: string }) => c.id === queued.body.data.id),
      (c) => c?.state === 'succeeded',
      20_000,
      250,
    );
    expect(done.state).to.equal('succeeded');

    expect((await api('POST', `/api/v1/screens/${lobbyId}/preview-session`, { forceCapture: true })).status).to.equal(200);
    const preview = await eventually(
      async () => (await api('GET', `/api/v1/screens/${lobbyId}/preview`)).body.data,
      (p) => p.status === 'available',
      30_000,
      250,
    );
    expect(preview.status).to.equal('available');
    const image = await rig.kernel.request(`/api/v1/screens/${lobbyId}/preview/image`, { headers: { cookie: rig.owner.cookie } });
    expect(image.headers.get('content-type')).to.equal('image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).to.equal('jpeg');
    expect(meta.width).to.be.greaterThan(0);
  });

  it('goes back to pairing when the console revokes it, credential and content forgotten, and pairs again as the same screen', async () => {
    const res = await api('POST', `/api/v1/screens/${lobbyId}/revoke`, { reason: 'Moved to the store room' });
    expect(res.status).to.equal(204);
    const code = await lobby.pairingCode(30_000);
    expect(
      await eventually(
        () => lobby.storedCredential(),
        (c) => c === undefined,
      ),
    ).to.equal(undefined);
    expect(await lobby.page.locator('[data-showing-item]').count(), 'nothing of the old content on screen').to.equal(0);

    // The same player installation asks again: the console offers to repair the screen it had.
    const request = (await api('POST', '/api/v1/screens/pairing/resolve', { code })).body.data;
    expect(request).to.include({ previouslyPaired: true, existingScreenId: lobbyId, hasActiveCredential: false });
    const from = lobby.shows.length;
    expect(await pair(lobby, 'Lobby')).to.equal(lobbyId);
    await lobby.waitForShow(loop.itemIds, { from });
  });
});

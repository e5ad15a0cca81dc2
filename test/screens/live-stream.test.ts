import { randomBytes, randomUUID } from 'node:crypto';
import { get, type IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { encodeFrame } from '../../core-modules/screens/live-stream/live-stream-frames.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/** A JPEG as far as the relay can tell: its start and end markers around `size` bytes. */
const jpegOf = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8]), randomBytes(size), Buffer.from([0xff, 0xd9])]);

/** The console's <img>: reads the MJPEG stream part by part. */
class MjpegViewer {
  readonly frames: { jpeg: Buffer; capturedAt: string }[] = [];
  readonly ended: Promise<void>;
  readonly response: Promise<IncomingMessage>;
  private buffer = Buffer.alloc(0);

  constructor(url: string, cookie: string) {
    let done!: () => void;
    this.ended = new Promise((resolve) => (done = resolve));
    this.response = new Promise((resolve, reject) => {
      get(url, { headers: { cookie } }, (res) => {
        resolve(res);
        res.on('data', (chunk: Buffer) => this.take(chunk));
        res.on('end', done);
        res.on('close', done);
      }).on('error', reject);
    });
  }

  private take(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = this.buffer.subarray(0, headerEnd).toString();
      const length = Number(/Content-Length: (\d+)/.exec(head)?.[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length + 2) return;
      this.frames.push({ jpeg: Buffer.from(this.buffer.subarray(start, start + length)), capturedAt: /X-Captured-At: (\S+)/.exec(head)![1]! });
      this.buffer = this.buffer.subarray(start + length + 2);
    }
  }
}

describe('live stream: the console watches a screen through its player’s socket', () => {
  // Two server processes on one database: the player's socket on one, the console's viewer on the other.
  let playerSide: TestKernel;
  let consoleSide: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let socket: PlayerSocket;

  const api = (method: string, path: string) => consoleCall(consoleSide, owner, method, path);
  const watch = (sessionId: string) => new MjpegViewer(`${consoleSide.url}/api/v1/screens/${screen.screenId}/live-stream/${sessionId}/mjpeg`, owner.cookie);
  const start = async () => {
    const res = await api('POST', `/api/v1/screens/${screen.screenId}/live-stream`);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const playerSession = async () => (await playerCall(playerSide, screen.credential, 'GET', '/api/v1/player/live-stream-session')).body.data;
  const changes = () => socket.messages.filter((m) => m.type === 'live_stream.session_changed').length;

  before(async () => {
    playerSide = await bootTestKernel({ plugins: coreModules });
    consoleSide = await bootTestKernel({ plugins: coreModules, databaseUrl: playerSide.databaseUrl });
    owner = await setUpOwner(consoleSide);
    screen = await pairScreen(consoleSide, owner, { name: 'Atrium' });
    socket = await openPlayerSocket(playerSide, screen.credential);
    await socket.next('server.hello');
  });
  after(async () => {
    socket?.ws.close();
    await consoleSide?.stop();
    await playerSide?.stop();
  });

  it('leases a session the player is told of, relays its frames to the viewer, and ends them together', async () => {
    expect(await playerSession()).to.deep.include({ active: false, frameIntervalMillis: 125, maxWidth: 640, maxHeight: 360, maxFrameBytes: 102_400 });
    const session = await start();
    expect(session).to.deep.include({ screenId: screen.screenId, active: true, frameIntervalMillis: 125 });
    expect(Date.parse(session.expiresAt) - Date.now()).to.be.within(12_000, 16_000);
    await eventually(changes, (n) => n >= 1);
    expect(await playerSession()).to.deep.include({ id: session.id, active: true, expiresAt: session.expiresAt });

    const viewer = watch(session.id);
    const res = await viewer.response;
    expect(res.statusCode).to.equal(200);
    expect(res.headers['content-type']).to.equal('multipart/x-mixed-replace; boundary=signageframe');
    expect(res.headers['cache-control']).to.equal('no-store, private');
    // The viewer subscribes as its answer starts; give the hub a moment before the first frame.
    await new Promise((r) => setTimeout(r, 200));

    // A small frame, then one the size limit allows (many hub messages): each arrives whole.
    const small = jpegOf(2_000);
    const large = jpegOf(100 * 1024 - 4);
    const capturedAt = Date.now() - 40;
    socket.ws.send(encodeFrame(session.id, capturedAt, 640, 360, small));
    await eventually(
      () => viewer.frames.length,
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(encodeFrame(session.id, Date.now(), 320, 180, large));
    await eventually(
      () => viewer.frames.length,
      (n) => n === 2,
    );
    expect(viewer.frames[0]!.jpeg.equals(small)).to.equal(true);
    expect(viewer.frames[0]!.capturedAt).to.equal(new Date(capturedAt).toISOString());
    expect(viewer.frames[1]!.jpeg.equals(large)).to.equal(true);

    // What the relay refuses: another session's frame, a frame too large or too wide, a broken JPEG.
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(encodeFrame(randomUUID(), Date.now(), 640, 360, small));
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(encodeFrame(session.id, Date.now(), 641, 360, small));
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(encodeFrame(session.id, Date.now(), 640, 360, jpegOf(100 * 1024)));
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(encodeFrame(session.id, Date.now(), 640, 360, small.subarray(0, small.length - 1)));
    socket.ws.send(Buffer.from('TCLS'));
    await new Promise((r) => setTimeout(r, 300));
    expect(viewer.frames).to.have.length(2);
    expect(socket.ws.readyState, 'a bad frame affects nothing else').to.equal(socket.ws.OPEN);
    expect(playerSide.logs.filter((l) => l.msg === 'live stream frame refused').map((l) => l.problem)).to.include.members([
      'dimensions beyond 640×360',
      'a JPEG over 102400 bytes',
      'not a complete JPEG',
      'too short',
    ]);

    // Renewed, it holds longer; ended, the viewer's stream ends and the player hears of it.
    const told = changes();
    const renewed = await api('POST', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}/renew`);
    expect(renewed.status).to.equal(200);
    expect(Date.parse(renewed.body.data.expiresAt)).to.be.at.least(Date.parse(session.expiresAt));
    expect((await api('DELETE', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}`)).status).to.equal(204);
    await viewer.ended;
    await eventually(changes, (n) => n >= told + 2);
    expect(await playerSession()).to.deep.include({ active: false });
    expect(await playerSession()).to.not.have.property('id');
    for (const [method, path] of [
      ['POST', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}/renew`],
      ['DELETE', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}`],
      ['GET', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}/mjpeg`],
    ] as const) {
      const gone = await api(method, path);
      expect([gone.status, gone.body.error.code], `${method} ${path}`).to.deep.equal([404, 'live_stream_not_found']);
    }
  });

  it('keeps one session per screen: starting another ends the first one’s viewers', async () => {
    const first = await start();
    const viewer = watch(first.id);
    await viewer.response;
    const second = await start();
    expect(second.id).to.not.equal(first.id);
    await viewer.ended;
    expect((await playerSession()).id).to.equal(second.id);
    expect((await api('POST', `/api/v1/screens/${screen.screenId}/live-stream/${first.id}/renew`)).status).to.equal(404);
    await api('DELETE', `/api/v1/screens/${screen.screenId}/live-stream/${second.id}`);
  });

  it('ends when the console stops renewing: the lease runs out after 15 s', async function () {
    this.timeout(30_000);
    const session = await start();
    const viewer = watch(session.id);
    await viewer.response;
    const began = Date.now();
    await viewer.ended;
    expect(Date.now() - began).to.be.within(12_000, 18_000);
    expect(await playerSession()).to.deep.include({ active: false });
    expect((await api('POST', `/api/v1/screens/${screen.screenId}/live-stream/${session.id}/renew`)).status, 'too late to renew').to.equal(404);
  });

  it('asks the console for a screen that exists, and players for their own credential', async () => {
    const missing = await api('POST', `/api/v1/screens/${randomUUID()}/live-stream`);
    expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'screen_not_found']);
    expect((await consoleCall(consoleSide, undefined, 'GET', `/api/v1/screens/${screen.screenId}/live-stream/${randomUUID()}/mjpeg`)).status).to.equal(401);
    expect((await playerCall(playerSide, 'svc_device_x.y', 'GET', '/api/v1/player/live-stream-session')).status).to.equal(401);
  });
});

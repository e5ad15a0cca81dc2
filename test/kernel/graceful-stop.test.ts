import { expect } from 'chai';
import { connect } from 'node:net';
import WebSocket from 'ws';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/** Test kernels stop with SHUTDOWN_GRACE_SECONDS=2. */
const GRACE_MS = 2_000;

function open(k: TestKernel): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/v1/notes/socket/lobby`);
    ws.once('message', () => resolve(ws)); // the socket's hello: the server holds it
    ws.once('error', reject);
  });
}

const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('graceful stop with player sockets open', () => {
  it('tells sockets the server is going away (1001) and stops within the grace, even when a socket never answers the close', async () => {
    const k = await bootTestKernel({ plugins: [notesPlugin] });
    const polite = await open(k);
    const deaf = await open(k);
    // A player that has stopped reading (a frozen renderer): the server's close frame is never answered.
    (deaf as unknown as { _socket: { pause(): void } })._socket.pause();
    const politeClosed = closeCode(polite);

    const started = Date.now();
    await k.stop();
    const took = Date.now() - started;

    expect(await politeClosed).to.equal(1001);
    // Reading again, the deaf player finds its connection cut.
    const deafClosed = closeCode(deaf);
    (deaf as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await deafClosed).to.be.oneOf([1001, 1006]);
    expect(took, 'stop took longer than the grace plus a second').to.be.below(GRACE_MS + 1_000);
  });

  it('refuses a socket asked for while the process is stopping (503 shutting_down)', async () => {
    const k = await bootTestKernel({ plugins: [notesPlugin] });
    const held = await open(k);
    (held as unknown as { _socket: { pause(): void } })._socket.pause(); // keeps the stop in its grace
    // A request begun before the stop (so its connection is not idle and survives the sweep),
    // asking for the upgrade after the stop has begun.
    const raw = connect(Number(new URL(k.url).port), '127.0.0.1');
    let answer = '';
    raw.setEncoding('utf8').on('data', (c: string) => (answer += c));
    raw.on('error', () => {});
    await new Promise<void>((resolve) => raw.once('connect', resolve));
    raw.write('GET /api/v1/notes/socket/lobby HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((r) => setTimeout(r, 200));
    const stopping = k.stop();
    // The stop is under way once the listener is closed.
    expect(
      await eventually(
        () => k.server?.listening,
        (listening) => listening === false,
      ),
      'the listener closed',
    ).to.equal(false);
    raw.write('Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    await new Promise<void>((resolve) => raw.once('close', () => resolve()));
    expect(answer).to.match(/^HTTP\/1\.1 503 /);
    expect(answer).to.contain('"shutting_down"');
    await stopping;
  });
});

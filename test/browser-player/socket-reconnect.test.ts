import { expect } from 'chai';
import WebSocket from 'ws';
import { coreModules } from '../../core-modules/index.js';
import { Backoff } from '../../browser-player/src/protocol/backoff.js';
import { PlayerSocketClient, type SocketConstructor } from '../../browser-player/src/protocol/socket.js';
import type { ServerMessage } from '../../browser-player/src/wire/messages.js';
import { resetRateLimits, setUpOwner } from '../support/console-client.js';
import { pairScreen } from '../support/player-client.js';
import { tcpRelay } from '../support/tcp-relay.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

describe('browser player socket: reconnecting', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PLAYER_PING_INTERVAL_MS: '250' } });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('reconnects after the connection drops and is greeted again', async () => {
    const owner = await setUpOwner(k);
    const { credential } = await pairScreen(k, owner);
    const net = await tcpRelay(k.url);
    const hellos: ServerMessage[] = [];
    const states: boolean[] = [];
    let revoked = 0;
    const client = new PlayerSocketClient({
      url: `ws://127.0.0.1:${net.port}/api/v1/player/socket`,
      credential,
      WebSocket: WebSocket as unknown as SocketConstructor,
      playerVersion: '0.1.0',
      backoff: { baseMs: 50, maxMs: 200, stableMs: 60_000 },
      onMessage: (m) => m.type === 'server.hello' && hellos.push(m),
      onRevoked: () => revoked++,
      onStateChange: (open) => states.push(open),
    });
    client.start();
    try {
      await eventually(
        () => hellos.length,
        (n) => n === 1,
      );
      net.cut();
      await eventually(
        () => hellos.length,
        (n) => n === 2,
      );
      expect(states).to.deep.equal([true, false, true]);
      expect(revoked).to.equal(0);
    } finally {
      client.stop();
      await net.close();
    }
  });
});

describe('browser player socket: a link that goes silent', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PLAYER_PING_INTERVAL_MS: '100' } });
  });
  after(() => k?.stop());

  it('is given up once the server’s pings stop arriving, and a new connection is opened', async () => {
    const owner = await setUpOwner(k);
    const { credential } = await pairScreen(k, owner);
    const net = await tcpRelay(k.url);
    let hellos = 0;
    const client = new PlayerSocketClient({
      url: `ws://127.0.0.1:${net.port}/api/v1/player/socket`,
      credential,
      WebSocket: WebSocket as unknown as SocketConstructor,
      playerVersion: '0.1.0',
      backoff: { baseMs: 50, maxMs: 200, stableMs: 60_000 },
      silenceMs: 1_000,
      onMessage: (m) => m.type === 'server.hello' && hellos++,
      onRevoked: () => {},
    });
    client.start();
    try {
      await eventually(
        () => hellos,
        (n) => n === 1,
      );
      net.freeze();
      await eventually(
        () => hellos,
        (n) => n === 2,
      );
      expect(client.isOpen).to.equal(true);
    } finally {
      client.stop();
      net.cut();
      await net.close();
    }
  });
});

describe('browser player socket: backoff', () => {
  it('doubles up to the cap, jittered between half the base and the ceiling, and forgives after a stable connection', () => {
    let r = 1;
    const b = new Backoff({ baseMs: 1000, maxMs: 8000, stableMs: 60_000, random: () => r });
    expect([0, 0, 0, 0, 0].map(() => b.nextDelay(0))).to.deep.equal([1000, 2000, 4000, 8000, 8000]);
    r = 0;
    expect(b.nextDelay(0)).to.equal(500);
    // A short connection does not reset the streak; one that lasted does.
    r = 1;
    b.connected(0);
    expect(b.nextDelay(1000)).to.equal(8000);
    b.connected(0);
    expect(b.nextDelay(60_000)).to.equal(1000);
  });
});

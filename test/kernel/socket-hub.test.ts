import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import WebSocket from 'ws';
import type { NotesDeps } from '../fixtures/notes-plugin/notes.plugin.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const wsUrl = (k: TestKernel, path: string) => k.url.replace(/^http/, 'ws') + path;

function open(url: string, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c)).on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body })));
    });
    ws.once('error', reject);
  });
}

const until = (check: () => boolean, ms = 5_000) => eventually(check, Boolean, ms, 25);

describe('socket hub', () => {
  let a: TestKernel;
  let b: TestKernel;
  before(async () => {
    a = await bootTestKernel({ plugins: [notesPlugin] });
    b = await bootTestKernel({ plugins: [notesPlugin], databaseUrl: a.databaseUrl });
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('delivers a message published by another server process on the same database, to that channel only', async () => {
    const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
    const blue = await open(wsUrl(a, '/api/v1/notes/socket/blue'));
    try {
      await until(() => red.messages.length === 1 && blue.messages.length === 1);
      const hubB = (b.containerOf('notes').cradle as NotesDeps).hub;
      await hubB.publish('notes:red', { type: 'note.added', text: 'hello from b' });
      await until(() => red.messages.length === 2);
      expect(red.messages).to.deep.equal([{ type: 'hello' }, { type: 'note.added', text: 'hello from b' }]);
      // Nothing of red's reached blue: blue's next message, published after red's, is its own.
      await hubB.publish('notes:blue', { type: 'note.added', text: 'for blue' });
      await until(() => blue.messages.length >= 2);
      expect(blue.messages).to.deep.equal([{ type: 'hello' }, { type: 'note.added', text: 'for blue' }]);
    } finally {
      red.ws.close();
      blue.ws.close();
    }
  });

  it('refuses an upgrade on an unknown path with 404 and on a guarded path without credential with 401', async () => {
    const unknown = await open(wsUrl(a, '/api/v1/nope')).catch((e) => e);
    expect(unknown.status).to.equal(404);
    expect(JSON.parse(unknown.body).error.code).to.equal('route_not_found');
    const guarded = await open(wsUrl(a, '/api/v1/notes/player-socket'), { cookie: 'signage_session=x' }).catch((e) => e);
    expect(guarded.status).to.equal(401);
    expect(JSON.parse(guarded.body).error.code).to.equal('device_credential_required');
  });

  it('sends what is published in a transaction at its commit, to every process, and nothing of a rollback', async () => {
    const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
    try {
      await until(() => red.messages.length === 1);
      const hubB = (b.containerOf('notes').cradle as NotesDeps).hub;
      await b.db
        .transaction(async (trx) => {
          await hubB.publish('notes:red', { type: 'note.added', text: 'rolled back' }, trx);
          await hubB.publishMany([{ channel: 'notes:red', message: { type: 'note.added', text: 'rolled back too' } }], trx);
          throw new Error('roll back');
        })
        .catch(() => {});
      let committed = false;
      await b.db.transaction(async (trx) => {
        await hubB.publishMany(
          [
            { channel: 'notes:red', message: { type: 'note.added', text: 'one' } },
            { channel: 'notes:red', message: { type: 'note.added', text: 'two' } },
          ],
          trx,
        );
        // Held until the commit: nothing is delivered while the transaction is open.
        await hubB.publish('notes:red', { type: 'note.added', text: 'outside, sent at once' });
        await until(() => red.messages.length === 2);
        committed = true;
      });
      await until(() => red.messages.length === 4);
      expect(committed).to.equal(true);
      expect(red.messages.slice(1).map((m) => (m as { text: string }).text)).to.deep.equal(['outside, sent at once', 'one', 'two']);
    } finally {
      red.ws.close();
    }
  });

  it('refuses a message too large for a cross-process notification', async () => {
    const hub = (a.containerOf('notes').cradle as NotesDeps).hub;
    let error: Error | undefined;
    await hub.publish('notes:red', { text: 'x'.repeat(9_000) }).catch((e: Error) => (error = e));
    expect(error?.message).to.contain('exceeds');
  });

  it('drops a half-open connection that stops answering pings', async function () {
    this.timeout(10_000);
    const { ws } = await open(wsUrl(a, '/api/v1/notes/socket/quiet'));
    const hub = (a.containerOf('notes').cradle as NotesDeps).hub;
    const before = hub.localConnections;
    // Simulate a peer that vanished: stop the client's automatic pong replies.
    (ws as unknown as { _receiver: { removeAllListeners(e: string): void } })._receiver.removeAllListeners('ping');
    ws.pong = () => {};
    const closed = new Promise((r) => ws.once('close', r));
    await until(() => hub.localConnections < before, 5_000);
    expect(hub.localConnections).to.equal(before - 1);
    ws.terminate();
    await closed;
  });
});

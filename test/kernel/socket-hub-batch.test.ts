import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import WebSocket from 'ws';
import type { NotesDeps } from '../fixtures/notes-plugin/notes.plugin.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { MAX_MESSAGE_BYTES, packPayloads, type HubSubscriber } from '../../kernel/ws/hub.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const wsUrl = (k: TestKernel, path: string) => k.url.replace(/^http/, 'ws') + path;

function open(url: string): Promise<{ ws: WebSocket; messages: any[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

const until = (check: () => boolean, ms = 5_000) => eventually(check, Boolean, ms, 25);

describe('socket hub: batched publication', () => {
  describe('packPayloads', () => {
    const entry = (i: number, size = 100) => JSON.stringify({ c: `ch:${i}`, m: { n: i, pad: 'x'.repeat(size) } });

    it('packs entries in order into payloads under the limit, and leaves a lone entry as it is', () => {
      const texts = Array.from({ length: 500 }, (_, i) => entry(i));
      const payloads = packPayloads(texts);
      expect(payloads.length).to.be.greaterThan(1).and.lessThan(15);
      for (const p of payloads) expect(Buffer.byteLength(p)).to.be.at.most(MAX_MESSAGE_BYTES);
      const unpacked = payloads.flatMap((p) => JSON.parse(p).b.map((e: unknown) => JSON.stringify(e)));
      expect(unpacked).to.deep.equal(texts);
      expect(packPayloads([texts[0]!])).to.deep.equal([texts[0]]);
    });

    it('sends an entry that only fits on its own unpacked', () => {
      const big = entry(1, MAX_MESSAGE_BYTES - 40);
      expect(Buffer.byteLength(big)).to.be.at.most(MAX_MESSAGE_BYTES);
      const payloads = packPayloads([entry(0), big, entry(2)]);
      expect(payloads).to.have.length(3);
      expect(payloads[1]).to.equal(big);
    });
  });

  describe('across two server processes on one database', () => {
    let a: TestKernel;
    let b: TestKernel;
    const hubOf = (k: TestKernel) => (k.containerOf('notes').cradle as NotesDeps).hub;

    before(async () => {
      a = await bootTestKernel({ plugins: [notesPlugin] });
      b = await bootTestKernel({ plugins: [notesPlugin], databaseUrl: a.databaseUrl });
    });
    after(async () => {
      await b?.stop();
      await a?.stop();
    });

    it('delivers every message of a batch to the sockets of its channel, on both processes, in order', async () => {
      const onA = await Promise.all(['red', 'blue'].map((c) => open(wsUrl(a, `/api/v1/notes/socket/${c}`))));
      const onB = await open(wsUrl(b, '/api/v1/notes/socket/red'));
      const green = await open(wsUrl(a, '/api/v1/notes/socket/green'));
      try {
        const all = [...onA, onB, green];
        await until(() => all.every((s) => s.messages.length === 1));
        // Enough messages to need several notifications.
        const entries = Array.from({ length: 600 }, (_, i) => ({ channel: i % 2 ? 'notes:blue' : 'notes:red', message: { type: 'note.added', n: i } }));
        await hubOf(b).publishMany(entries);
        const expected = (channel: string) => entries.filter((e) => e.channel === channel).map((e) => e.message);
        await until(() => onA[0]!.messages.length === 301 && onA[1]!.messages.length === 301 && onB.messages.length === 301);
        expect(onA[0]!.messages.slice(1)).to.deep.equal(expected('notes:red'));
        expect(onA[1]!.messages.slice(1)).to.deep.equal(expected('notes:blue'));
        expect(onB.messages.slice(1)).to.deep.equal(expected('notes:red'));
        // Nothing of the batch reached green: green's next message, published after it, is its own.
        await hubOf(b).publish('notes:green', { type: 'note.added', text: 'for green' });
        await until(() => green.messages.length >= 2);
        expect(green.messages).to.deep.equal([{ type: 'hello' }, { type: 'note.added', text: 'for green' }]);
      } finally {
        for (const s of [...onA, onB, green]) s.ws.close();
      }
    });

    it('sends batches published at once one after another on the listening connection, in the order of the calls', async () => {
      const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
      // The listening connection is a single pg client: it must never be handed a statement while one runs.
      const listener = (hubOf(b) as unknown as { listener: { query: (...args: unknown[]) => Promise<unknown> } }).listener;
      const query = listener.query;
      let running = 0;
      let most = 0;
      listener.query = async (...args: unknown[]) => {
        most = Math.max(most, ++running);
        try {
          return await query.apply(listener, args);
        } finally {
          running--;
        }
      };
      try {
        await until(() => red.messages.length === 1);
        const batches = [0, 1, 2].map((b) => Array.from({ length: 300 }, (_, n) => ({ channel: 'notes:red', message: { b, n } })));
        await Promise.all(batches.map((entries) => hubOf(b).publishMany(entries)));
        await until(() => red.messages.length === 901);
        expect(red.messages.slice(1)).to.deep.equal(batches.flat().map((e) => e.message));
        expect(most).to.equal(1);
      } finally {
        listener.query = query;
        red.ws.close();
      }
    });

    it('refuses the whole batch when one message is too large, before sending any', async () => {
      const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
      try {
        await until(() => red.messages.length === 1);
        let error: Error | undefined;
        await hubOf(b)
          .publishMany([
            { channel: 'notes:red', message: { n: 1 } },
            { channel: 'notes:red', message: { text: 'x'.repeat(9_000) } },
          ])
          .catch((e: Error) => (error = e));
        expect(error?.message).to.contain('exceeds');
        // None of the refused batch was sent: red's next message, published after it, is the first it gets.
        await hubOf(b).publish('notes:red', { n: 2 });
        await until(() => red.messages.length >= 2);
        expect(red.messages).to.deep.equal([{ type: 'hello' }, { n: 2 }]);
      } finally {
        red.ws.close();
      }
    });

    it('delivers a batch that repeats itself whole (PostgreSQL would merge equal payloads of one transaction)', async () => {
      const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
      try {
        await until(() => red.messages.length === 1);
        const same = Array.from({ length: 400 }, () => ({ channel: 'notes:red', message: { type: 'same', pad: 'x'.repeat(50) } }));
        await hubOf(b).publishMany(same);
        await until(() => red.messages.length === 401);
        expect(red.messages).to.have.length(401);
      } finally {
        red.ws.close();
      }
    });

    it('sends a batch from a process that does not listen (a worker), one notification after another', async () => {
      const worker = await bootTestKernel({ plugins: [notesPlugin], databaseUrl: a.databaseUrl, role: 'worker' });
      const red = await open(wsUrl(a, '/api/v1/notes/socket/red'));
      try {
        await until(() => red.messages.length === 1);
        const entries = Array.from({ length: 300 }, (_, n) => ({ channel: 'notes:red', message: { n } }));
        await hubOf(worker).publishMany(entries);
        await until(() => red.messages.length === 301);
        expect(red.messages.slice(1)).to.deep.equal(entries.map((e) => e.message));
      } finally {
        red.ws.close();
        await worker.stop();
      }
    });

    it('hands a channel’s messages from any process to an in-process subscriber', async () => {
      const received: unknown[] = [];
      const resets: boolean[] = [];
      const subscriber: HubSubscriber = { message: (m) => received.push(m), reset: (on) => resets.push(on) };
      const unsubscribe = hubOf(a).subscribe('notes:internal', subscriber);
      try {
        // Already listening: told so at once.
        expect(resets).to.deep.equal([true]);
        await hubOf(b).publish('notes:internal', { n: 0 });
        await hubOf(b).publishMany([1, 2, 3].map((n) => ({ channel: 'notes:internal', message: { n } })));
        await until(() => received.length === 4);
        expect(received).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
      } finally {
        unsubscribe();
      }
      // A subscriber still on the channel gets the next message; the one that left does not.
      const witnessed: unknown[] = [];
      const unsubscribeWitness = hubOf(a).subscribe('notes:internal', { message: (m) => witnessed.push(m), reset: () => {} });
      try {
        await hubOf(b).publish('notes:internal', { n: 4 });
        await until(() => witnessed.length === 1);
        expect(witnessed).to.deep.equal([{ n: 4 }]);
        expect(received).to.have.length(4);
      } finally {
        unsubscribeWitness();
      }
    });
  });
});

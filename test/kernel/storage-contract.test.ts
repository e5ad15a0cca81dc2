import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDiskStorage } from '../../kernel/storage/local-disk-storage.js';
import { S3Storage } from '../../kernel/storage/s3-storage.js';
import { type Storage, StorageNotFound } from '../../kernel/storage/storage.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';

const MIB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keysOf = async (storage: Storage, prefix: string) => {
  const out: string[] = [];
  for await (const key of storage.list(prefix)) out.push(key);
  return out;
};
const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A stream that sends `first`, then fails as a client that goes away would. */
const failingAfter = (first: string) =>
  new Readable({
    read() {
      this.push(first);
      this.destroy(new Error('client went away'));
    },
  });

describe('media storage drivers', () => {
  let s3: S3Server;
  let root: string;
  before(async () => {
    s3 = await startS3Server({ buckets: ['contract'] });
  });
  after(async () => {
    await s3?.stop();
  });

  /** The same promises, kept by every driver: what the media module and the others rely on. */
  const drivers: [string, () => Storage][] = [
    [
      'local disk',
      () => {
        root = mkdtempSync(join(tmpdir(), 'signage-storage-'));
        return new LocalDiskStorage(root);
      },
    ],
    // A fresh prefix per test: tests never see each other's objects, as two installations sharing a bucket would not.
    ['S3', () => new S3Storage(s3.configFor('contract', `t${randomBytes(4).toString('hex')}/`))],
  ];

  for (const [name, make] of drivers) {
    describe(`storage contract: ${name}`, () => {
      let storage: Storage;
      beforeEach(() => {
        storage = make();
      });
      afterEach(() => {
        if (storage instanceof LocalDiskStorage) rmSync(root, { recursive: true, force: true });
      });

      it('puts, stats, reads whole and by byte range, and deletes', async () => {
        const stored = await storage.put('assets/a1/original', Readable.from(['0123456789']));
        expect(stored.size).to.equal(10);
        expect((await storage.stat('assets/a1/original'))?.size).to.equal(10);
        expect(await text(await storage.get('assets/a1/original'))).to.equal('0123456789');
        expect(await text(await storage.get('assets/a1/original', { start: 2, end: 4 }))).to.equal('234');
        expect(await text(await storage.get('assets/a1/original', { start: 9, end: 9 }))).to.equal('9');
        await storage.delete('assets/a1/original');
        expect(await storage.stat('assets/a1/original')).to.equal(undefined);
        await storage.delete('assets/a1/original'); // absent: no error
      });

      it('rejects a read of a missing object with StorageNotFound', async () => {
        let error: unknown;
        await storage.get('assets/missing').catch((e) => (error = e));
        expect(error).to.be.instanceOf(StorageNotFound);
        expect(await storage.stat('assets/missing')).to.equal(undefined);
      });

      it('replaces atomically, and keeps the old object when the new one’s stream fails', async () => {
        await storage.put('k/v', Readable.from(['old']));
        let error: Error | undefined;
        await storage.put('k/v', failingAfter('partial')).catch((e: Error) => (error = e));
        expect(error?.message).to.equal('client went away');
        expect(await text(await storage.get('k/v'))).to.equal('old');
        await storage.put('k/v', Readable.from(['new']));
        expect(await text(await storage.get('k/v'))).to.equal('new');
      });

      // On S3 this is one PutObject, which the store keeps or drops whole; s3rver writes into the
      // object as the body arrives, so a failed one cannot be checked against it here.
      it('stores a stream whose size it is told in advance', async () => {
        const bytes = randomBytes(3 * MIB);
        expect((await storage.put('k/sized', Readable.from([bytes]), bytes.length)).size).to.equal(bytes.length);
        expect(sha256(await bytesOf(await storage.get('k/sized')))).to.equal(sha256(bytes));
      });

      it('lists keys under a prefix as a folder, in order', async () => {
        for (const key of ['b/2', 'a/1', 'a/sub/3', 'a10/4', 'c']) await storage.put(key, Readable.from(['x']));
        expect(await keysOf(storage, 'a/')).to.deep.equal(['a/1', 'a/sub/3']);
        expect(await keysOf(storage, 'a')).to.deep.equal(['a/1', 'a/sub/3']);
        expect(await keysOf(storage, '')).to.deep.equal(['a/1', 'a/sub/3', 'a10/4', 'b/2', 'c']);
        expect(await keysOf(storage, 'nothing/')).to.deep.equal([]);
      });

      it('round-trips a file larger than a multipart part (20 MiB), streamed in small chunks', async function () {
        this.timeout(60_000);
        const bytes = randomBytes(20 * MIB);
        const chunks = Array.from({ length: 20 * 16 }, (_, i) => bytes.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
        const stored = await storage.put('assets/big/original.mp4', Readable.from(chunks));
        expect(stored.size).to.equal(bytes.length);
        expect(sha256(await bytesOf(await storage.get('assets/big/original.mp4')))).to.equal(sha256(bytes));
        const middle = await bytesOf(await storage.get('assets/big/original.mp4', { start: 9 * MIB - 7, end: 9 * MIB + 6 }));
        expect(middle.equals(bytes.subarray(9 * MIB - 7, 9 * MIB + 7))).to.equal(true);
      });

      it('says it can write', async () => {
        await storage.checkWritable();
        expect(await keysOf(storage, '')).to.deep.equal([]); // the probe is gone
      });

      it('refuses keys that could escape its place', async () => {
        for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) {
          let error: Error | undefined;
          await storage.put(key, Readable.from(['x'])).catch((e: Error) => (error = e));
          expect(error?.message, key).to.contain('invalid storage key');
        }
      });
    });
  }

  describe('S3 storage', () => {
    it('keeps installations that share a bucket apart by their prefix', async () => {
      const one = new S3Storage(s3.configFor('contract', 'one/'));
      const two = new S3Storage(s3.configFor('contract', 'two/'));
      await one.put('assets/x/original', Readable.from(['one']));
      await two.put('assets/x/original', Readable.from(['two']));
      expect(await keysOf(one, '')).to.deep.equal(['assets/x/original']);
      expect(await text(await two.get('assets/x/original'))).to.equal('two');
    });

    it('says which bucket cannot be used, and why', async () => {
      const missing = new S3Storage(s3.configFor('no-such-bucket'));
      let error: Error | undefined;
      await missing.checkWritable().catch((e: Error) => (error = e));
      expect(error?.message).to.equal('the bucket "no-such-bucket" does not exist');
      const unreachable = new S3Storage({ ...s3.configFor('contract'), endpoint: 'http://127.0.0.1:9' });
      await unreachable.checkWritable().catch((e: Error) => (error = e));
      expect(error?.message).to.match(/^the store cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:9\)$/);
    });

    it('gives no direct URL when serving, and with redirects one that a plain client fetches with Range', async () => {
      const serving = new S3Storage(s3.configFor('contract', 'urls/'));
      await serving.put('assets/p/original.jpg', Readable.from(['0123456789']));
      expect(await serving.directUrl('assets/p/original.jpg', { filename: 'Poster.jpg', mimeType: 'image/jpeg' })).to.equal(undefined);
      const redirecting = new S3Storage({ ...s3.configFor('contract', 'urls/'), downloads: 'redirect' });
      const url = await redirecting.directUrl('assets/p/original.jpg', { filename: 'Poster «big».jpg', mimeType: 'image/jpeg' });
      expect(url?.startsWith(s3.endpoint)).to.equal(true);
      const res = await fetch(url!, { headers: { range: 'bytes=3-5' } });
      expect(res.status).to.equal(206);
      expect(await res.text()).to.equal('345');
      expect(res.headers.get('content-type')).to.equal('image/jpeg');
      expect(res.headers.get('content-disposition')).to.contain("filename*=UTF-8''Poster%20%C2%ABbig%C2%BB.jpg");
    });
  });
});

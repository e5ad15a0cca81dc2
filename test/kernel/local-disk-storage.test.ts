import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDiskStorage } from '../../kernel/storage/local-disk-storage.js';
import { StorageNotFound } from '../../kernel/storage/storage.js';

describe('local disk storage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'signage-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('puts, stats, reads whole and by byte range, and deletes', async () => {
    const stored = await storage.put('assets/a1/original', Readable.from(['0123456789']));
    expect(stored.size).to.equal(10);
    expect((await storage.stat('assets/a1/original'))?.size).to.equal(10);
    expect(await text(await storage.get('assets/a1/original'))).to.equal('0123456789');
    expect(await text(await storage.get('assets/a1/original', { start: 2, end: 4 }))).to.equal('234');
    await storage.delete('assets/a1/original');
    expect(await storage.stat('assets/a1/original')).to.equal(undefined);
    await storage.delete('assets/a1/original'); // absent: no error
  });

  it('rejects a read of a missing object with StorageNotFound', async () => {
    let error: unknown;
    await storage.get('assets/missing').catch((e) => (error = e));
    expect(error).to.be.instanceOf(StorageNotFound);
  });

  it('replaces atomically and leaves nothing behind when the source stream fails', async () => {
    await storage.put('k/v', Readable.from(['old']));
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    let error: Error | undefined;
    await storage.put('k/v', failing).catch((e: Error) => (error = e));
    expect(error?.message).to.equal('client went away');
    expect(await text(await storage.get('k/v'))).to.equal('old');
    expect(readdirSync(join(root, '.tmp'))).to.deep.equal([]);
  });

  it('lists keys under a prefix in order, skipping its temp folder', async () => {
    for (const key of ['b/2', 'a/1', 'a/sub/3', 'c']) await storage.put(key, Readable.from(['x']));
    const list = async (prefix: string) => {
      const out: string[] = [];
      for await (const key of storage.list(prefix)) out.push(key);
      return out;
    };
    expect(await list('a/')).to.deep.equal(['a/1', 'a/sub/3']);
    expect(await list('')).to.deep.equal(['a/1', 'a/sub/3', 'b/2', 'c']);
    expect(await list('nothing/')).to.deep.equal([]);
  });

  it('refuses keys that could escape the root', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) {
      let error: Error | undefined;
      await storage.put(key, Readable.from(['x'])).catch((e: Error) => (error = e));
      expect(error?.message, key).to.contain('invalid storage key');
    }
  });
});

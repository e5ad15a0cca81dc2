import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from '../../kernel/storage/local-disk-storage.js';

// What every driver promises is in storage-contract.test.ts; these are the local disk's own.
describe('local disk storage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'signage-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('leaves nothing in its temp folder when a source stream fails, and never lists that folder', async () => {
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    await storage.put('k/v', failing).catch(() => {});
    expect(readdirSync(join(root, '.tmp'))).to.deep.equal([]);
    writeFileSync(join(root, '.tmp', 'in-flight'), 'x');
    await storage.put('k/v', Readable.from(['v']));
    const keys: string[] = [];
    for await (const key of storage.list('')) keys.push(key);
    expect(keys).to.deep.equal(['k/v']);
  });

  it('tells the free room and the device of the disk under it', async () => {
    mkdirSync(root, { recursive: true });
    const space = await storage.space();
    expect(space.device).to.equal(statSync(root).dev);
    expect(space.freeBytes).to.be.greaterThan(0);
  });
});

import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { BackgroundHash } from '../../core-modules/backups/background-hash.js';

describe('backups: the archive hash on a worker thread', () => {
  it('passes every byte on unchanged and hashes them as createHash does, past the bytes it lets wait', async () => {
    // 40 MiB in 1 MiB pieces: more than the 4 MiB the thread may have waiting, so the stream must pause and resume.
    const pieces = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1024 * 1024, i));
    const expected = createHash('sha256');
    for (const piece of pieces) expected.update(piece);
    const hash = new BackgroundHash();
    const passed = createHash('sha256');
    let bytes = 0;
    await pipeline(
      Readable.from(pieces),
      hash,
      new Writable({
        write(chunk, _enc, done) {
          passed.update(chunk);
          bytes += chunk.length;
          done();
        },
      }),
    );
    const digest = expected.digest('hex');
    expect(bytes).to.equal(40 * 1024 * 1024);
    expect(passed.digest('hex')).to.equal(digest);
    expect(await hash.digest()).to.equal(digest);
  });
});

import { expect } from 'chai';
import {
  CHUNK_BYTES,
  canRetry,
  chunkAt,
  emptyQueue,
  failureOf,
  nextToStart,
  totals,
  type UploadAction,
  type UploadQueueState,
  uploadQueue,
} from '../../console/src/media/upload-queue.js';

const MB = 1024 * 1024;
const run = (actions: UploadAction[], from: UploadQueueState = emptyQueue) => actions.reduce(uploadQueue, from);
const three = run([
  {
    type: 'add',
    files: [
      { key: 'a', name: 'a.png', size: 10 * MB },
      { key: 'b', name: 'b.mp4', size: 30 * MB },
      { key: 'c', name: 'c.png', size: 10 * MB },
      { key: 'd', name: 'd.png', size: 50 * MB },
    ],
  },
]);
const phaseOf = (state: UploadQueueState, key: string) => state.entries.find((e) => e.key === key)?.phase;

describe('console upload queue', () => {
  it('starts at most three files at a time, oldest first, and the next one when a slot frees', () => {
    expect(nextToStart(three)).to.deep.equal(['a', 'b', 'c']);
    const started = run(
      ['a', 'b', 'c'].map((key) => ({ type: 'start', key }) as const),
      three,
    );
    expect(nextToStart(started)).to.deep.equal([]);
    const oneUploaded = run([{ type: 'uploaded', key: 'a', assetId: 'asset-a' }], started);
    expect(phaseOf(oneUploaded, 'a')).to.equal('processing');
    expect(nextToStart(oneUploaded)).to.deep.equal(['d']);
  });

  it('follows a file from queued through uploading and processing to ready, with total progress in bytes', () => {
    const state = run(
      [
        { type: 'start', key: 'a' },
        { type: 'created', key: 'a', uploadId: 'up-a' },
        { type: 'progress', key: 'a', offset: 5 * MB },
      ],
      three,
    );
    expect(state.entries[0]).to.include({ phase: 'uploading', sent: 5 * MB, uploadId: 'up-a' });
    expect(totals(state)).to.include({ sentBytes: 5 * MB, totalBytes: 100 * MB, percent: 5, ready: 0, busy: true });
    const processing = run(
      [
        { type: 'uploaded', key: 'a', assetId: 'asset-a' },
        { type: 'processing', key: 'a', percent: 40 },
      ],
      state,
    );
    expect(processing.entries[0]).to.include({ phase: 'processing', sent: 10 * MB, processingPercent: 40, assetId: 'asset-a' });
    const ready = run([{ type: 'ready', key: 'a' }], processing);
    expect(ready.entries[0]).to.include({ phase: 'ready', processingPercent: 100 });
    expect(totals(ready)).to.include({ ready: 1, files: 4 });
  });

  it('never lets progress pass the file size, nor move a file that is not uploading', () => {
    const state = run(
      [
        { type: 'start', key: 'a' },
        { type: 'progress', key: 'a', offset: 99 * MB },
        { type: 'progress', key: 'b', offset: 3 * MB },
      ],
      three,
    );
    expect(state.entries[0]?.sent).to.equal(10 * MB);
    expect(state.entries[1]?.sent).to.equal(0);
  });

  it('retries a dropped upload from its server upload, keeping the bytes already sent', () => {
    const failed = run(
      [
        { type: 'start', key: 'b' },
        { type: 'created', key: 'b', uploadId: 'up-b' },
        { type: 'progress', key: 'b', offset: 10 * MB },
        { type: 'failed', key: 'b', failure: { kind: 'network', message: 'gone' } },
      ],
      three,
    );
    const b = failed.entries[1]!;
    expect(b.phase).to.equal('failed');
    expect(canRetry(b)).to.equal(true);
    expect(totals(failed)).to.include({ failed: 1, totalBytes: 70 * MB });
    const retried = run([{ type: 'retry', key: 'b' }], failed).entries[1]!;
    expect(retried).to.include({ phase: 'queued', uploadId: 'up-b', sent: 10 * MB });
    expect(retried.failure).to.equal(undefined);
  });

  it('does not offer a retry for a file too large or of an unsupported type', () => {
    const state = run(
      [
        { type: 'failed', key: 'a', failure: { kind: 'too_large', message: 'big' } },
        { type: 'failed', key: 'c', failure: { kind: 'unsupported', message: 'no' } },
        { type: 'retry', key: 'a' },
      ],
      three,
    );
    expect(canRetry(state.entries[0]!)).to.equal(false);
    expect(canRetry(state.entries[2]!)).to.equal(false);
    expect(phaseOf(state, 'a')).to.equal('failed');
  });

  it('retries a failed processing on the server side: the file goes back to processing, not to uploading', () => {
    const state = run(
      [
        { type: 'uploaded', key: 'a', assetId: 'asset-a' },
        { type: 'failed', key: 'a', failure: { kind: 'processing', message: 'broken' } },
        { type: 'retry', key: 'a' },
      ],
      three,
    );
    expect(phaseOf(state, 'a')).to.equal('processing');
  });

  it('removes a cancelled file and clears the finished ones', () => {
    const state = run(
      [{ type: 'remove', key: 'b' }, { type: 'uploaded', key: 'a', assetId: 'x' }, { type: 'ready', key: 'a' }, { type: 'clearFinished' }],
      three,
    );
    expect(state.entries.map((e) => e.key)).to.deep.equal(['c', 'd']);
  });

  it('cuts a file into chunks from the offset the server reports', () => {
    expect(chunkAt(0, 12 * MB)).to.deep.equal({ start: 0, end: CHUNK_BYTES });
    expect(chunkAt(CHUNK_BYTES * 2, 12 * MB)).to.deep.equal({ start: CHUNK_BYTES * 2, end: 12 * MB });
    expect(chunkAt(3, 10, 4)).to.deep.equal({ start: 3, end: 7 });
  });

  it('tells the kinds of server refusal apart', () => {
    expect(failureOf(413, 'upload_too_large', 'too big', { maximumSizeBytes: 1000 })).to.deep.equal({
      kind: 'too_large',
      message: 'too big',
      maximumSizeBytes: 1000,
    });
    expect(failureOf(415, 'unsupported_media_type', 'no').kind).to.equal('unsupported');
    expect(failureOf(415, 'unsupported_content_type', 'wrong header').kind).to.equal('other');
    expect(failureOf(507, 'insufficient_storage', 'full').kind).to.equal('disk_full');
    expect(failureOf(undefined, undefined, 'offline').kind).to.equal('network');
  });
});

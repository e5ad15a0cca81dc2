import { expect } from 'chai';
import { parseRange } from '../../browser-player/src/offline/byte-range.js';
import { hashingStream, runningHash } from '../../browser-player/src/offline/file-hash.js';
import { filesToKeep } from '../../browser-player/src/offline/horizon.js';
import { continuation, PieceReader } from '../../browser-player/src/offline/resume.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { sha256 } from '../support/library-assets.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

function asset(name: string, window: { availableFrom?: string | null; expiresAt?: string | null } = {}): ManifestAsset {
  return {
    assetId: name,
    variantId: `${name}-v`,
    mimeType: 'image/png',
    sha256: '0'.repeat(64),
    fileSize: 10,
    downloadPath: `/api/v1/player/assets/${name}/variants/${name}-v`,
    ...window,
  };
}

const manifestOf = (assets: ManifestAsset[], prefetchHorizonDays = 7) => ({ assets, prefetchHorizonDays }) as Manifest;
const names = (assets: ManifestAsset[]) => assets.map((a) => a.assetId);

describe('browser player offline rules', () => {
  describe('the files a player keeps', () => {
    it('keeps what plays now and what starts within the prefetch horizon, not what starts later or has expired', () => {
      const kept = filesToKeep(
        manifestOf([
          asset('always'),
          asset('now', { availableFrom: iso(NOW - DAY), expiresAt: iso(NOW + DAY) }),
          asset('next-week', { availableFrom: iso(NOW + 7 * DAY) }),
          asset('next-month', { availableFrom: iso(NOW + 30 * DAY) }),
          asset('expired', { expiresAt: iso(NOW) }),
        ]),
        NOW,
      );
      expect(names(kept)).to.deep.equal(['always', 'now', 'next-week']);
    });

    it('skips a file whose window cannot be read, and keeps a file named twice once', () => {
      const kept = filesToKeep(manifestOf([asset('a'), asset('bad', { availableFrom: 'soon' }), asset('a')]), NOW);
      expect(names(kept)).to.deep.equal(['a']);
    });

    it('follows the horizon the server sets', () => {
      const later = asset('in-three-days', { availableFrom: iso(NOW + 3 * DAY) });
      expect(filesToKeep(manifestOf([later], 2), NOW)).to.deep.equal([]);
      expect(names(filesToKeep(manifestOf([later], 3), NOW))).to.deep.equal(['in-three-days']);
    });
  });

  describe('the part of a kept file a Range asks for', () => {
    it('reads the forms video elements send', () => {
      expect(parseRange('bytes=0-', 1000)).to.deep.equal({ start: 0, end: 999 });
      expect(parseRange('bytes=100-199', 1000)).to.deep.equal({ start: 100, end: 199 });
      expect(parseRange('bytes=-100', 1000)).to.deep.equal({ start: 900, end: 999 });
      // An end past the file is cut to it; a suffix longer than the file is the whole file.
      expect(parseRange('bytes=900-5000', 1000)).to.deep.equal({ start: 900, end: 999 });
      expect(parseRange('bytes=-5000', 1000)).to.deep.equal({ start: 0, end: 999 });
    });

    it('answers the whole file where there is no single byte range, and nothing past the end', () => {
      expect(parseRange(null, 1000)).to.equal(undefined);
      expect(parseRange('bytes=0-1,5-6', 1000)).to.equal(undefined);
      expect(parseRange('items=0-1', 1000)).to.equal(undefined);
      expect(parseRange('bytes=200-100', 1000)).to.equal(undefined);
      expect(parseRange('bytes=1000-', 1000)).to.equal('unsatisfiable');
      expect(parseRange('bytes=-0', 1000)).to.equal('unsatisfiable');
    });
  });

  it('hashes a file as it streams past, chunk by chunk, as SHA-256 of the whole', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) % 251);
    const hashing = hashingStream();
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536));
        controller.close();
      },
    });
    const passed = new Uint8Array(await new Response(source.pipeThrough(hashing.transform)).arrayBuffer());
    expect(passed).to.deep.equal(bytes);
    expect(hashing.result()).to.deep.equal({ sha256: sha256(bytes), size: bytes.length });
  });

  describe('resuming a download', () => {
    const kept = { offset: 800, size: 1000, etag: '"v1"' };
    it('continues the kept part only with the rest of the same file', () => {
      expect(continuation({ status: 206, contentRange: 'bytes 800-999/1000', etag: '"v1"' }, kept)).to.equal('continue');
      // A bucket may not expose its ETag: the checksum of the whole file still decides.
      expect(continuation({ status: 206, contentRange: 'bytes 800-999/1000', etag: null }, kept)).to.equal('continue');
    });

    it('starts over on the whole file, another part, another length or a changed file', () => {
      expect(continuation({ status: 200, contentRange: null, etag: '"v1"' }, kept)).to.equal('start-over');
      expect(continuation({ status: 206, contentRange: 'bytes 0-999/1000', etag: '"v1"' }, kept)).to.equal('start-over');
      expect(continuation({ status: 206, contentRange: 'bytes 800-1199/1200', etag: '"v1"' }, kept)).to.equal('start-over');
      expect(continuation({ status: 206, contentRange: 'bytes 800-999/1000', etag: '"v2"' }, kept)).to.equal('start-over');
      expect(continuation({ status: 206, contentRange: null, etag: '"v1"' }, kept)).to.equal('start-over');
      expect(() => continuation({ status: 416, contentRange: 'bytes */1000', etag: null }, kept)).to.throw('416');
    });

    it('cuts a stream into pieces of the lengths asked, whatever its chunks, and a short piece fails', async () => {
      const bytes = new Uint8Array(1000).map((_, i) => i % 251);
      const source = (upTo: number) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < upTo; at += 300) controller.enqueue(bytes.subarray(at, Math.min(upTo, at + 300)));
            controller.close();
          },
        });
      const hash = runningHash();
      const pieces = new PieceReader(source(1000).getReader(), (chunk) => hash.update(chunk));
      const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
      expect(await read(pieces.next(400))).to.deep.equal(bytes.subarray(0, 400));
      expect(await read(pieces.next(400))).to.deep.equal(bytes.subarray(400, 800));
      expect(await read(pieces.next(200))).to.deep.equal(bytes.subarray(800));
      expect(await pieces.hasMore()).to.equal(false);
      expect(hash.result()).to.deep.equal({ sha256: sha256(bytes), size: 1000 });

      const short = new PieceReader(source(500).getReader(), () => undefined);
      await read(short.next(400));
      let failure: unknown;
      await read(short.next(400)).catch((err) => (failure = err));
      expect(String(failure)).to.contain('300 bytes short');
    });

    it('hashes a kept part from disk and the rest as it arrives as SHA-256 of the whole', async () => {
      const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 253);
      const hash = runningHash();
      await hash.absorb(new Blob([bytes.subarray(0, 123_456)]));
      hash.update(bytes.subarray(123_456));
      expect(hash.result()).to.deep.equal({ sha256: sha256(bytes), size: bytes.length });
    });
  });
});

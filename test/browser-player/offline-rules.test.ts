import { expect } from 'chai';
import { parseRange } from '../../browser-player/src/offline/byte-range.js';
import { hashingStream } from '../../browser-player/src/offline/file-hash.js';
import { filesToKeep } from '../../browser-player/src/offline/horizon.js';
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
});

import { expect } from 'chai';
import { ImportProgress } from '../../core-modules/media/uploads/import-progress.js';
import { KeyedMutex } from '../../core-modules/media/uploads/keyed-mutex.js';
import { sniffMediaType } from '../../core-modules/media/uploads/sniff-media-type.js';
import { assetNameFrom } from '../../core-modules/media/uploads/upload-completion.service.js';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('upload rules', () => {
  describe('magic-byte detection', () => {
    it('recognises every accepted signature', () => {
      expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))).to.deep.equal({ type: 'image', mimeType: 'image/jpeg', ext: '.jpg' });
      expect(sniffMediaType(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]))?.mimeType).to.equal('image/png');
      expect(sniffMediaType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mimeType).to.equal('image/webp');
      expect(sniffMediaType(bytes('GIF87a'))?.mimeType).to.equal('image/gif');
      expect(sniffMediaType(bytes('GIF89a'))?.mimeType).to.equal('image/gif');
      expect(sniffMediaType(bytes([0, 0, 0, 0x20], 'ftypisom'))).to.deep.equal({ type: 'video', mimeType: 'video/mp4', ext: '.mp4' });
      expect(sniffMediaType(bytes([0, 0, 0, 0x14], 'ftypqt  '))).to.deep.equal({ type: 'video', mimeType: 'video/mp4', ext: '.mov' });
      expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).to.deep.equal({
        type: 'video',
        mimeType: 'video/x-matroska',
        ext: '.webm',
      });
      expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))?.ext).to.equal('.mkv');
    });

    it('refuses anything else, including truncated signatures', () => {
      for (const head of [
        bytes(''),
        bytes([0xff, 0xd8]),
        bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
        bytes('GIF88a'),
        bytes('%PDF-1.7'),
        bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
        bytes([0x89], 'PNG'),
      ]) {
        expect(sniffMediaType(head), JSON.stringify(head.toString('latin1'))).to.equal(undefined);
      }
    });
  });

  it('names assets after the file: no folder, no extension, at most 180 characters', () => {
    expect(assetNameFrom('Summer sale.mp4')).to.equal('Summer sale');
    expect(assetNameFrom('C:\\Users\\ann\\menu.v2.png')).to.equal('menu.v2');
    expect(assetNameFrom('photos/2026/beach.jpeg')).to.equal('beach');
    expect(assetNameFrom('README')).to.equal('README');
    expect(assetNameFrom('.jpg')).to.equal('Untitled media');
    expect(assetNameFrom('   .png')).to.equal('Untitled media');
    expect(assetNameFrom(`${'é'.repeat(200)}.png`)).to.equal('é'.repeat(180));
  });

  it('runs one piece of work per key at a time, different keys side by side', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let b1Ended!: () => void;
    const b1Done = new Promise<void>((resolve) => (b1Ended = resolve));
    const work =
      (name: string, until: Promise<void> = Promise.resolve()) =>
      async () => {
        log.push(`${name} start`);
        await until;
        log.push(`${name} end`);
        if (name === 'b1') b1Ended();
        if (name === 'a1') throw new Error('a1 failed');
        return name;
      };
    // a1 holds key a until b1 has run (were b queued behind a, this would never settle), and a2 waits for a1.
    const results = await Promise.allSettled([mutex.run('a', work('a1', b1Done)), mutex.run('a', work('a2')), mutex.run('b', work('b1'))]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2 start')).to.be.greaterThan(log.indexOf('a1 end')); // a failure does not break the chain
    expect(log.indexOf('b1 end')).to.be.lessThan(log.indexOf('a1 end'));
  });

  it('reports import progress as plain lines when there is no terminal', () => {
    const lines: string[] = [];
    const progress = new ImportProgress({ line: (t) => lines.push(t) }, 2, 4_000_000);
    progress.startFile(1, 'a.mp4', 2_000_000, 0);
    for (let i = 0; i < 10; i++) progress.advance(200_000);
    progress.finishFile('uploaded a.mp4');
    progress.startFile(2, 'b.mp4', 2_000_000, 1_000_000);
    progress.advance(1_000_000);
    expect(lines).to.deep.equal([
      '[1/2] a.mp4 (2.0 MB)',
      '  a.mp4: 30% (total 15%, 600.0 kB of 4.0 MB)',
      '  a.mp4: 50% (total 25%, 1.0 MB of 4.0 MB)',
      '  a.mp4: 80% (total 40%, 1.6 MB of 4.0 MB)',
      '  uploaded a.mp4',
      '[2/2] b.mp4 (2.0 MB, resuming at 1.0 MB)',
    ]);
  });
});

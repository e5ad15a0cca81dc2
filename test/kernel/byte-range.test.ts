import { expect } from 'chai';
import { etagMatches, parseEntityTags, parseRange, planFileResponse, type FileValidators } from '../../kernel/http/byte-range.js';
import { contentDisposition } from '../../kernel/http/file-response.js';

const FILE: FileValidators = { size: 100, etag: '"sha256-abc"', lastModified: new Date('2026-03-01T10:00:00.750Z') };
const plan = (c: Partial<Parameters<typeof planFileResponse>[0]>, v = FILE) => planFileResponse({ method: 'GET', ...c }, v);

describe('byte ranges and conditional requests (unit)', () => {
  describe('parseRange', () => {
    it('reads first-last, open-ended and suffix ranges', () => {
      expect(parseRange('bytes=0-9', 100)).to.deep.equal({ kind: 'single', span: { start: 0, end: 9 } });
      expect(parseRange('bytes=5-', 100)).to.deep.equal({ kind: 'single', span: { start: 5, end: 99 } });
      expect(parseRange('bytes=-10', 100)).to.deep.equal({ kind: 'single', span: { start: 90, end: 99 } });
      expect(parseRange('bytes=-500', 100)).to.deep.equal({ kind: 'single', span: { start: 0, end: 99 } });
      expect(parseRange('Bytes = 10-19 ', 100)).to.deep.equal({ kind: 'single', span: { start: 10, end: 19 } });
    });

    it('clamps a last position past the end', () => {
      expect(parseRange('bytes=90-1000', 100)).to.deep.equal({ kind: 'single', span: { start: 90, end: 99 } });
      expect(parseRange('bytes=0-99999999999999999999', 100)).to.deep.equal({ kind: 'single', span: { start: 0, end: 99 } });
    });

    it('finds unsatisfiable ranges: start at or past the end, empty suffix, empty file', () => {
      expect(parseRange('bytes=100-', 100)).to.deep.equal({ kind: 'unsatisfiable' });
      expect(parseRange('bytes=200-300', 100)).to.deep.equal({ kind: 'unsatisfiable' });
      expect(parseRange('bytes=-0', 100)).to.deep.equal({ kind: 'unsatisfiable' });
      expect(parseRange('bytes=0-', 0)).to.deep.equal({ kind: 'unsatisfiable' });
      expect(parseRange('bytes=-5', 0)).to.deep.equal({ kind: 'unsatisfiable' });
    });

    it('ignores malformed headers and other units', () => {
      for (const header of ['bytes=', 'bytes=abc', 'bytes=5-1', 'bytes=-', 'items=0-5', 'bytes 0-5', 'bytes=1-2-3', 'bytes=0x1-2']) {
        expect(parseRange(header, 100), header).to.deep.equal({ kind: 'none' });
      }
      expect(parseRange(undefined, 100)).to.deep.equal({ kind: 'none' });
    });

    it('answers several ranges with the whole file, unless none of them can be satisfied', () => {
      expect(parseRange('bytes=0-1,5-6', 100)).to.deep.equal({ kind: 'none' });
      expect(parseRange('bytes=0-1,500-600', 100)).to.deep.equal({ kind: 'none' });
      expect(parseRange('bytes=200-300,400-', 100)).to.deep.equal({ kind: 'unsatisfiable' });
      expect(parseRange('bytes=0-1,', 100)).to.deep.equal({ kind: 'single', span: { start: 0, end: 1 } });
    });
  });

  describe('entity tags', () => {
    it('parses lists, weak tags and *', () => {
      expect(parseEntityTags('"a", W/"b" ,"c"')).to.deep.equal([
        { weak: false, tag: '"a"' },
        { weak: true, tag: '"b"' },
        { weak: false, tag: '"c"' },
      ]);
      expect(parseEntityTags('*')).to.equal('*');
      expect(parseEntityTags('abc')).to.equal(undefined);
    });

    it('compares weakly for If-None-Match and strongly for If-Match', () => {
      expect(etagMatches('W/"sha256-abc"', '"sha256-abc"', false)).to.equal(true);
      expect(etagMatches('W/"sha256-abc"', '"sha256-abc"', true)).to.equal(false);
      expect(etagMatches('"x", "sha256-abc"', '"sha256-abc"', true)).to.equal(true);
      expect(etagMatches('"sha256-abd"', '"sha256-abc"', false)).to.equal(false);
    });
  });

  describe('planFileResponse', () => {
    it('serves the whole file without conditions', () => {
      expect(plan({})).to.deep.equal({ status: 200, span: { start: 0, end: 99 } });
      expect(plan({}, { ...FILE, size: 0 })).to.deep.equal({ status: 200, span: undefined });
    });

    it('serves a range as 206 and refuses an unsatisfiable one with 416', () => {
      expect(plan({ range: 'bytes=0-9' })).to.deep.equal({ status: 206, span: { start: 0, end: 9 } });
      expect(plan({ range: 'bytes=0-99' })).to.deep.equal({ status: 206, span: { start: 0, end: 99 } });
      expect(plan({ range: 'bytes=100-' })).to.deep.equal({ status: 416 });
    });

    it('answers 304 to a matching If-None-Match, ignoring If-Modified-Since then', () => {
      expect(plan({ ifNoneMatch: '"sha256-abc"' })).to.deep.equal({ status: 304 });
      expect(plan({ ifNoneMatch: '*' })).to.deep.equal({ status: 304 });
      expect(plan({ ifNoneMatch: '"other"', ifModifiedSince: 'Sun, 01 Mar 2026 10:00:00 GMT' }).status).to.equal(200);
      // A 304 wins over a Range: the client already has the bytes.
      expect(plan({ ifNoneMatch: '"sha256-abc"', range: 'bytes=0-1' })).to.deep.equal({ status: 304 });
    });

    it('compares If-Modified-Since at whole seconds', () => {
      expect(plan({ ifModifiedSince: 'Sun, 01 Mar 2026 10:00:00 GMT' })).to.deep.equal({ status: 304 });
      expect(plan({ ifModifiedSince: 'Sun, 01 Mar 2026 09:59:59 GMT' }).status).to.equal(200);
      expect(plan({ ifModifiedSince: 'not a date' }).status).to.equal(200);
    });

    it('honours a Range only while If-Range still names this file', () => {
      expect(plan({ range: 'bytes=0-9', ifRange: '"sha256-abc"' }).status).to.equal(206);
      expect(plan({ range: 'bytes=0-9', ifRange: '"sha256-old"' })).to.deep.equal({ status: 200, span: { start: 0, end: 99 } });
      expect(plan({ range: 'bytes=0-9', ifRange: 'W/"sha256-abc"' }).status, 'weak tags never match If-Range').to.equal(200);
      expect(plan({ range: 'bytes=0-9', ifRange: 'Sun, 01 Mar 2026 10:00:00 GMT' }).status).to.equal(206);
      expect(plan({ range: 'bytes=0-9', ifRange: 'Sun, 01 Mar 2026 09:00:00 GMT' }).status).to.equal(200);
    });

    it('answers 412 when If-Match or If-Unmodified-Since fails', () => {
      expect(plan({ ifMatch: '"sha256-other"' })).to.deep.equal({ status: 412 });
      expect(plan({ ifMatch: '"sha256-abc"', range: 'bytes=1-2' }).status).to.equal(206);
      expect(plan({ ifUnmodifiedSince: 'Sun, 01 Mar 2026 09:00:00 GMT' })).to.deep.equal({ status: 412 });
      expect(plan({ ifUnmodifiedSince: 'Sun, 01 Mar 2026 10:00:00 GMT' }).status).to.equal(200);
    });
  });

  it('builds an inline Content-Disposition that is safe in a header', () => {
    expect(contentDisposition('Lobby loop.mp4')).to.equal(`inline; filename="Lobby loop.mp4"; filename*=UTF-8''Lobby%20loop.mp4`);
    const tricky = contentDisposition('Café "menu"\r\nX: y (1).jpg');
    expect(tricky).not.to.match(/[\r\n]/);
    expect(tricky).to.contain(`filename="Caf_ _menu___X_ y _1_.jpg"`);
    expect(tricky).to.contain(`filename*=UTF-8''Caf%C3%A9%20%22menu%22%0D%0AX%3A%20y%20%281%29.jpg`);
  });
});

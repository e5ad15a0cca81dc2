import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeFrame, type Frame, parseFrame } from '../../core-modules/screens/live-stream/live-stream-frames.js';
import { FrameAssembler, type FramePiece, framePieces } from '../../core-modules/screens/live-stream/live-stream-relay.js';

const jpegOf = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8]), randomBytes(size), Buffer.from([0xff, 0xd9])]);

describe('live stream frames', () => {
  it('reads a TCLS v1 frame as the players write it, and refuses what is not one', () => {
    const sessionId = randomUUID();
    const jpeg = jpegOf(500);
    const frame = parseFrame(encodeFrame(sessionId, 1_795_000_000_123, 640, 360, jpeg)) as Frame;
    expect(frame).to.deep.include({ sessionId, width: 640, height: 360 });
    expect(frame.capturedAt.toISOString()).to.equal(new Date(1_795_000_000_123).toISOString());
    expect(frame.jpeg.equals(jpeg)).to.equal(true);

    const problem = (data: Buffer) => (parseFrame(data) as { problem: string }).problem;
    const good = encodeFrame(sessionId, Date.now(), 320, 180, jpeg);
    expect(problem(good.subarray(0, 36))).to.equal('too short');
    expect(problem(Buffer.concat([Buffer.from('TCLX'), good.subarray(4)]))).to.equal('not a TCLS version 1 frame');
    const version2 = Buffer.from(good);
    version2[4] = 2;
    expect(problem(version2)).to.equal('not a TCLS version 1 frame');
    expect(problem(encodeFrame(sessionId, 0, 320, 180, jpeg))).to.equal('no capture time');
    expect(problem(encodeFrame(sessionId, Date.now(), 0, 180, jpeg))).to.equal('dimensions beyond 640×360');
    expect(problem(encodeFrame(sessionId, Date.now(), 320, 361, jpeg))).to.equal('dimensions beyond 640×360');
    expect(problem(encodeFrame(sessionId, Date.now(), 320, 180, jpegOf(100 * 1024 - 3)))).to.equal('a JPEG over 102400 bytes');
    expect(problem(encodeFrame(sessionId, Date.now(), 320, 180, Buffer.concat([jpeg, Buffer.from([0])])))).to.equal('not a complete JPEG');
  });

  it('cuts a frame into hub-sized pieces and puts it back together, dropping a frame whose pieces go astray', () => {
    const frame = (size: number) => parseFrame(encodeFrame(randomUUID(), Date.now(), 640, 360, jpegOf(size))) as Frame;
    const big = frame(100 * 1024 - 4);
    const pieces = framePieces(big).map((e) => e.message as FramePiece);
    expect(pieces.length).to.be.above(15);
    for (const entry of framePieces(big)) expect(Buffer.byteLength(JSON.stringify({ c: entry.channel, m: entry.message }))).to.be.below(7_800);

    const assembler = new FrameAssembler();
    const results = pieces.map((p) => assembler.take(p));
    expect(results.slice(0, -1).every((r) => r === undefined)).to.equal(true);
    expect(results.at(-1)!.jpeg.equals(big.jpeg)).to.equal(true);

    // A piece lost: that frame is dropped, and the next one still arrives whole.
    const lossy = framePieces(frame(20_000)).map((e) => e.message as FramePiece);
    const next = frame(20_000);
    expect([...lossy.slice(0, 1), ...lossy.slice(2)].map((p) => assembler.take(p)).filter(Boolean)).to.deep.equal([]);
    const whole = framePieces(next)
      .map((e) => assembler.take(e.message as FramePiece))
      .filter(Boolean);
    expect(whole).to.have.length(1);
    expect(whole[0]!.jpeg.equals(next.jpeg)).to.equal(true);
  });
});

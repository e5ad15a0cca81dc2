/**
 * The player's live-stream frame on its socket (binary, `TCLS` version 1, as the reference's players
 * send it): magic, version, the session's 16 bytes, the capture time (Unix ms, int64 BE), width and
 * height (uint16 BE), then one complete JPEG.
 */
export const FRAME_INTERVAL_MS = 125;
export const MAX_WIDTH = 640;
export const MAX_HEIGHT = 360;
export const MAX_FRAME_BYTES = 100 * 1024;

const MAGIC = 'TCLS';
const HEADER_BYTES = 33;

export interface Frame {
  sessionId: string;
  capturedAt: Date;
  width: number;
  height: number;
  jpeg: Buffer;
}

const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The frame, or why it is refused. */
export function parseFrame(data: Buffer): Frame | { problem: string } {
  if (data.length < HEADER_BYTES + 4) return { problem: 'too short' };
  if (data.toString('latin1', 0, 4) !== MAGIC || data[4] !== 1) return { problem: 'not a TCLS version 1 frame' };
  const capturedAtMs = Number(data.readBigInt64BE(21));
  const width = data.readUInt16BE(29);
  const height = data.readUInt16BE(31);
  const jpeg = data.subarray(HEADER_BYTES);
  if (!(capturedAtMs > 0) || !Number.isSafeInteger(capturedAtMs)) return { problem: 'no capture time' };
  if (width < 1 || width > MAX_WIDTH || height < 1 || height > MAX_HEIGHT) return { problem: `dimensions beyond ${MAX_WIDTH}×${MAX_HEIGHT}` };
  if (jpeg.length > MAX_FRAME_BYTES) return { problem: `a JPEG over ${MAX_FRAME_BYTES} bytes` };
  // A complete JPEG starts with SOI (FF D8) and ends with EOI (FF D9).
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[jpeg.length - 2] !== 0xff || jpeg[jpeg.length - 1] !== 0xd9) return { problem: 'not a complete JPEG' };
  return { sessionId: uuidOf(data.subarray(5, 21)), capturedAt: new Date(capturedAtMs), width, height, jpeg: Buffer.from(jpeg) };
}

/** Builds a frame as a player does (for tests and tools). */
export function encodeFrame(sessionId: string, capturedAtMs: number, width: number, height: number, jpeg: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt8(1, 4);
  Buffer.from(sessionId.replaceAll('-', ''), 'hex').copy(header, 5);
  header.writeBigInt64BE(BigInt(Math.trunc(capturedAtMs)), 21);
  header.writeUInt16BE(width, 29);
  header.writeUInt16BE(height, 31);
  return Buffer.concat([header, jpeg]);
}

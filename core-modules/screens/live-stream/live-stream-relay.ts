import { randomUUID } from 'node:crypto';
import type { HubEntry } from '../../../kernel/ws/hub.js';
import type { Frame } from './live-stream-frames.js';

/**
 * Frames go from the process holding the player's socket to the processes serving its viewers
 * through the hub, on the session's channel: a JPEG is cut into pieces that each fit a notification,
 * published together and in order, and put back together on arrival. The session's channel also
 * carries its lease's news (renewed, ended), so a viewer anywhere stops when it should.
 */
export const sessionChannel = (sessionId: string) => `live-stream:${sessionId}`;

// Base64 characters per piece: with the envelope, well under the hub's 7,800 bytes a message.
const PIECE_CHARS = 7_000;
// Which process cut a frame, and its number there: pieces of two frames never mix.
const PUBLISHER = randomUUID().slice(0, 8);
let sequence = 0;

export interface FramePiece {
  kind: 'piece';
  frame: string;
  index: number;
  count: number;
  capturedAt: number;
  data: string;
}

export type LeaseNews = { kind: 'renewed'; expiresAt: string } | { kind: 'ended' };

export function framePieces(frame: Frame): HubEntry[] {
  const id = `${PUBLISHER}:${++sequence}`;
  const data = frame.jpeg.toString('base64');
  const count = Math.ceil(data.length / PIECE_CHARS);
  return Array.from({ length: count }, (_, index) => ({
    channel: sessionChannel(frame.sessionId),
    message: {
      kind: 'piece',
      frame: id,
      index,
      count,
      capturedAt: frame.capturedAt.getTime(),
      data: data.slice(index * PIECE_CHARS, (index + 1) * PIECE_CHARS),
    } satisfies FramePiece,
  }));
}

/** Puts pieces back into JPEGs; a frame whose pieces stop arriving in order is dropped for the next. */
export class FrameAssembler {
  private current?: { frame: string; parts: string[]; count: number };

  /** The whole JPEG once its last piece arrives. */
  take(piece: FramePiece): { jpeg: Buffer; capturedAt: Date } | undefined {
    if (piece.index === 0) this.current = { frame: piece.frame, parts: [], count: piece.count };
    const current = this.current;
    if (!current || current.frame !== piece.frame || current.parts.length !== piece.index) {
      this.current = undefined;
      return undefined;
    }
    current.parts.push(piece.data);
    if (current.parts.length < current.count) return undefined;
    this.current = undefined;
    return { jpeg: Buffer.from(current.parts.join(''), 'base64'), capturedAt: new Date(piece.capturedAt) };
  }
}

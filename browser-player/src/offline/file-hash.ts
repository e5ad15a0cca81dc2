import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Files up to this size are read whole and hashed by `crypto.subtle` (native, fast; the bytes are
 * held once, to be stored). Larger ones (videos) are hashed as they stream through to storage by
 * @noble/hashes, so a 2 GB video never sits in memory: `crypto.subtle.digest` takes only a whole
 * buffer, and streaming it is what keeps memory flat on a TV stick.
 */
export const WHOLE_FILE_HASH_LIMIT = 16 * 1024 * 1024;

/** SHA-256 (hex) of bytes in memory, by `crypto.subtle`. */
export async function sha256OfBytes(bytes: ArrayBuffer): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** SHA-256 and byte count of a file fed in order, a chunk at a time. */
export interface RunningHash {
  update(chunk: Uint8Array): void;
  /** Feeds a part kept on disk (what a resumed download already holds), read a chunk at a time. */
  absorb(kept: Blob): Promise<void>;
  /** SHA-256 (hex) and byte count of everything fed; once, at the end. */
  result(): { sha256: string; size: number };
}

export function runningHash(): RunningHash {
  const hash = sha256.create();
  let size = 0;
  const update = (chunk: Uint8Array) => {
    hash.update(chunk);
    size += chunk.byteLength;
  };
  return {
    update,
    async absorb(kept) {
      const reader = kept.stream().getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) update(read.value);
    },
    result: () => ({ sha256: bytesToHex(hash.digest()), size }),
  };
}

/** A pass-through stream that hashes and counts what flows through it; read the result once it has ended. */
export interface HashingStream {
  readonly transform: TransformStream<Uint8Array, Uint8Array>;
  /** SHA-256 (hex) and byte count of everything that passed; only once the stream has ended. */
  result(): { sha256: string; size: number };
}

export function hashingStream(): HashingStream {
  const hash = runningHash();
  let result: { sha256: string; size: number } | undefined;
  return {
    transform: new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        controller.enqueue(chunk);
      },
      flush() {
        result = hash.result();
      },
    }),
    result() {
      if (result === undefined) throw new Error('the stream has not ended');
      return result;
    },
  };
}

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

/** A pass-through stream that hashes and counts what flows through it; read the result once it has ended. */
export interface HashingStream {
  readonly transform: TransformStream<Uint8Array, Uint8Array>;
  /** SHA-256 (hex) and byte count of everything that passed; only once the stream has ended. */
  result(): { sha256: string; size: number };
}

export function hashingStream(): HashingStream {
  const hash = sha256.create();
  let size = 0;
  let digest: string | undefined;
  return {
    transform: new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        size += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush() {
        digest = bytesToHex(hash.digest());
      },
    }),
    result() {
      if (digest === undefined) throw new Error('the stream has not ended');
      return { sha256: digest, size };
    },
  };
}

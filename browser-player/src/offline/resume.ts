/**
 * The rules of a download kept in pieces, so a cut link costs at most one piece: what was kept is
 * asked for no more (`Range: bytes=N-`), and an answer that does not continue it starts the file over.
 */

/** A large file arrives in pieces of this size, each kept on disk once whole. */
export const PIECE_BYTES = 8 * 1024 * 1024;

/** What a resumed request's answer means for the kept part of a file of `size` bytes, `offset` of them kept. */
export function continuation(
  answer: { status: number; contentRange: string | null; etag: string | null },
  kept: { offset: number; size: number; etag: string | undefined },
): 'continue' | 'start-over' {
  // The server (or a proxy) ignored the range: the whole file follows.
  if (answer.status === 200) return 'start-over';
  if (answer.status !== 206) throw new Error(`download answered ${answer.status}`);
  const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(answer.contentRange?.trim() ?? '');
  const [, first, last, total] = range ?? [];
  if (Number(first) !== kept.offset || Number(last) !== kept.size - 1 || (total !== '*' && Number(total) !== kept.size)) return 'start-over';
  // A file changed since its first part arrived. Without both tags this cannot be told here; the
  // checksum of the whole file still catches it.
  if (kept.etag && answer.etag && answer.etag !== kept.etag) return 'start-over';
  return 'continue';
}

/**
 * Cuts a byte stream into consecutive pieces of the lengths asked, each its own stream: one piece
 * is read at a time, so memory holds a chunk, never a piece. A piece whose source ends early errors
 * (storing it fails, so a short piece is never kept).
 */
export class PieceReader {
  private leftover: Uint8Array | undefined;

  constructor(
    private readonly source: ReadableStreamDefaultReader<Uint8Array>,
    /** Told of every chunk as it arrives (liveness, hashing). */
    private readonly onChunk: (chunk: Uint8Array) => void,
  ) {}

  /** The next `length` bytes. */
  next(length: number): ReadableStream<Uint8Array> {
    let remaining = length;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const chunk = this.leftover ?? (await this.read());
        this.leftover = undefined;
        if (!chunk) return controller.error(new Error(`the download ended ${remaining} bytes short`));
        const part = chunk.byteLength > remaining ? chunk.subarray(0, remaining) : chunk;
        if (part !== chunk) this.leftover = chunk.subarray(remaining);
        remaining -= part.byteLength;
        controller.enqueue(part);
        if (remaining === 0) controller.close();
      },
      cancel: (reason) => this.source.cancel(reason),
    });
  }

  /** Whether the source has more bytes than the pieces took (a file longer than the manifest says). */
  async hasMore(): Promise<boolean> {
    return this.leftover !== undefined || (await this.read()) !== undefined;
  }

  private async read(): Promise<Uint8Array | undefined> {
    for (;;) {
      const { done, value } = await this.source.read();
      if (done) return undefined;
      if (value.byteLength === 0) continue;
      this.onChunk(value);
      return value;
    }
  }
}

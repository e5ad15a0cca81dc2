import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What was copied of one key, and from which version of it. */
export interface CopiedFile {
  size: number;
  /** The source's modification time (ms) when it was read. */
  modifiedAt: number;
  sha256: string;
}

/**
 * The keys a migration has copied and verified, one JSON line each, appended as each is done: a run
 * stopped at any moment loses at most the file in flight, and writing stays cheap for a million
 * files. A later line for a key wins; a torn last line (a kill mid-write) is skipped.
 */
export class CopyLog {
  private readonly done = new Map<string, CopiedFile>();

  constructor(private readonly file: string) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const line of text.split('\n')) {
      try {
        const { key, ...copied } = JSON.parse(line) as CopiedFile & { key: string };
        if (typeof key === 'string') this.done.set(key, copied);
      } catch {
        // empty or torn
      }
    }
  }

  /** Whether this version of the key (its size and modification time) was copied already. */
  has(key: string, version: { size: number; modifiedAt: number }): boolean {
    const copied = this.done.get(key);
    return copied !== undefined && copied.size === version.size && copied.modifiedAt === version.modifiedAt;
  }

  record(key: string, copied: CopiedFile): void {
    if (this.done.size === 0) mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify({ key, ...copied })}\n`, { mode: 0o600 });
    this.done.set(key, copied);
  }
}

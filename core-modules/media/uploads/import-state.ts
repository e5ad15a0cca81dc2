import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where `media import` remembers unfinished uploads unless `--state` says otherwise. */
export const DEFAULT_STATE_FILE = join(tmpdir(), 'signage-media-import.json');

export interface FileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * The key of one file's upload: the same file (path, size, modification time) to the same server
 * and account. A file that changed gets a new key, so its stale upload is never resumed.
 */
export function importStateKey(server: string, username: string, file: FileIdentity): string {
  return JSON.stringify([new URL(server).origin, username.toLowerCase(), file.path, file.size, Math.trunc(file.mtimeMs)]);
}

/**
 * A small JSON file mapping files to the upload ids started for them, so a re-run after an
 * interruption resumes where the server says the upload stands instead of starting over.
 */
export class ImportState {
  private entries: Record<string, string>;

  constructor(private readonly file: string) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { uploads?: Record<string, string> };
      this.entries = parsed.uploads && typeof parsed.uploads === 'object' ? parsed.uploads : {};
    } catch {
      this.entries = {}; // absent or unreadable: nothing to resume
    }
  }

  get(key: string): string | undefined {
    return this.entries[key];
  }

  set(key: string, uploadId: string): void {
    this.entries[key] = uploadId;
    this.save();
  }

  delete(key: string): void {
    if (!(key in this.entries)) return;
    delete this.entries[key];
    this.save();
  }

  private save(): void {
    // Whole file or nothing: a crash mid-write must not lose the other entries.
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ uploads: this.entries }, null, 1), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

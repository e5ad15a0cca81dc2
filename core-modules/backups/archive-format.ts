/**
 * The layout of a backup archive: a tar holding `header.json` first, the database as gzip chunks
 * of COPY text (`db/<table>/<n>.copy.gz`), every stored file under `media/<key>`, and
 * `manifest.json` last with each entry's size and SHA-256 (computed while the archive streams).
 */
export const FORMAT_VERSION = 1;
export const HEADER_PATH = 'header.json';
export const MANIFEST_PATH = 'manifest.json';
export const DB_PREFIX = 'db/';
export const MEDIA_PREFIX = 'media/';
/** Uncompressed COPY text per database chunk: bounds what a backup or restore holds in memory. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

export const chunkPath = (table: string, n: number) => `${DB_PREFIX}${table}/${String(n).padStart(6, '0')}.copy.gz`;

export interface ArchiveHeader {
  formatVersion: number;
  signageVersion: string;
  /** How many migrations the database had run, over every module: grows with every release that changes the schema. */
  schemaVersion: number;
  installationId: string;
  organizationName: string;
  createdAt: string;
  /** Migration names applied, per owner (`kernel` or a module). */
  migrations: Record<string, string[]>;
  /** Each table's columns, in the order its COPY text holds them. */
  tables: { name: string; columns: string[] }[];
}

export interface ManifestFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

export interface ArchiveComponent {
  name: 'database' | 'media';
  fileCount: number;
  totalBytes: number;
}

export interface ArchiveManifest extends ArchiveHeader {
  components: ArchiveComponent[];
  database: {
    tables: { name: string; rows: number; chunks: number }[];
    sequences: { name: string; value: number; isCalled: boolean }[];
  };
  files: ManifestFile[];
}

/** `signage-backup-20261129T070000Z-1a2b3c4d.tar` (the archive id's start keeps two in one second apart), marked when taken before a restore. */
export function archiveFileName(at: Date, id: string, kind: string): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `signage-backup-${stamp}-${id.slice(0, 8)}${kind === 'pre_restore' ? '-pre-restore' : ''}.tar`;
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { KernelDeps } from '../../kernel/kernel.js';
import { SIGNAGE_VERSION } from '../../kernel/signage-version.js';
import { StorageNotFound } from '../../kernel/storage/storage.js';
import type { OrganizationReader } from '../auth/auth.api.js';
import {
  type ArchiveHeader,
  type ArchiveManifest,
  archiveFileName,
  DB_PREFIX,
  FORMAT_VERSION,
  HEADER_PATH,
  MANIFEST_PATH,
  MEDIA_PREFIX,
} from './archive-format.js';
import { ArchiveWriter } from './archive-writer.js';
import type { ArchiveKind, ArchiveRow, BackupsRepository } from './backups.repository.js';
import { dumpTable, inSnapshot, sequenceStates, tablesToDump } from './database-dump.js';

/** Says what a job does now; the runner decides how often it is written down. */
export type Progress = (phase: string, percent: number) => void;

type Deps = Pick<KernelDeps, 'db' | 'storage' | 'config' | 'migrationStates'> & { organization: OrganizationReader; backupsRepository: BackupsRepository };

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

// Of a backup's progress, the database takes the first 40 % and the media files the rest.
const DATABASE_SHARE = 40;

/** Writes a complete archive of the database (one snapshot) and every stored file, and records it. */
export class BackupMaker {
  constructor(private readonly d: Deps) {}

  async make(kind: ArchiveKind, progress: Progress, signal: AbortSignal): Promise<ArchiveRow> {
    const dir = backupsDir(this.d.config.dataDir);
    await mkdir(dir, { recursive: true });
    const id = randomUUID();
    const createdAt = new Date();
    const fileName = archiveFileName(createdAt, id, kind);
    const partial = join(dir, `.${fileName}.partial`);
    const writer = new ArchiveWriter(partial);
    try {
      const manifest = await this.write(writer, createdAt, progress, signal);
      const { sizeBytes, sha256 } = await writer.finish();
      await rename(partial, join(dir, fileName));
      const row: ArchiveRow = {
        id,
        file_name: fileName,
        kind,
        status: 'complete',
        size_bytes: sizeBytes,
        archive_sha256: sha256,
        signage_version: manifest.signageVersion,
        schema_version: manifest.schemaVersion,
        installation_id: manifest.installationId,
        organization_name: manifest.organizationName,
        components: manifest.components,
        verification: 'unverified',
        verified_at: null,
        created_at: createdAt,
      };
      await this.d.backupsRepository.insertArchive(row);
      return row;
    } catch (err) {
      await writer.abort();
      throw err;
    }
  }

  private async write(writer: ArchiveWriter, createdAt: Date, progress: Progress, signal: AbortSignal): Promise<ArchiveManifest> {
    const [organization, states] = await Promise.all([this.d.organization.get(), this.d.migrationStates()]);
    const migrations = Object.fromEntries(states.map((s) => [s.owner, s.applied]));
    progress('database_snapshot', 0);
    const { header, database } = await inSnapshot(this.d.db, async (conn) => {
      const tables = await tablesToDump(conn);
      const header: ArchiveHeader = {
        formatVersion: FORMAT_VERSION,
        signageVersion: SIGNAGE_VERSION,
        schemaVersion: states.reduce((n, s) => n + s.applied.length, 0),
        installationId: organization.installationId,
        organizationName: organization.name ?? '',
        createdAt: createdAt.toISOString(),
        migrations,
        tables,
      };
      await writer.addBuffer(HEADER_PATH, Buffer.from(JSON.stringify(header)));
      const dumped: ArchiveManifest['database']['tables'] = [];
      for (const [i, table] of tables.entries()) {
        signal.throwIfAborted();
        dumped.push({ name: table.name, ...(await dumpTable(conn, table, writer)) });
        progress('database_snapshot', Math.floor((DATABASE_SHARE * (i + 1)) / tables.length));
      }
      return { header, database: { tables: dumped, sequences: await sequenceStates(conn) } };
    });

    progress('archiving_media', DATABASE_SHARE);
    const keys: string[] = [];
    for await (const key of this.d.storage.list('')) keys.push(key);
    for (const [i, key] of keys.entries()) {
      signal.throwIfAborted();
      await this.addStored(writer, key);
      progress('archiving_media', DATABASE_SHARE + Math.floor(((100 - DATABASE_SHARE) * (i + 1)) / keys.length));
    }

    progress('finalizing_archive', 100);
    const sum = (prefix: string) => {
      const files = writer.files.filter((f) => f.path.startsWith(prefix));
      return { fileCount: files.length, totalBytes: files.reduce((n, f) => n + f.sizeBytes, 0) };
    };
    const manifest: ArchiveManifest = {
      ...header,
      components: [
        { name: 'database', ...sum(DB_PREFIX) },
        { name: 'media', ...sum(MEDIA_PREFIX) },
      ],
      database,
      files: writer.files,
    };
    await writer.addBuffer(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest)));
    return manifest;
  }

  /** A file removed since it was listed (a purge job) is left out, not a failure. */
  private async addStored(writer: ArchiveWriter, key: string): Promise<void> {
    const found = await this.d.storage.stat(key);
    if (!found) return;
    let body: Awaited<ReturnType<KernelDeps['storage']['get']>>;
    try {
      body = await this.d.storage.get(key);
    } catch (err) {
      if (err instanceof StorageNotFound) return;
      throw err;
    }
    await writer.addStream(`${MEDIA_PREFIX}${key}`, found.size, body);
  }
}

// Downloading a codehost release's artifact into storage, in a job: streamed, hashed and counted
// on the way, kept only if its size and SHA-256 match the signed manifest.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { Knex } from 'knex';
import type { AuditLog } from '../../kernel/audit-log.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { JobQueue } from '../../kernel/jobs/job-queue.js';
import type { Logger } from '../../kernel/logger.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { type CodehostClient, CodehostError } from './codehost-client.js';
import type { CodehostSignIn } from './codehost-sign-in.js';
import type { PlayerReleasesConfig } from './player-releases-config.js';
import { notImportable, releaseNotFound } from './release-errors.js';
import { releaseKey, removeReleaseFiles } from './release-files.js';
import type { ReleaseRow, ReleasesRepository } from './releases.repository.js';
import { ManifestRefused, RELEASE_FILES, verifyManifest } from './update-manifest.js';

export const CACHE_JOB = 'player-releases.cache-release';
// Progress is written at most this often, so a download does not wait on the database at every read.
const PROGRESS_EVERY_MS = 250;

type Deps = {
  db: Knex;
  jobs: JobQueue;
  storage: Storage;
  logger: Logger;
  auditLog: AuditLog;
  playerReleasesConfig: PlayerReleasesConfig;
  codehostClient: CodehostClient;
  codehostSignIn: CodehostSignIn;
  releasesRepository: ReleasesRepository;
};

/** The download did not give the bytes the manifest promises; the message is shown to the Owner. */
class DownloadRefused extends Error {}

export class ReleaseCache {
  constructor(private readonly d: Deps) {}

  /** Starts the download of a codehost release not yet cached (or whose download failed). */
  async request(principal: Principal, id: string, ip: string): Promise<{ id: string; cacheStatus: 'downloading' }> {
    await this.d.db.transaction(async (trx) => {
      const row = await this.d.releasesRepository.byId(id, trx);
      if (!row) throw releaseNotFound();
      if (!(await this.d.releasesRepository.startCaching(id, trx))) throw notImportable();
      await this.d.jobs.send(CACHE_JOB, { releaseId: id }, { trx, singletonKey: id });
      const metadata = { platform: row.platform, versionCode: row.version_code };
      await this.d.auditLog.record(
        { action: 'player_release.download_requested', actor: principal, resourceType: 'player_release', resourceId: id, ip, metadata },
        trx,
      );
    });
    return { id, cacheStatus: 'downloading' };
  }

  /** The job: idempotent, it does nothing unless the release is still marked downloading. */
  async run(id: string, signal: AbortSignal): Promise<void> {
    const row = await this.d.releasesRepository.byId(id);
    if (row?.cache_status !== 'downloading') return;
    try {
      const written = await this.download(row, signal);
      await this.d.releasesRepository.cached(id, written);
    } catch (err) {
      await removeReleaseFiles(this.d.storage, row.id, row.platform);
      // Stopped by a shutdown: the row stays downloading and the job runs again.
      if (signal.aborted) throw err;
      if (!(err instanceof CodehostError || err instanceof DownloadRefused)) this.d.logger.error({ err, releaseId: id }, 'player release download failed');
      await this.d.releasesRepository.cacheFailed(id, err instanceof CodehostError || err instanceof DownloadRefused ? err.message : 'The download failed.');
    }
  }

  private async download(row: ReleaseRow, signal: AbortSignal): Promise<number> {
    const { manifestKey, androidApplicationId } = this.d.playerReleasesConfig;
    if (!manifestKey) throw new DownloadRefused('UPDATE_MANIFEST_PUBLIC_KEY is not set, so the release cannot be verified.');
    // The key may have changed since the catalog was read: the manifest is checked again.
    try {
      verifyManifest(Buffer.from(row.manifest_json), Buffer.from(row.manifest_signature), manifestKey, androidApplicationId);
    } catch (err) {
      if (err instanceof ManifestRefused) throw new DownloadRefused(err.message);
      throw err;
    }
    if (!row.artifact_url) throw new DownloadRefused('The release names no artifact to download.');
    const token = await this.d.codehostSignIn.token();
    const { body, length } = await this.d.codehostClient.assetStream(token, row.artifact_url);
    if (length !== undefined && length !== row.artifact_size) {
      body.destroy();
      throw new DownloadRefused('The artifact’s size does not match the signed manifest.');
    }
    const hash = createHash('sha256');
    let written = 0;
    let savedAt = Date.now();
    const meter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        written += chunk.length;
        if (written > row.artifact_size) return done(new DownloadRefused('The artifact is larger than the signed manifest says.'));
        hash.update(chunk);
        if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
          savedAt = Date.now();
          void this.d.releasesRepository.progress(row.id, written).catch(() => {});
        }
        done(null, chunk);
      },
    });
    const abort = () => body.destroy(new Error('stopped'));
    signal.addEventListener('abort', abort, { once: true });
    try {
      await this.d.storage.put(
        releaseKey(row.id, row.artifact_name),
        body.pipe(meter).on('error', () => body.destroy()),
      );
    } catch (err) {
      throw err instanceof DownloadRefused ? err : new CodehostError('The artifact download was cut off.');
    } finally {
      signal.removeEventListener('abort', abort);
    }
    if (written !== row.artifact_size || hash.digest('hex') !== row.artifact_sha256) {
      throw new DownloadRefused('The artifact’s size or SHA-256 does not match the signed manifest.');
    }
    const names = RELEASE_FILES[row.platform];
    await this.d.storage.put(releaseKey(row.id, names.manifest), Readable.from([Buffer.from(row.manifest_json)]));
    await this.d.storage.put(releaseKey(row.id, names.signature), Readable.from([Buffer.from(row.manifest_signature)]));
    return written;
  }
}

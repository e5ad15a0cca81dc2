// An Owner's upload of a release's three files: the artifact streams into storage (hashed and
// counted on the way, never held in memory), the manifest and its signature are read whole (they
// are small), and the release is kept only if everything verifies.
import { createHash, type KeyObject, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform, Writable } from 'node:stream';
import formidable from 'formidable';
import type { Knex } from 'knex';
import type { AuditLog } from '../../kernel/audit-log.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import { AppError } from '../../kernel/errors.js';
import type { Storage } from '../../kernel/storage/storage.js';
import type { ReleasePlatform } from './player-releases.api.js';
import type { PlayerReleasesConfig } from './player-releases-config.js';
import { fileInvalid, fileMissing, fileTooLarge, manifestKeyMissing, notNewer, uploadInvalid, verificationFailed, versionExists } from './release-errors.js';
import { manifestColumns } from './release-columns.js';
import { releaseKey, removeReleaseFiles } from './release-files.js';
import { uploadedView } from './release-view.js';
import type { ReleasesRepository } from './releases.repository.js';
import { MAX_MANIFEST_BYTES, MAX_SIGNATURE_BYTES, ManifestRefused, RELEASE_FILES, type UpdateManifest, verifyManifest } from './update-manifest.js';

type Deps = { db: Knex; storage: Storage; auditLog: AuditLog; playerReleasesConfig: PlayerReleasesConfig; releasesRepository: ReleasesRepository };

/** What arrived of one file. */
interface Received {
  size: number;
  sha256: string;
  /** Manifest and signature only; the artifact went to storage. */
  bytes?: Buffer;
}

const ARTIFACTS = new Set<string>([RELEASE_FILES.android.artifact, RELEASE_FILES.linux.artifact]);
const limitOf = (name: string, maxArtifact: number) => (ARTIFACTS.has(name) ? maxArtifact : name.endsWith('.sig') ? MAX_SIGNATURE_BYTES : MAX_MANIFEST_BYTES);
const KNOWN = new Set<string>(Object.values(RELEASE_FILES).flatMap((f) => Object.values(f)));
// Room for the form's boundaries and part headers beside the files.
const FORM_OVERHEAD = 64 * 1024;
const NOT_A_FORM = 'The upload is not a readable multipart form of the release’s three files.';
// FormidableError's code for a form with more files than allowed (its ESM build has no `errors` on the default export).
const MAX_FILES_EXCEEDED = 1015;

export class ReleaseUpload {
  constructor(private readonly d: Deps) {}

  async upload(principal: Principal, req: IncomingMessage, ip: string) {
    const { manifestKey, androidApplicationId, maxArtifactBytes } = this.d.playerReleasesConfig;
    if (!manifestKey) throw manifestKeyMissing();
    const limit = maxArtifactBytes + MAX_MANIFEST_BYTES + MAX_SIGNATURE_BYTES;
    if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) throw uploadInvalid(NOT_A_FORM);
    if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD) throw fileTooLarge(maxArtifactBytes);
    const id = randomUUID();
    let keep = false;
    try {
      const received = await this.receive(id, req, limit);
      const { platform, names, m, manifestBytes, signatureBytes } = verifyUpload(received, manifestKey, androidApplicationId);
      const outcome = await this.d.db.transaction(async (trx) => {
        const held = await this.d.releasesRepository.byVersion(platform, m.versionCode, trx);
        if (held) {
          if (held.artifact_sha256 === m.artifactSha256 && held.verification_status === 'verified' && held.cache_status === 'cached') {
            return { row: held, duplicate: true };
          }
          throw versionExists();
        }
        if ((await this.d.releasesRepository.newestVersionCode(platform, trx)) >= m.versionCode) throw notNewer();
        await this.d.releasesRepository
          .insert(
            {
              ...manifestColumns(m, manifestBytes, signatureBytes),
              id,
              source: 'upload',
              codehost_release_id: null,
              tag: '',
              published_at: new Date(),
              artifact_url: null,
              cache_status: 'cached',
              verification_status: 'verified',
            },
            trx,
          )
          .catch((err: unknown) => mapUniqueViolation(err, () => versionExists()));
        await this.d.storage.put(releaseKey(id, names.manifest), Readable.from([manifestBytes]), manifestBytes.length);
        await this.d.storage.put(releaseKey(id, names.signature), Readable.from([signatureBytes]), signatureBytes.length);
        await this.d.auditLog.record(
          {
            action: 'player_release.uploaded',
            actor: principal,
            resourceType: 'player_release',
            resourceId: id,
            ip,
            metadata: { platform, versionCode: m.versionCode, channel: m.channel },
          },
          trx,
        );
        return { row: (await this.d.releasesRepository.byId(id, trx))!, duplicate: false };
      });
      keep = !outcome.duplicate;
      return uploadedView(outcome.row, outcome.duplicate);
    } finally {
      if (!keep) await Promise.all([removeReleaseFiles(this.d.storage, id, 'android'), removeReleaseFiles(this.d.storage, id, 'linux')]);
    }
  }

  /** Reads the form: each known file once, the artifact straight into storage under the new release's key. */
  private async receive(id: string, req: IncomingMessage, limit: number): Promise<Map<string, Received>> {
    const max = this.d.playerReleasesConfig.maxArtifactBytes;
    const received = new Map<string, Received>();
    const fields = new WeakMap<object, string>();
    const writes: Promise<unknown>[] = [];
    // Formidable may end the form before a sink's error reaches it, so refusals are kept here.
    let refusal: AppError | undefined;
    const refuse = (error: AppError) => {
      refusal ??= error;
      return new Writable({ write: (_c, _e, done) => done() });
    };
    const form = formidable({
      maxFiles: 3,
      maxFileSize: max,
      maxTotalFileSize: limit,
      maxFields: 4,
      allowEmptyFiles: true,
      minFileSize: 0,
      fileWriteStreamHandler: (file) => {
        // The types leave out what formidable gives every file.
        const name = (file as { originalFilename?: string | null } | undefined)?.originalFilename ?? '';
        if (!file || fields.get(file) !== 'files' || !KNOWN.has(name) || received.has(name)) {
          return refuse(fileInvalid('Send each of the release’s three files once, as `files` parts with their release names.'));
        }
        const entry: Received = { size: 0, sha256: '' };
        received.set(name, entry);
        const meter = this.meter(entry, limitOf(name, max), !ARTIFACTS.has(name), (e) => (refusal ??= e));
        if (ARTIFACTS.has(name)) {
          // A store that fails stops the form, rather than leaving the request waiting.
          writes.push(
            this.d.storage.put(releaseKey(id, name), meter).catch((err: unknown) => {
              meter.destroy(err as Error);
              throw err;
            }),
          );
        } else meter.resume();
        return meter;
      },
    });
    form.on('fileBegin', (field, file) => fields.set(file, field));
    let formError: unknown;
    await form.parse(req).catch((err: unknown) => {
      formError = err;
      // Formidable stops reading at its error, maybe with the request paused: the rest is read and
      // dropped, so the client finishes sending and reads the answer.
      req.resume();
    });
    const stored = await Promise.allSettled(writes);
    if (refusal) throw refusal;
    if (formError) throw uploadError(formError, max);
    const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return received;
  }

  /** Counts and hashes a file's bytes; small files are also kept, to be read. Over `max` fails the file. */
  private meter(entry: Received, max: number, keep: boolean, refuse: (error: AppError) => void): Transform {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const meter = new Transform({
      // Formidable destroys its files without a reason when the form fails; a store that has not
      // started reading would then wait forever (a pipeline never settles on a stream destroyed
      // without an error), so a destroy before the whole file went through carries one.
      destroy(err, done) {
        const whole = this.writableFinished && this.readableEnded;
        done(err ?? (whole ? null : new Error('The upload stopped before the file was stored.')));
      },
      transform(chunk: Buffer, _enc, done) {
        entry.size += chunk.length;
        if (entry.size > max) {
          const error = fileTooLarge(max);
          refuse(error);
          return done(error);
        }
        hash.update(chunk);
        if (keep) {
          chunks.push(chunk);
          return done();
        }
        done(null, chunk);
      },
      flush(done) {
        entry.sha256 = hash.digest('hex');
        if (keep) entry.bytes = Buffer.concat(chunks);
        done();
      },
    });
    // Its errors reach the upload through the store's write (or the refusal), not as events.
    meter.on('error', () => {});
    return meter;
  }
}

/** The platform the files are for, and their manifest once it and the artifact verify. */
function verifyUpload(received: Map<string, Received>, key: KeyObject, applicationId: string) {
  const platform: ReleasePlatform = received.has(RELEASE_FILES.linux.artifact) ? 'linux' : 'android';
  const names = RELEASE_FILES[platform];
  const stray = [...received.keys()].find((n) => !Object.values(names).includes(n as never));
  if (stray) throw fileInvalid(`${stray} does not belong with a ${platform} release.`);
  for (const name of [names.artifact, names.manifest, names.signature]) if (!received.has(name)) throw fileMissing(name);
  const manifestBytes = received.get(names.manifest)!.bytes!;
  const signatureBytes = received.get(names.signature)!.bytes!;
  let m: UpdateManifest;
  try {
    m = verifyManifest(manifestBytes, signatureBytes, key, applicationId);
  } catch (err) {
    throw err instanceof ManifestRefused ? verificationFailed(err.message) : err;
  }
  if (m.platform !== platform) throw verificationFailed(`The signed manifest is for ${m.platform}, the files for ${platform}.`);
  const artifact = received.get(names.artifact)!;
  if (artifact.size !== m.artifactSizeBytes || artifact.sha256 !== m.artifactSha256) {
    throw verificationFailed('The artifact’s size or SHA-256 does not match the signed manifest.');
  }
  return { platform, names, m, manifestBytes, signatureBytes };
}

function uploadError(err: unknown, maxArtifact: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: number; httpCode?: number };
  if (e.code === MAX_FILES_EXCEEDED) return fileInvalid('A release upload carries three files.');
  if (e.httpCode === 413) return fileTooLarge(maxArtifact);
  return uploadInvalid(NOT_A_FORM);
}

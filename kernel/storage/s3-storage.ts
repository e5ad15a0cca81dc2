import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../http/file-response.js';
import type { S3StorageConfig } from './storage-config.js';
import { assertKey, type ByteRange, type DirectDownload, type Storage, StorageNotFound, StorageUnavailable, type StoredObject } from './storage.js';

/**
 * Bytes per part of a multipart upload (S3's minimum is 5 MiB), and parts in flight at once: an
 * object being written holds at most their product in memory (16 MiB), whatever its size.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/**
 * Connections to the store at once. A download served through the server holds one while it
 * streams, so a fleet fetching its files at once needs many more than the SDK's default of 50.
 */
const MAX_CONNECTIONS = 512;
const CONNECT_TIMEOUT_MS = 10_000;
/** S3's largest single PutObject. */
const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;

// The SDK warns on Node 20 that its releases after January 2027 will need Node 22. The release
// package.json pins runs on Node 20, so the warning (printed on every start) has nothing to act on.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** An S3 error in words an operator can act on. */
function reasonOf(err: unknown, bucket: string): string {
  if (err instanceof S3ServiceException) {
    if (err.name === 'NoSuchBucket') return `the bucket "${bucket}" does not exist`;
    if (err.name === 'AccessDenied' || err.$metadata?.httpStatusCode === 403)
      return `access to the bucket "${bucket}" is denied (check the credentials and the bucket policy)`;
    return `the store answered ${err.$metadata?.httpStatusCode ?? ''} ${err.name}: ${err.message}`.replace(/\s+/g, ' ');
  }
  // A connection refused to several addresses at once comes as an AggregateError without a message.
  return `the store cannot be reached (${(err as Error).message || (err as NodeJS.ErrnoException).code || (err as Error).name})`;
}

/**
 * Media in a bucket of an S3-compatible store (AWS S3, R2, B2, MinIO, Ceph, Garage), under
 * S3_PREFIX. Writes are streamed as multipart uploads and appear whole or not at all; credentials
 * come from the AWS SDK's usual chain.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly location: string;
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    const agent = { keepAlive: true, maxSockets: MAX_CONNECTIONS };
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      // An endpoint that never answers fails in seconds, not after the system's TCP timeout.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, httpAgent: agent, httpsAgent: agent },
      // The SDK's warnings (on stderr otherwise) come with errors this driver reports itself, in words.
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    this.location = `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.config.prefix + key;
  }

  /** Runs a request; any failure but a missing object becomes StorageUnavailable, in words. */
  private async request<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isMissing(err)) throw err;
      throw new StorageUnavailable(reasonOf(err, this.config.bucket), { cause: err });
    }
  }

  /**
   * With a known size (up to 5 GiB) one PutObject streams the body; otherwise a multipart upload
   * does, holding at most PART_BYTES × PARTS_IN_FLIGHT of it in memory.
   */
  async put(key: string, body: Readable, size?: number): Promise<StoredObject> {
    const Key = this.objectKey(key);
    let counted = 0;
    // Counted on the way, so the size is known without asking the store again.
    const source = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counted += chunk.length;
        done(null, chunk);
      },
    });
    body.on('error', (err) => source.destroy(err));
    const params = { Bucket: this.config.bucket, Key, Body: body.pipe(source) };
    const single = new AbortController();
    const upload =
      size !== undefined && size <= SINGLE_PUT_MAX_BYTES
        ? {
            done: () => this.client.send(new PutObjectCommand({ ...params, ContentLength: size }), { abortSignal: single.signal }),
            abort: async () => single.abort(),
          }
        : new Upload({ client: this.client, params, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
    // A failing source must fail the upload (which then aborts its parts), not leave it waiting;
    // its error is the source's (a client gone), not the store's.
    let sourceError: Error | undefined;
    const failed = new Promise<never>((_, reject) =>
      source.once('error', (err) => {
        sourceError = err;
        reject(err);
      }),
    );
    failed.catch(() => {});
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => {});
      if (sourceError) throw sourceError;
      throw new StorageUnavailable(reasonOf(err, this.config.bucket), { cause: err });
    }
    return { size: counted, modifiedAt: new Date() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: this.objectKey(key),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    try {
      return (await this.request(() => this.client.send(command))).Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFound(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const command = new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) });
    try {
      const head = await this.request(() => this.client.send(command));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) });
    await this.request(() => this.client.send(command));
  }

  /** Keys under `prefix` as under a folder (`assets/a1` lists `assets/a1/…`, never `assets/a10`), in key order. */
  async *list(prefix: string): AsyncIterable<string> {
    const folder = prefix.replace(/\/+$/, '');
    const Prefix = this.config.prefix + (folder ? `${folder}/` : '');
    let ContinuationToken: string | undefined;
    do {
      const command = new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix, ContinuationToken });
      const page = await this.request(() => this.client.send(command));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.config.prefix.length);
        if (!key) continue;
        try {
          assertKey(key);
        } catch {
          continue; // not one of ours (written by hand, or by another tool sharing the bucket)
        }
        yield key;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Writes and deletes a small probe object; a failure (StorageUnavailable) says what is wrong in words. */
  async checkWritable(): Promise<void> {
    const key = `signage-probe/${randomUUID()}`;
    await this.put(key, Readable.from([Buffer.from('ok')]), 2);
    await this.delete(key);
  }

  async directUrl(key: string, download: DirectDownload): Promise<string | undefined> {
    if (this.config.downloads !== 'redirect') return undefined;
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: this.objectKey(key),
      ResponseContentType: download.mimeType,
      ResponseContentDisposition: contentDisposition(download.filename),
    });
    return getSignedUrl(this.client, command, { expiresIn: this.config.presignSeconds });
  }
}

import type { Manifest, ManifestAsset } from '../wire/manifest.js';
import { MEDIA_CACHE, SHA256_HEADER, STAGING_CACHE } from './cache-names.js';
import { hashingStream, runningHash, sha256OfBytes, WHOLE_FILE_HASH_LIMIT } from './file-hash.js';
import { filesToKeep } from './horizon.js';
import { continuation, PIECE_BYTES, PieceReader } from './resume.js';

/** On a kept piece: the ETag of the answer it came from, so pieces of two versions of a file are never joined. */
const SOURCE_ETAG_HEADER = 'X-Player-Source-ETag';
/** The query parameter naming a piece's index in the staging cache's keys. */
const PIECE_PARAM = 'piece';

export interface MediaCacheOptions {
  /** The device credential now (`svc_device_…`), or undefined while not enrolled. */
  credential: () => string | undefined;
  /** The server's origin (`location.origin`): download paths are resolved against it. */
  baseUrl: string;
  /**
   * Told when a file becomes ready to show (verified, or found kept at start, or the service
   * worker took control): playback that found nothing to show decides again.
   */
  onReady?: () => void;
  /** Downloads at once (default 3). */
  concurrency?: number;
  /** A download that receives nothing for this long is given up (default 30 s). */
  stallMs?: number;
}

/** What the heartbeat reports of the cache (its field names). */
export interface MediaCacheStats {
  /** Files of the prefetch horizon not held yet. */
  downloadQueueCount: number;
  /** Bytes the prefetch horizon needs. */
  requiredBytes: number;
  /** Of those, bytes held and verified. */
  downloadedBytes: number;
  /** Bytes held, including files a newer manifest no longer names and not yet removed. */
  cacheUsedBytes: number;
  /** What the browser lets this origin store, once it has said. */
  cacheLimitBytes?: number;
  /** Files of the horizon whose last download failed (network, server, size or checksum). */
  errors: number;
  /** The latest of those failures. */
  lastSynchronizationError?: string;
}

interface HeldFile {
  sha256: string;
  size: number;
  /** Network mode: the verified bytes, for the element to load. */
  objectUrl?: string;
}

/**
 * Where the player keeps its files: Cache Storage (answered to the elements by the service worker)
 * in a secure context with a service worker; else the network, with each verified file held as an
 * object URL (plain http on a LAN address has no service worker, Cache Storage or crypto.subtle).
 */
type Mode = 'cache' | 'network';

/** A download that receives nothing for this long is given up and tried again later. */
const STALL_MS = 30_000;
const RETRY_BASE_MS = 2_000;
/** Failed passes in a row (about 10 s of retries) after which files no manifest names are removed anyway. */
const PASSES_BEFORE_REMOVING = 3;
const RETRY_CAP_MS = 5 * 60_000;

const offlineCapable = () =>
  globalThis.isSecureContext && typeof caches !== 'undefined' && 'serviceWorker' in navigator && typeof crypto.subtle !== 'undefined';

/**
 * The files of the manifest's prefetch horizon, downloaded with the device credential a few at a
 * time, each verified (size and SHA-256) before it counts as ready, retried with backoff after a
 * failure, and removed once no manifest names it. `ready()` answers from memory, rebuilt from Cache
 * Storage at start, so a reload with the network down knows at once what it can show.
 */
export class MediaCache {
  /** Said once (log and, for playback to show, here) when files cannot be kept for offline play. */
  readonly notice: string | undefined;
  private readonly mode: Mode;
  private readonly held = new Map<string, HeldFile>();
  private wanted = new Map<string, ManifestAsset>();
  private readonly loaded: Promise<void>;
  /** Passes run one after another: a new manifest's pass starts when the running one has finished. */
  private passes: Promise<void> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failedPasses = 0;
  /** Why each file's last download failed, by download path, in the order they failed. */
  private readonly failures = new Map<string, string>();
  private quota: number | undefined;
  private abort = new AbortController();

  constructor(private readonly o: MediaCacheOptions) {
    this.mode = offlineCapable() ? 'cache' : 'network';
    if (this.mode === 'network') {
      this.notice = 'Not a secure context (https or localhost): media plays from the network and nothing is kept for offline play.';
      console.warn(`browser player: ${this.notice}`);
      this.loaded = Promise.resolve();
      return;
    }
    // Best effort: a persisted origin is not evicted when the disk fills.
    void navigator.storage?.persist?.().catch(() => undefined);
    navigator.serviceWorker.addEventListener('controllerchange', () => this.o.onReady?.());
    this.loaded = this.readKept().catch((err: Error) => console.warn(`browser player: the kept files could not be read (${err.message})`));
  }

  /**
   * Keeps what `manifest` needs at `now` and drops what it no longer names (once everything it needs
   * is held, so the content on screen keeps its files until its successor's are in). Resolves when
   * every file has been tried once; failures are retried in the background with backoff.
   */
  sync(manifest: Manifest, now: number): Promise<void> {
    this.wanted = new Map(filesToKeep(manifest, now).map((asset) => [asset.downloadPath, asset]));
    for (const path of this.failures.keys()) if (!this.wanted.has(path)) this.failures.delete(path);
    return this.schedulePass();
  }

  /** Whether the asset's verified file can be shown now. */
  ready(asset: ManifestAsset): boolean {
    const file = this.held.get(asset.downloadPath);
    if (!file || file.sha256 !== asset.sha256.toLowerCase()) return false;
    // The elements reach the cache through the worker: not before it controls the page.
    return this.mode === 'network' || navigator.serviceWorker.controller !== null;
  }

  /** The URL the element loads: the download path (the worker answers it from the cache), or the verified bytes' object URL. */
  srcFor(asset: ManifestAsset): string {
    return this.held.get(asset.downloadPath)?.objectUrl ?? new URL(asset.downloadPath, this.o.baseUrl).href;
  }

  /** Forgets every file (the `clear_media_cache` command); the next sync fetches them again. */
  async clear(): Promise<void> {
    this.halt();
    this.wanted = new Map();
    this.forget([...this.held.keys()]);
    this.failedPasses = 0;
    this.failures.clear();
    if (this.mode === 'cache') await Promise.all([caches.delete(MEDIA_CACHE), caches.delete(STAGING_CACHE)]);
  }

  /**
   * Stops downloading and retrying (the player stops, or its credential was revoked). The cache
   * lives as long as the page: a later `sync` (the screen enabled again, or paired again) starts over.
   */
  stop(): void {
    this.halt();
  }

  /** Ends the downloads running; the ones started after it run under a new signal. */
  private halt(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.abort.abort();
    this.abort = new AbortController();
  }

  stats(): MediaCacheStats {
    const wanted = [...this.wanted.values()];
    const missing = wanted.filter((asset) => !this.holds(asset));
    const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
    const failed = [...this.failures].filter(([path]) => this.wanted.has(path));
    const latest = failed.at(-1)?.[1];
    return {
      downloadQueueCount: missing.length,
      requiredBytes: sum(wanted.map((asset) => asset.fileSize)),
      downloadedBytes: sum(wanted.filter((asset) => this.holds(asset)).map((asset) => asset.fileSize)),
      cacheUsedBytes: sum([...this.held.values()].map((file) => file.size)),
      ...(this.quota === undefined ? {} : { cacheLimitBytes: this.quota }),
      errors: failed.length,
      ...(latest === undefined ? {} : { lastSynchronizationError: latest }),
    };
  }

  private holds(asset: ManifestAsset): boolean {
    return this.held.get(asset.downloadPath)?.sha256 === asset.sha256.toLowerCase();
  }

  /** What an earlier run kept: only verified files are ever put in the media cache, with their checksum. */
  private async readKept(): Promise<void> {
    // Pieces of an unfinished download stay, to be resumed; anything else there is an older build's.
    const staging = await caches.open(STAGING_CACHE);
    for (const request of await staging.keys()) if (!new URL(request.url).searchParams.has(PIECE_PARAM)) await staging.delete(request);
    const cache = await caches.open(MEDIA_CACHE);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const sha256 = response?.headers.get(SHA256_HEADER);
      const size = Number(response?.headers.get('Content-Length'));
      if (sha256 && Number.isSafeInteger(size)) this.held.set(new URL(request.url).pathname, { sha256, size });
      else await cache.delete(request);
    }
    if (this.held.size > 0) this.o.onReady?.();
  }

  private schedulePass(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    // A pass that failed (storage refused a write) must not stop the ones after it; its caller sees the failure.
    this.passes = this.passes.catch(() => undefined).then(() => this.pass());
    return this.passes;
  }

  private async pass(): Promise<void> {
    await this.loaded;
    // This pass's own signal: after clear() a new one serves the passes that follow.
    const { signal } = this.abort;
    const queue = [...this.wanted.values()].filter((asset) => !this.holds(asset));
    const worker = async () => {
      for (let asset = queue.shift(); asset; asset = queue.shift()) {
        // A newer manifest may have dropped it while this pass ran.
        if (this.wanted.get(asset.downloadPath) === asset && !signal.aborted) await this.fetchOne(asset, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency ?? 3, queue.length) }, worker));
    if (signal.aborted) return;
    const complete = [...this.wanted.values()].every((asset) => this.holds(asset));
    this.failedPasses = complete ? 0 : this.failedPasses + 1;
    // Files no manifest names stay while the wanted ones arrive (what plays now may be among them),
    // but not for ever: a file that keeps failing would otherwise keep every old file on disk.
    if (complete || this.failedPasses >= PASSES_BEFORE_REMOVING) await this.removeUnwanted();
    if (!complete) {
      const delay = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (this.failedPasses - 1));
      // Jitter: a building's screens coming back from one outage do not all ask at once.
      this.retryTimer = setTimeout(() => void this.schedulePass().catch(() => undefined), delay * (0.5 + Math.random() / 2));
    }
    void navigator.storage
      ?.estimate?.()
      .then((estimate) => (this.quota = estimate.quota))
      .catch(() => undefined);
  }

  private async fetchOne(asset: ManifestAsset, signal: AbortSignal): Promise<void> {
    try {
      const file = await this.download(asset, signal);
      // Cleared meanwhile: what was just stored went with the rest.
      if (signal.aborted) return;
      const replaced = this.held.get(asset.downloadPath);
      if (replaced?.objectUrl) URL.revokeObjectURL(replaced.objectUrl);
      this.held.set(asset.downloadPath, file);
      this.failures.delete(asset.downloadPath);
      this.o.onReady?.();
    } catch (err) {
      if (signal.aborted) return;
      this.failures.delete(asset.downloadPath);
      this.failures.set(asset.downloadPath, `${asset.downloadPath}: ${(err as Error).message}`);
    }
  }

  /**
   * Downloads, verifies and keeps one file; throws (keeping nothing) when it cannot, the bytes are
   * wrong, or nothing arrives for `stallMs`: a link that hangs rather than fails would otherwise hold
   * this download's place, and the retries, for ever.
   */
  private async download(asset: ManifestAsset, signal: AbortSignal): Promise<HeldFile> {
    const stall = new AbortController();
    const cancel = () => stall.abort(signal.reason);
    signal.addEventListener('abort', cancel, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(timer);
      const stallMs = this.o.stallMs ?? STALL_MS;
      timer = setTimeout(() => stall.abort(new Error(`no data for ${stallMs / 1000} s`)), stallMs);
    };
    alive();
    try {
      return await this.transfer(asset, stall.signal, alive);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancel);
    }
  }

  private async transfer(asset: ManifestAsset, signal: AbortSignal, alive: () => void): Promise<HeldFile> {
    const expected = asset.sha256.toLowerCase();
    const headers = { 'Content-Type': asset.mimeType, 'Content-Length': String(asset.fileSize), [SHA256_HEADER]: expected };
    const check = (got: { sha256: string; size: number }) => {
      if (got.size !== asset.fileSize) throw new Error(`size ${got.size} bytes, the manifest says ${asset.fileSize}`);
      if (got.sha256 !== expected) throw new Error('checksum mismatch: the file was dropped');
    };
    if (this.mode === 'cache' && asset.fileSize > WHOLE_FILE_HASH_LIMIT) return this.transferInPieces(asset, signal, alive, headers, check);

    const response = await this.request(asset, signal);
    if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          alive();
          controller.enqueue(chunk);
        },
      }),
    );
    if (this.mode === 'network') {
      const hashing = hashingStream();
      const blob = await new Response(body.pipeThrough(hashing.transform), { headers }).blob();
      check(hashing.result());
      return { sha256: expected, size: blob.size, objectUrl: URL.createObjectURL(blob) };
    }
    // Small enough to restart after a cut: read whole and hashed natively.
    const bytes = await new Response(body).arrayBuffer();
    check({ sha256: await sha256OfBytes(bytes), size: bytes.byteLength });
    await (await caches.open(MEDIA_CACHE)).put(asset.downloadPath, new Response(bytes, { headers }));
    return { sha256: expected, size: bytes.byteLength };
  }

  /**
   * The file from the server with the device credential, from `offset` on. Where the server
   * redirects to a presigned bucket URL (MEDIA_DOWNLOADS=redirect) the browser follows it and drops
   * the credential, as it does on any redirect to another origin: the URL carries its own signature.
   */
  private async request(asset: ManifestAsset, signal: AbortSignal, offset = 0): Promise<Response> {
    const credential = this.o.credential();
    if (!credential) throw new Error('not enrolled');
    return fetch(new URL(asset.downloadPath, this.o.baseUrl), {
      headers: { Authorization: `Bearer ${credential}`, ...(offset > 0 ? { Range: `bytes=${offset}-` } : {}) },
      cache: 'no-store',
      signal,
    });
  }

  /**
   * A large file, streamed to disk in pieces (resume.ts) while hashed: a cut keeps the whole pieces,
   * and the next try asks only for the rest (their bytes are hashed again from disk, so the checksum
   * covers the whole file). Moved to the media cache only once verified, so the worker never answers
   * a wrong file; a wrong file's pieces are dropped, as resuming it could never make it right.
   */
  private async transferInPieces(
    asset: ManifestAsset,
    signal: AbortSignal,
    alive: () => void,
    headers: Record<string, string>,
    check: (got: { sha256: string; size: number }) => void,
  ): Promise<HeldFile> {
    const staging = await caches.open(STAGING_CACHE);
    const pieceCount = Math.ceil(asset.fileSize / PIECE_BYTES);
    let kept = await this.keptPieces(staging, asset);
    const hash = runningHash();
    let pieces: PieceReader | undefined;
    // Every piece kept (the page went before it moved them): nothing left to ask for.
    if (kept.blobs.length < pieceCount) {
      const offset = kept.blobs.length * PIECE_BYTES;
      let response = await this.request(asset, signal, offset);
      if (offset > 0) {
        const answer = { status: response.status, contentRange: response.headers.get('Content-Range'), etag: response.headers.get('ETag') };
        if (continuation(answer, { offset, size: asset.fileSize, etag: kept.etag }) === 'start-over') {
          await this.dropPieces(staging, asset.downloadPath);
          kept = { blobs: [], etag: undefined };
          // A 200 is the whole file; a 206 of something else is asked again from the start.
          if (response.status !== 200) {
            await response.body?.cancel();
            response = await this.request(asset, signal);
          }
        }
      }
      if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
      const etag = kept.etag ?? response.headers.get('ETag') ?? '';
      for (const blob of kept.blobs) await hash.absorb(blob);
      const reader = new PieceReader(response.body.getReader(), (chunk) => {
        alive();
        hash.update(chunk);
      });
      for (let index = kept.blobs.length; index < pieceCount; index++) {
        const length = Math.min(PIECE_BYTES, asset.fileSize - index * PIECE_BYTES);
        const pieceHeaders = { 'Content-Length': String(length), [SHA256_HEADER]: headers[SHA256_HEADER]!, [SOURCE_ETAG_HEADER]: etag };
        await staging.put(this.pieceKey(asset.downloadPath, index), new Response(reader.next(length), { headers: pieceHeaders }));
      }
      pieces = reader;
    } else {
      for (const blob of kept.blobs) await hash.absorb(blob);
    }
    try {
      if (await pieces?.hasMore()) throw new Error(`the server sent more than the ${asset.fileSize} bytes the manifest says`);
      check(hash.result());
    } catch (err) {
      await this.dropPieces(staging, asset.downloadPath);
      throw err;
    }
    const whole = await this.keptPieces(staging, asset);
    if (whole.blobs.length !== pieceCount) throw new Error('the browser dropped part of the file while it was stored');
    // Blobs read from Cache Storage stay on disk: joining them copies no bytes into memory.
    await (await caches.open(MEDIA_CACHE)).put(asset.downloadPath, new Response(new Blob(whole.blobs, { type: asset.mimeType }), { headers }));
    await this.dropPieces(staging, asset.downloadPath);
    return { sha256: headers[SHA256_HEADER]!, size: asset.fileSize };
  }

  private pieceKey(path: string, index: number): string {
    const url = new URL(path, this.o.baseUrl);
    url.searchParams.set(PIECE_PARAM, String(index));
    return url.href;
  }

  /** The asset's pieces kept so far, in order from the first, of this file (its checksum) and one source (its ETag). */
  private async keptPieces(staging: Cache, asset: ManifestAsset): Promise<{ blobs: Blob[]; etag: string | undefined }> {
    const blobs: Blob[] = [];
    let etag: string | undefined;
    for (let index = 0; ; index++) {
      const piece = await staging.match(this.pieceKey(asset.downloadPath, index));
      if (!piece || piece.headers.get(SHA256_HEADER) !== asset.sha256.toLowerCase()) break;
      const source = piece.headers.get(SOURCE_ETAG_HEADER) ?? '';
      if (index > 0 && source !== (etag ?? '')) break;
      etag = source || undefined;
      blobs.push(await piece.blob());
    }
    return { blobs, etag };
  }

  /** Drops the pieces kept of one download path. */
  private async dropPieces(staging: Cache, path: string): Promise<void> {
    for (const request of await staging.keys()) if (new URL(request.url).pathname === path) await staging.delete(request);
  }

  private async removeUnwanted(): Promise<void> {
    const unwanted = [...this.held.keys()].filter((path) => !this.wanted.has(path));
    this.forget(unwanted);
    if (this.mode === 'cache') {
      const cache = await caches.open(MEDIA_CACHE);
      await Promise.all(unwanted.map((path) => cache.delete(path)));
      // Pieces of downloads no manifest wants any more (a wanted one's resume from theirs).
      const staging = await caches.open(STAGING_CACHE);
      for (const request of await staging.keys()) if (!this.wanted.has(new URL(request.url).pathname)) await staging.delete(request);
    }
  }

  private forget(paths: string[]): void {
    for (const path of paths) {
      const file = this.held.get(path);
      if (file?.objectUrl) URL.revokeObjectURL(file.objectUrl);
      this.held.delete(path);
    }
  }
}

import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Storage } from '../kernel/storage/s3-storage.js';
import { startS3Server } from '../test/support/s3-server.js';
import { compare, MIB, type Load, type Target } from './file-download.js';
import { bootServer } from './fleet.js';
import { playerDownload } from './player-download.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';
import { signIn, uploadOverHttp } from './upload-client.js';

const UPLOAD_BYTES = 256 * MIB;
const CHUNK_BYTES = 8 * MIB;
const FILE_BYTES = 64 * MIB;
const DRIVER_BYTES = 128 * MIB;
const ROUNDS = 2;
const DOWNLOADS: Load = { connections: 4, warmupSeconds: 2, seconds: 10, rounds: 2 };

/** The driver must keep at least this share of what the bare SDK manages with the same bytes. */
const DRIVER_TARGET = 0.8;

const mbPerSecond = (bytes: number, seconds: number) => bytes / 1e6 / seconds;
const drain = async (body: Readable) => {
  for await (const _ of body);
};
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};
const figure = (label: string, bytes: number, seconds: number[]): Measurement => {
  const total = seconds.reduce((n, s) => n + s, 0);
  return {
    label: `${label} (${Math.round(mbPerSecond(bytes * seconds.length, total))} MB/s)`,
    rps: seconds.length / total,
    p50Ms: 0,
    p99Ms: 0,
    requests: seconds.length,
  };
};

/**
 * Media on S3 (a local s3rver) against media on the local disk, both through the server: upload
 * ingest and player downloads; then the S3 driver against the bare SDK on the same bytes. s3rver
 * writes each object to its own disk, so the S3 figures are bound by it: they show what the server
 * adds, not what a real store does.
 */
async function run(): Promise<BenchResult> {
  const s3 = await startS3Server({ buckets: ['bench'] });
  try {
    // One key for both: with DATABASE_URL set, they share that database, as two hosts would.
    const shared = { SECRETS_KEY: randomBytes(32).toString('base64') };
    const onDisk = await bootServer(shared);
    const onS3 = await bootServer({ ...shared, ...s3.envFor('bench', 'site/') });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const chunk = randomBytes(CHUNK_BYTES);
      const sessions = [await signIn(onDisk.url, agent), await signIn(onS3.url, agent)];
      const uploads: number[][] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 ? [1, 0] : [0, 1]) {
          const server = side ? onS3 : onDisk;
          uploads[side]!.push((await uploadOverHttp(server.url, agent, sessions[side]!, chunk, UPLOAD_BYTES)).seconds);
        }
      }
      const [diskDownload, s3Download] = [await playerDownload(onDisk, FILE_BYTES), await playerDownload(onS3, FILE_BYTES)];
      const downloads = await compare(
        [
          { label: 'player download, local disk', url: diskDownload.url, headers: diskDownload.device, bytesPerRequest: FILE_BYTES },
          { label: 'player download, S3', url: s3Download.url, headers: s3Download.device, bytesPerRequest: FILE_BYTES },
        ] satisfies Target[],
        DOWNLOADS,
      );

      // The driver and the bare SDK, same bytes, same store, alternating.
      const bytes = randomBytes(DRIVER_BYTES);
      const driver = new S3Storage(s3.configFor('bench', 'driver/'));
      const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
      const times = { driverPut: [] as number[], barePut: [] as number[], driverGet: [] as number[], bareGet: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const sides = round % 2 ? ['bare', 'driver'] : ['driver', 'bare'];
        for (const side of sides) {
          if (side === 'driver') {
            times.driverPut.push(await timed(() => driver.put('bench/object', Readable.from([bytes]), bytes.length)));
            times.driverGet.push(await timed(async () => drain(await driver.get('bench/object'))));
          } else {
            const key = 'bare/bench/object';
            times.barePut.push(await timed(() => client.send(new PutObjectCommand({ Bucket: 'bench', Key: key, Body: bytes }))));
            times.bareGet.push(await timed(async () => drain((await client.send(new GetObjectCommand({ Bucket: 'bench', Key: key }))).Body as Readable)));
          }
        }
      }
      client.destroy();
      const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);
      const ratio = (mine: number[], bare: number[]) => sum(bare) / sum(mine);
      const check = (name: string, value: number, target: number): Check => ({ name, value, target, pass: value >= target });
      const uploadRatio = sum(uploads[0]!) / sum(uploads[1]!);
      const downloadRatio = downloads.mibPerSecond[1]! / downloads.mibPerSecond[0]!;
      return {
        setup:
          `${UPLOAD_BYTES / MIB} MiB uploads in ${CHUNK_BYTES / MIB} MiB PATCHes and ${FILE_BYTES / MIB} MiB player downloads (${DOWNLOADS.connections} connections), ` +
          `each through a server with media on the local disk and one with media in a local s3rver bucket, ${ROUNDS} alternating rounds; ` +
          `then ${DRIVER_BYTES / MIB} MiB put and got through the S3 driver (a stream of known size: one streamed PutObject) and through the bare SDK (one PutObject of the buffer, one GetObject). ` +
          `Shown for information: S3/disk upload ${uploadRatio.toFixed(2)}, download ${downloadRatio.toFixed(2)} (s3rver's own speed bounds these)`,
        measurements: [
          figure('upload, local disk', UPLOAD_BYTES, uploads[0]!),
          figure('upload, S3', UPLOAD_BYTES, uploads[1]!),
          ...downloads.measurements,
          figure('driver put', DRIVER_BYTES, times.driverPut),
          figure('bare SDK put', DRIVER_BYTES, times.barePut),
          figure('driver get', DRIVER_BYTES, times.driverGet),
          figure('bare SDK get', DRIVER_BYTES, times.bareGet),
        ],
        checks: [
          check('S3 driver/bare SDK put', ratio(times.driverPut, times.barePut), DRIVER_TARGET),
          check('S3 driver/bare SDK get', ratio(times.driverGet, times.bareGet), DRIVER_TARGET),
        ],
      };
    } finally {
      agent.destroy();
      await onS3.stop();
      await onDisk.stop();
    }
  } finally {
    await s3.stop();
  }
}

export const s3StorageBenchmark: Benchmark = { name: 's3-storage', run };

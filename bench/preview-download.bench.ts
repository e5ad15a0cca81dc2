import type { MediaDeps } from '../core-modules/media/media-deps.js';
import { coreModules } from '../core-modules/index.js';
import { optionalPlugins } from '../plugins/index.js';
import { assertSameAnswer, compare, createStoredAsset, MIB, startBaseline, type Load, type Target } from './file-download.js';
import { signInOwner } from './fleet.js';
import { bootKernel, type BenchResult, type Benchmark } from './support.js';

const FILE_BYTES = 256 * MIB;
/** 1 MiB from the middle of the file: a player seeking, or a browser fetching the next piece. */
const RANGE = { start: 128 * MIB, end: 129 * MIB - 1 };

/** Serving a stored file must keep at least this share of what bare node:http + fs manages. */
const TARGET_RATIO = 0.8;

// Whole files: few connections, each moving 256 MiB per request. Ranges: many small answers.
const FULL: Load = { connections: 4, warmupSeconds: 3, seconds: 12, rounds: 2 };
const RANGED: Load = { connections: 32, warmupSeconds: 2, seconds: 10, rounds: 2 };

async function run(): Promise<BenchResult> {
  // The whole server as `npm start` runs it, so every plugin's middleware is on the measured path.
  const kernel = await bootKernel([...coreModules, ...optionalPlugins]);
  try {
    const deps = kernel.kernel.containerOf('media').cradle as MediaDeps;
    const { cookie } = await signInOwner(kernel);
    const asset = await createStoredAsset(deps, FILE_BYTES);
    const baseline = await startBaseline(asset.path, FILE_BYTES);
    try {
      const range = { range: `bytes=${RANGE.start}-${RANGE.end}` };
      const preview = `${kernel.url}/api/v1/assets/${asset.id}/preview`;
      const full: Target[] = [
        { label: 'node:http full', url: baseline.url, headers: {}, bytesPerRequest: FILE_BYTES },
        { label: 'kernel full', url: preview, headers: { cookie }, bytesPerRequest: FILE_BYTES },
      ];
      const ranged: Target[] = [
        { label: 'node:http 1 MiB range', url: baseline.url, headers: range, bytesPerRequest: MIB },
        { label: 'kernel 1 MiB range', url: preview, headers: { cookie, ...range }, bytesPerRequest: MIB },
      ];
      await assertSameAnswer(full);
      await assertSameAnswer(ranged);
      const fullRuns = await compare(full, FULL);
      const rangedRuns = await compare(ranged, RANGED);
      const ratio = (pair: { mibPerSecond: number[] }) => pair.mibPerSecond[1]! / pair.mibPerSecond[0]!;
      return {
        setup:
          `GET of a ${FILE_BYTES / MIB} MiB stored file, whole (${FULL.connections} connections) and as a 1 MiB Range (${RANGED.connections} connections), ` +
          `owner session; warm-up, then ${FULL.seconds} / ${RANGED.seconds} s measured each in ${FULL.rounds} alternating rounds`,
        measurements: [...fullRuns.measurements, ...rangedRuns.measurements],
        checks: [
          { name: 'kernel/baseline full download throughput', value: ratio(fullRuns), target: TARGET_RATIO, pass: ratio(fullRuns) >= TARGET_RATIO },
          { name: 'kernel/baseline 1 MiB range throughput', value: ratio(rangedRuns), target: TARGET_RATIO, pass: ratio(rangedRuns) >= TARGET_RATIO },
        ],
      };
    } finally {
      await baseline.stop();
      // The data dir goes with the kernel; on a shared DATABASE_URL the rows must go explicitly.
      await deps!.storage.delete(asset.key);
      await deps!.db('assets').where({ id: asset.id }).delete();
    }
  } finally {
    await kernel.stop();
  }
}

export const previewDownloadBenchmark: Benchmark = { name: 'preview-download', run };

import { assertSameAnswer, compare, MIB, startBaseline, type Load, type Target } from './file-download.js';
import { bootServer } from './fleet.js';
import { playerDownload } from './player-download.js';
import type { BenchResult, Benchmark } from './support.js';

const FILE_BYTES = 64 * MIB;
/** 1 MiB from the middle: a player resuming an interrupted download. */
const RANGE = { start: 32 * MIB, end: 33 * MIB - 1 };

/** A player's whole-file download must keep at least this share of what bare node:http + fs manages. */
const TARGET_RATIO = 0.8;

// Whole files: few connections, each moving 64 MiB per request. Ranges: many small answers.
const FULL: Load = { connections: 4, warmupSeconds: 3, seconds: 12, rounds: 2 };
const RANGED: Load = { connections: 32, warmupSeconds: 2, seconds: 10, rounds: 2 };

async function run(): Promise<BenchResult> {
  // The whole server as `npm start` runs it, so every plugin's middleware is on the measured path.
  const server = await bootServer();
  try {
    const download = await playerDownload(server, FILE_BYTES);
    const baseline = await startBaseline(download.path, FILE_BYTES);
    try {
      const { device } = download;
      const range = { range: `bytes=${RANGE.start}-${RANGE.end}` };
      const full: Target[] = [
        { label: 'node:http full', url: baseline.url, headers: {}, bytesPerRequest: FILE_BYTES },
        { label: 'player variant full', url: download.url, headers: device, bytesPerRequest: FILE_BYTES },
      ];
      const ranged: Target[] = [
        { label: 'node:http 1 MiB range', url: baseline.url, headers: range, bytesPerRequest: MIB },
        { label: 'player variant 1 MiB range', url: download.url, headers: { ...device, ...range }, bytesPerRequest: MIB },
      ];
      await assertSameAnswer(full);
      await assertSameAnswer(ranged);
      const fullRuns = await compare(full, FULL);
      const rangedRuns = await compare(ranged, RANGED);
      const ratio = (pair: { mibPerSecond: number[] }) => pair.mibPerSecond[1]! / pair.mibPerSecond[0]!;
      return {
        setup:
          `GET /api/v1/player/assets/{assetId}/variants/{variantId} of a ${FILE_BYTES / MIB} MiB variant listed in the screen's manifest, device credential, ` +
          `whole (${FULL.connections} connections) and as a 1 MiB Range (${RANGED.connections} connections), against node:http + fs.createReadStream of the same file; ` +
          `warm-up, then ${FULL.seconds} / ${RANGED.seconds} s measured each in ${FULL.rounds} alternating rounds. Ranges are shown for information ` +
          `(player/baseline ${ratio(rangedRuns).toFixed(2)}): each small answer also pays the check against the screen's current manifest, a few queries`,
        measurements: [...fullRuns.measurements, ...rangedRuns.measurements],
        checks: [{ name: 'player/baseline full download throughput', value: ratio(fullRuns), target: TARGET_RATIO, pass: ratio(fullRuns) >= TARGET_RATIO }],
      };
    } finally {
      await baseline.stop();
    }
  } finally {
    await server.stop();
  }
}

export const variantDownloadBenchmark: Benchmark = { name: 'variant-download', run };

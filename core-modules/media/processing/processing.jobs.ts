import { Type } from '@sinclair/typebox';
import { jobFor, type JobDef } from '../../../kernel/plugin.js';
import type { ProcessingDeps } from './processing-deps.js';
import type { ProcessingService } from './processing.service.js';
import { PROCESSING_JOBS } from './processing-job-names.js';
import { MediaRejected, readableFailure, type FailureCode } from './processing-errors.js';
import { OPTIMIZE_TIMEOUT_MS } from './video-variants.js';
import { Uuid } from '../../../kernel/http/wire.js';

const job = jobFor<ProcessingDeps>();
const AssetJob = Type.Object({ assetId: Uuid });

interface StepPolicy {
  /** Attempts after the first. A server restart mid-run uses one up (pg-boss fails jobs it had to abandon). */
  retries: number;
  /** First retry after this many seconds (pg-boss doubles it each time, with jitter). */
  delaySeconds: number;
  /** pg-boss's limit for one run; each step's own tool timeouts end well before it. */
  expireInSeconds: number;
  failure: FailureCode;
  /** Shown on the asset when every attempt failed for a reason of our own (not the file's). */
  message: string;
}

/**
 * One job per processing step. A failure caused by the file (MediaRejected) fails the asset at
 * once; any other failure is retried, and the last attempt marks the asset failed so it never
 * stays in a processing state with no job left to finish it.
 */
function step(
  name: string,
  policy: StepPolicy,
  run: (service: ProcessingService, assetId: string, signal: AbortSignal) => Promise<void>,
): JobDef<ProcessingDeps, typeof AssetJob> {
  return job({
    name,
    payload: AssetJob,
    retry: { limit: policy.retries, delaySeconds: policy.delaySeconds, backoff: true },
    expireInSeconds: policy.expireInSeconds,
    handler: async ({ assetId }, { processingService, logger }, { retryCount, signal }) => {
      try {
        await run(processingService, assetId, signal);
      } catch (err) {
        if (err instanceof MediaRejected) {
          await processingService.fail(assetId, err.code, err.message);
          return;
        }
        const last = retryCount >= policy.retries;
        logger.warn(
          { err, assetId, job: name, attempt: retryCount + 1, of: policy.retries + 1 },
          last ? 'media step failed for the last time' : 'media step failed; it will be retried',
        );
        if (last) await processingService.fail(assetId, policy.failure, readableFailure(err, policy.message));
        throw err;
      }
    },
  });
}

const STEP_MESSAGE = 'Processing failed several times because of a server problem; retry the asset, and if it fails again see the server log.';

export const processingJobs = [
  step(
    PROCESSING_JOBS.inspectAsset,
    {
      retries: 2,
      delaySeconds: 5,
      expireInSeconds: 10 * 60,
      failure: 'media_inspection_failed',
      message: 'The file could not be inspected because of a server problem; retry the asset.',
    },
    (s, id) => s.inspect(id),
  ),
  step(
    PROCESSING_JOBS.imageThumbnail,
    { retries: 2, delaySeconds: 5, expireInSeconds: 5 * 60, failure: 'media_processing_failed', message: STEP_MESSAGE },
    (s, id) => s.imageThumbnail(id),
  ),
  step(
    PROCESSING_JOBS.imagePlayback,
    { retries: 2, delaySeconds: 5, expireInSeconds: 10 * 60, failure: 'media_processing_failed', message: STEP_MESSAGE },
    (s, id) => s.imagePlayback(id),
  ),
  step(
    PROCESSING_JOBS.videoPoster,
    { retries: 2, delaySeconds: 5, expireInSeconds: 5 * 60, failure: 'media_processing_failed', message: STEP_MESSAGE },
    (s, id) => s.videoPoster(id),
  ),
  step(
    PROCESSING_JOBS.videoOptimize,
    // One more attempt than the others: restarts during a long transcode each use one up.
    { retries: 3, delaySeconds: 5, expireInSeconds: OPTIMIZE_TIMEOUT_MS / 1000 + 10 * 60, failure: 'media_processing_failed', message: STEP_MESSAGE },
    (s, id, signal) => s.videoOptimize(id, signal),
  ),
  job({
    name: PROCESSING_JOBS.deleteFiles,
    payload: AssetJob,
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    expireInSeconds: 15 * 60,
    handler: ({ assetId }, { processingService }) => processingService.deleteFiles(assetId),
  }),
  job({
    name: PROCESSING_JOBS.failStalled,
    payload: Type.Object({}),
    cron: '*/15 * * * *',
    handler: async (_p, { processingService }) => void (await processingService.failStalled()),
  }),
];

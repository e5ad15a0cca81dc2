/** On a failed asset (`errorCode`). `image_too_large`: more pixels than the limit the message names. */
export type FailureCode = 'media_inspection_failed' | 'media_processing_failed' | 'image_too_large';

/**
 * The file itself is the problem (damaged, too large, not a supported format): every retry would
 * fail the same way, so the asset fails at once. The message is shown to users.
 */
export class MediaRejected extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRejected';
  }
}

/**
 * A step failed in a way a retry may fix (a tool crashed or timed out). `message` is safe to show;
 * `detail` (tool output, which can name temp paths) goes to the server log only.
 */
export class StepFailed extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'StepFailed';
  }
}

/** What a user reads when a step ran out of attempts: our own messages, never a stack or a path. */
export function readableFailure(err: unknown, fallback: string): string {
  return err instanceof StepFailed || err instanceof MediaRejected ? err.message : fallback;
}

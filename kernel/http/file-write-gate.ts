import type { AppError } from '../errors.js';

/**
 * Whether routes that write stored files (`writesFiles`) may run now. A module that needs the files
 * to hold still (a backup copying them) closes the gate with the refusal those routes answer, and
 * opens it again when done; the check is an in-process read, so it costs a request nothing.
 */
export class FileWriteGate {
  private refusal?: () => AppError;

  close(refusal: () => AppError): void {
    this.refusal = refusal;
  }

  open(): void {
    this.refusal = undefined;
  }

  /** Throws the refusal while the gate is closed. */
  check(): void {
    if (this.refusal) throw this.refusal();
  }
}

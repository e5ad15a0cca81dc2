import { formatMb, type ProgressOutput } from '../cli-output.js';

const BAR_WIDTH = 20;
/** Without a terminal, a line per file at each of these steps is enough to follow along in a log. */
const PLAIN_STEPS = [25, 50, 75];

const percent = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 100);

function bar(done: number, total: number): string {
  const filled = Math.round((percent(done, total) / 100) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

/**
 * Per-file and total upload progress: a redrawn bar on a terminal, plain lines otherwise.
 */
export class ImportProgress {
  private totalDone = 0;
  private file = { name: '', size: 0, done: 0, index: 0, step: 0 };
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressOutput,
    private readonly files: number,
    private readonly totalBytes: number,
  ) {}

  startFile(index: number, name: string, size: number, resumedAt: number) {
    this.file = { name, size, done: resumedAt, index, step: PLAIN_STEPS.filter((s) => s <= percent(resumedAt, size)).pop() ?? 0 };
    this.totalDone += resumedAt;
    const resumed = resumedAt > 0 ? `, resuming at ${formatMb(resumedAt)}` : '';
    this.out.line(`[${index}/${this.files}] ${name} (${formatMb(size)}${resumed})`);
    this.draw(true);
  }

  advance(bytes: number) {
    this.file.done += bytes;
    this.totalDone += bytes;
    this.draw(false);
  }

  /** Counts a file as done (or skipped) for the total. */
  finishFile(message: string, skippedBytes = 0) {
    this.totalDone += skippedBytes;
    this.clearStatus();
    this.out.line(`  ${message}`);
  }

  note(message: string) {
    this.clearStatus();
    this.out.line(message);
  }

  private clearStatus() {
    this.out.status?.('');
  }

  private draw(force: boolean) {
    if (this.out.status) {
      const now = Date.now();
      if (!force && now - this.lastDraw < 100 && this.file.done < this.file.size) return;
      this.lastDraw = now;
      const seconds = Math.max(0.001, (now - this.started) / 1000);
      this.out.status(
        `${bar(this.file.done, this.file.size)} ${String(percent(this.file.done, this.file.size)).padStart(3)}% ${this.file.name.slice(0, 30)}` +
          `  total ${bar(this.totalDone, this.totalBytes)} ${percent(this.totalDone, this.totalBytes)}% ${formatMb(this.totalDone)}/${formatMb(this.totalBytes)}` +
          ` ${formatMb(this.totalDone / seconds)}/s`,
      );
      return;
    }
    const filePercent = percent(this.file.done, this.file.size);
    const next = PLAIN_STEPS.find((s) => s > this.file.step && filePercent >= s && filePercent < 100);
    if (next === undefined) return;
    this.file.step = PLAIN_STEPS.filter((s) => s <= filePercent).pop()!;
    this.out.line(
      `  ${this.file.name}: ${filePercent}% (total ${percent(this.totalDone, this.totalBytes)}%, ${formatMb(this.totalDone)} of ${formatMb(this.totalBytes)})`,
    );
  }
}

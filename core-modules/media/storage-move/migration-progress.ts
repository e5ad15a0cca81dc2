import { formatMb, type ProgressOutput } from '../cli-output.js';

const BAR_WIDTH = 20;
/** Without a terminal, a line at each tenth of a pass is enough to follow along in a log. */
const PLAIN_STEP = 10;

const percent = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 100);

/** Files and bytes of the current pass: a redrawn bar on a terminal, a line per tenth otherwise. */
export class MigrationProgress {
  private pass = { files: 0, bytes: 0, filesDone: 0, bytesDone: 0, started: 0, step: 0 };
  private lastDraw = 0;

  constructor(private readonly out: ProgressOutput) {}

  startPass(pass: number, files: number, bytes: number): void {
    this.pass = { files, bytes, filesDone: 0, bytesDone: 0, started: Date.now(), step: 0 };
    const what = pass === 1 ? 'to copy' : 'new or changed since the pass before';
    this.out.line(`Pass ${pass}: ${files} file(s), ${formatMb(bytes)} ${what}`);
  }

  advance(bytes: number): void {
    this.pass.bytesDone += bytes;
    this.draw();
  }

  fileDone(): void {
    this.pass.filesDone++;
    this.draw();
  }

  failed(key: string, reason: string): void {
    this.out.status?.('');
    this.out.line(`  failed: ${key}: ${reason}`);
  }

  private draw(): void {
    const { files, filesDone, bytes, bytesDone, started } = this.pass;
    const finished = filesDone === files;
    const share = finished ? 100 : bytes > 0 ? percent(bytesDone, bytes) : percent(filesDone, files);
    const rate = `${formatMb(bytesDone / Math.max(0.001, (Date.now() - started) / 1000))}/s`;
    const text = `${filesDone}/${files} files, ${formatMb(bytesDone)} of ${formatMb(bytes)}, ${rate}`;
    if (this.out.status) {
      if (!finished && Date.now() - this.lastDraw < 100) return;
      this.lastDraw = Date.now();
      const filled = Math.round((share / 100) * BAR_WIDTH);
      this.out.status(finished ? '' : `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(share).padStart(3)}% ${text}`);
      if (finished) this.out.line(`  done: ${text}`);
      return;
    }
    // 100 % only once every file is done (the bytes of the last may all be in before it is verified).
    const step = finished ? 100 : Math.min(100 - PLAIN_STEP, Math.floor(share / PLAIN_STEP) * PLAIN_STEP);
    if (step <= this.pass.step) return;
    this.pass.step = step;
    this.out.line(`  ${step}%: ${text}`);
  }
}

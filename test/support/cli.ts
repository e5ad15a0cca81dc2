import { execFile } from 'node:child_process';
import type { TestKernel } from './test-kernel.js';

/** Runs `npm run cli -- <args>` as an operator would, on the test kernel's database and DATA_DIR. */
export function runCli(
  k: TestKernel,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'jobs/cli.ts', ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: k.databaseUrl, DATA_DIR: k.dataDir, LOG_LEVEL: 'warn', ...env }, timeout: timeoutMs },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

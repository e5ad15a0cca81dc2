import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const consoleDir = join(root, 'console');

function newestIn(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newestIn(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)),
  );
}

let built = false;

/**
 * The browser tests run the console as `npm ci` built it; when its sources changed since (a developer
 * at work), it is built again first, so a test never passes against an old build.
 */
export function ensureConsoleBuilt(): void {
  if (built) return;
  const index = join(consoleDir, 'dist', 'index.html');
  const sources = Math.max(
    newestIn(join(consoleDir, 'src')),
    statSync(join(consoleDir, 'index.html')).mtimeMs,
    statSync(join(consoleDir, 'vite.config.ts')).mtimeMs,
  );
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    execFileSync('npm', ['run', 'build', '-w', 'console'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  built = true;
}

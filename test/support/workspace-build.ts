import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newestIn(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newestIn(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)),
  );
}

const built = new Set<string>();

/**
 * The browser tests run a browser app (a workspace: `console`, `browser-player`) as `npm ci` built
 * it; when its sources changed since (a developer at work), it is built again first, so a test
 * never passes against an old build.
 */
export function ensureWorkspaceBuilt(workspace: string): void {
  if (built.has(workspace)) return;
  const dir = join(root, workspace);
  const index = join(dir, 'dist', 'index.html');
  const sources = Math.max(newestIn(join(dir, 'src')), statSync(join(dir, 'index.html')).mtimeMs, statSync(join(dir, 'vite.config.ts')).mtimeMs);
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  built.add(workspace);
}

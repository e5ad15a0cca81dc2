import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a run of install.sh did in the sandbox. */
export interface SandboxRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The kiosk account's home folder. */
  home: string;
  /** The system commands it ran (`systemctl --user enable …`), one per line. */
  calls: string[];
  read(pathInHome: string): Buffer | undefined;
}

// Stand-ins for what needs root or a running systemd: the run is real otherwise (curl against the
// server, sha256sum, install, chown to the tester's own ids). The kiosk account `kiosk` is the
// tester under another name, with a home folder in the sandbox.
const FAKES: Record<string, string> = {
  id: `if [ "$#" -eq 1 ] && [ "$1" = "-u" ]; then echo 0; exit 0; fi
if [ "\${!#}" = kiosk ]; then
  case "$1" in -u) exec /usr/bin/id -u ;; -g) exec /usr/bin/id -g ;; *) exit 0 ;; esac
fi
exec /usr/bin/id "$@"`,
  getent: `[ "$1 $2" = "passwd kiosk" ] || exit 2
echo "kiosk:x:$(/usr/bin/id -u):$(/usr/bin/id -g)::$SANDBOX_HOME:/bin/bash"`,
  loginctl: 'echo "loginctl $*" >> "$SANDBOX_CALLS"',
  systemctl: 'echo "systemctl $*" >> "$SANDBOX_CALLS"',
  runuser: `while [ "$1" != "--" ]; do shift; done
shift
exec "$@"`,
};

/** Runs `script` (install.sh as served) as root would, in a throw-away folder, with `args`. */
export function runInstallScript(script: string, args: string[]): Promise<SandboxRun> {
  const root = mkdtempSync(join(tmpdir(), 'install-sandbox-'));
  const bin = join(root, 'bin');
  const home = join(root, 'home');
  const calls = join(root, 'calls');
  mkdirSync(bin);
  mkdirSync(home);
  for (const [name, body] of Object.entries(FAKES)) {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  writeFileSync(join(root, 'install.sh'), script);
  return new Promise((resolve) => {
    execFile(
      'bash',
      [join(root, 'install.sh'), ...args],
      { env: { PATH: `${bin}:${process.env.PATH}`, HOME: home, SANDBOX_HOME: home, SANDBOX_CALLS: calls }, timeout: 20_000 },
      (err, stdout, stderr) => {
        const run: SandboxRun = {
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          home,
          calls: existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [],
          read: (path) => (existsSync(join(home, path)) ? readFileSync(join(home, path)) : undefined),
        };
        resolve(run);
      },
    );
  });
}

/** Removes a sandbox a run left. */
export const removeSandbox = (run: SandboxRun) => rmSync(join(run.home, '..'), { recursive: true, force: true });

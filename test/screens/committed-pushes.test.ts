import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreModules } from '../../core-modules/index.js';
import type { PlaylistsDeps } from '../../core-modules/playlists/playlists-deps.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'test', 'fixtures', 'killed-after-commit', 'server.ts');

/** Another server process on the same database, which dies at the first manifest refresh it starts. */
function spawnServer(databaseUrl: string, dataDir: string): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const ready = /server ready (\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  return { child, url, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.signalCode ?? child.exitCode)
      : child.once('exit', (code, signal) => resolve(signal ?? code)),
  );

describe('pushes a change’s commit carries', function () {
  this.timeout(180_000);
  let b: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-killed-after-commit-'));

  before(async () => {
    b = await bootTestKernel({ plugins: coreModules, role: 'web' });
    owner = await setUpOwner(b);
    screen = await pairScreen(b, owner, { name: 'Lobby' });
  });
  after(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGKILL');
      await exited(child);
    }
    await b?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const manifestVersion = async () => (await playerCall(b, screen.credential, 'GET', '/api/v1/player/manifest')).body.data.manifestVersion as number;

  async function connected(): Promise<PlayerSocket> {
    const socket = await openPlayerSocket(b, screen.credential);
    await socket.next('server.hello');
    return socket;
  }

  it('reaches the socket on another process when the process that committed is killed before its push', async () => {
    const playlist = (await consoleCall(b, owner, 'POST', '/api/v1/playlists', { name: 'Morning' })).body.data;
    const before = await manifestVersion();
    const socket = await connected();
    try {
      // Process A: same database, same keys, its own port. The console talks to it.
      copyFileSync(join(b.dataDir, 'secrets.key'), join(dataDir, 'secrets.key'));
      const spawned = spawnServer(b.databaseUrl, dataDir);
      child = spawned.child;
      const a = { request: async (path: string, init?: RequestInit) => fetch(`${await spawned.url}${path}`, init) } as TestKernel;
      // A commits, then dies as it starts the refresh that would push: the answer may never come.
      await consoleCall(a, owner, 'PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id }).catch(() => undefined);
      expect(await exited(child), spawned.output()).to.equal('SIGKILL');
      const killedAt = Date.now();
      const stored = await b.db('screen_playlist_assignments').where({ screen_id: screen.screenId }).first();
      expect(stored?.content_id, 'the change committed').to.equal(playlist.id);

      // B took the change over from the commit's own notice: the push arrives, with the new version.
      const pushed = await socket.next('manifest.changed', 20_000);
      expect(pushed).to.deep.equal({ type: 'manifest.changed', manifestVersion: before + 1 });
      const manifest = (await playerCall(b, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
      expect([manifest.manifestVersion, manifest.playlist?.id]).to.deep.equal([before + 1, playlist.id]);
      console.log(`      (pushed ${Date.now() - killedAt} ms after the kill, by a takeover)`);
    } finally {
      socket.ws.close();
      await socket.closed;
    }
  });

  it('sends nothing for a change that rolled back, and the change’s pushes once it commits', async () => {
    const playlist = (await consoleCall(b, owner, 'POST', '/api/v1/playlists', { name: 'Evening' })).body.data;
    const before = await manifestVersion();
    const socket = await connected();
    try {
      const playlists = b.containerOf('playlists').cradle as PlaylistsDeps;
      const { playerMessages } = b.containerOf('screens').cradle as ScreensDeps;
      // One statement at a time: a transaction is one connection.
      const change = async (trx: Parameters<Parameters<typeof b.db.transaction>[0]>[0]) => {
        await playlists.assignmentsRepository.assign(screen.screenId, { contentType: 'playlist', contentId: playlist.id }, trx);
        await playlists.contentSources.changed([screen.screenId], trx);
        await playerMessages.send('commands.available', screen.screenId, {}, trx);
      };
      await b.db
        .transaction(async (trx) => {
          await change(trx);
          throw new Error('roll back');
        })
        .catch(() => {});
      // Notices arrive in commit order: had the rolled-back one gone out, it would come before this.
      await b.db.transaction((trx) => playerMessages.send('preview.session_changed', screen.screenId, {}, trx));
      await socket.next('preview.session_changed');
      const relevant = () =>
        socket.messages.map((m) => m.type).filter((t) => ['manifest.changed', 'commands.available', 'preview.session_changed'].includes(t));
      expect(relevant()).to.deep.equal(['preview.session_changed']);

      await b.db.transaction(change);
      expect(await socket.next('manifest.changed'), 'the version the rollback never moved').to.deep.equal({
        type: 'manifest.changed',
        manifestVersion: before + 1,
      });
      await socket.next('commands.available');
    } finally {
      socket.ws.close();
      await socket.closed;
    }
  });
});

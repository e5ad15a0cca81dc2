import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { Storage } from '../../kernel/storage/storage.js';
import type { ScreencastReceiverService } from '../../installers/screencast-receiver.service.js';
import { runCli } from '../support/cli.js';
import { removeSandbox, runInstallScript } from './install-sandbox.js';
import { releaseSigner, type SignedRelease, signedRelease, uploadRelease } from '../support/player-release-fixtures.js';
import { resetRateLimits, setUpOwner } from '../support/console-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A GET with a Host header of our choosing (fetch does not let a caller set one). */
function getWithHost(k: TestKernel, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${k.url}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

/** Whether bash parses the script and shellcheck finds nothing in it (shellcheck must be installed: CI installs it). */
async function checkScript(text: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'installer-script-'));
  try {
    const file = join(dir, 'script.sh');
    writeFileSync(file, text);
    await run('bash', ['-n', file]);
    await run('shellcheck', ['--severity=style', file]).catch((err: { code?: unknown; stdout?: string; message: string }) => {
      if (err.code === 'ENOENT') throw new Error('shellcheck is not installed: apt-get install -y --no-install-recommends shellcheck');
      throw new Error(`shellcheck found problems:\n${err.stdout ?? err.message}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A unit file's sections and keys (`Section.Key` → values), as systemd reads them. */
function parseUnit(text: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const entry = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!entry || !section) throw new Error(`not a unit file line: ${raw}`);
    const key = `${section}.${entry[1]}`;
    keys.set(key, [...(keys.get(key) ?? []), entry[2]!]);
  }
  return keys;
}

describe('installers', () => {
  const signer = releaseSigner();
  let k: TestKernel;
  let work: string;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey } });
    work = mkdtempSync(join(tmpdir(), 'installers-test-'));
  });
  after(async () => {
    await k?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => resetRateLimits(k));

  for (const path of ['/install.sh', '/install-screencast.sh']) {
    it(`${path} is a no-store shell script that calls home to this server and passes bash -n and shellcheck`, async () => {
      const res = await call(k, 'GET', path);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/x-shellscript\b/);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.text).to.contain(`readonly SERVER_URL="${k.url}"`).and.not.contain('__SIGNAGE_SERVER_URL__');
      await checkScript(res.text);
    });
  }

  it('writes the address the box used when PUBLIC_URL is not set, and refuses one a shell could misread', async () => {
    const named = await getWithHost(k, '/install.sh', 'signage.example.org:8443');
    expect(named.status).to.equal(200);
    expect(named.body).to.contain('readonly SERVER_URL="http://signage.example.org:8443"');
    const hostile = await getWithHost(k, '/install.sh', 'x$(reboot)');
    expect(hostile.status).to.equal(400);
    expect(JSON.parse(hostile.body).error.code).to.equal('install_server_url_invalid');
  });

  it('serves the player unit: it starts the AppImage, restarts it, and is wanted by the graphical session', async () => {
    const res = await call(k, 'GET', '/install/player.service');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain\b/);
    const unit = parseUnit(res.text);
    expect(unit.get('Service.ExecStart')).to.deep.equal(['%h/signage/signage-player.AppImage --appimage-extract-and-run']);
    expect(unit.get('Service.Restart')).to.deep.equal(['always']);
    expect(unit.get('Install.WantedBy')).to.deep.equal(['graphical-session.target']);
  });

  it('install.sh stops before writing anything while the server has no Linux player to hand out', async function () {
    this.timeout(30_000);
    const run = await runInstallScript((await call(k, 'GET', '/install.sh')).text, ['--user', 'kiosk', '--without-screencast']);
    try {
      expect(run.code).to.equal(1);
      expect(run.stderr).to.contain(`${k.url} has no Linux player to hand out yet`);
      expect(run.read('signage')).to.equal(undefined);
      expect(run.calls).to.deep.equal([]);
    } finally {
      removeSandbox(run);
    }
  });

  it('answers 429 rate_limited with Retry-After at the 61st installer request of a minute from one address', async () => {
    for (let i = 0; i < 60; i++) expect((await k.request('/install/player.service')).status, `request ${i + 1}`).to.equal(200);
    // The budget is shared by every installer route.
    const res = await call(k, 'GET', '/install.sh');
    expect(res.status).to.equal(429);
    expect(res.body.error.code).to.equal('rate_limited');
    expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
  });

  describe('the Linux player', () => {
    let release: SignedRelease;

    it('is 404 player_release_not_cached before a verified release is cached', async () => {
      const res = await call(k, 'GET', '/api/v1/install/linux');
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('player_release_not_cached');
      expect((await call(k, 'GET', '/api/v1/install/linux/artifact')).status).to.equal(404);
      expect((await call(k, 'HEAD', '/api/v1/install/linux/artifact')).status).to.equal(404);
    });

    it('describes the newest uploaded release, and serves its artifact whole, in ranges and to HEAD', async () => {
      const owner = await setUpOwner(k);
      for (const versionCode of [300, 301]) {
        release = signedRelease(signer, { platform: 'linux', versionCode, artifact: 20_000 });
        const uploaded = await uploadRelease(k, owner, release.files);
        expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(201);
      }
      const res = await call(k, 'GET', '/api/v1/install/linux');
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.equal({
        platform: 'linux',
        versionName: release.versionName,
        versionCode: 301,
        sizeBytes: release.artifact.length,
        sha256: release.artifactSha256,
        artifactUrl: `${k.url}/api/v1/install/linux/artifact`,
      });

      const whole = await k.request('/api/v1/install/linux/artifact');
      expect(whole.status).to.equal(200);
      expect(whole.headers.get('content-type')).to.equal('application/octet-stream');
      expect(Buffer.from(await whole.arrayBuffer()).equals(release.artifact)).to.equal(true);
      const part = await k.request('/api/v1/install/linux/artifact', { headers: { range: 'bytes=5000-' } });
      expect(part.status).to.equal(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(release.artifact.subarray(5000))).to.equal(true);
      const head = await k.request('/api/v1/install/linux/artifact', { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.headers.get('content-length')).to.equal(String(release.artifact.length));
    });

    it('is installed by install.sh: the checked AppImage, the unit with this server, linger, enabled and started', async function () {
      this.timeout(30_000);
      const run = await runInstallScript((await call(k, 'GET', '/install.sh')).text, ['--user', 'kiosk', '--without-screencast']);
      try {
        expect(run.code, run.stderr).to.equal(0);
        expect(run.read('signage/signage-player.AppImage')?.equals(release.artifact)).to.equal(true);
        expect(statSync(join(run.home, 'signage/signage-player.AppImage')).mode & 0o111).to.not.equal(0);
        const unitDir = '.config/systemd/user/tilecast-player.service';
        expect(run.read(unitDir)?.toString()).to.equal((await call(k, 'GET', '/install/player.service')).text);
        expect(run.read(`${unitDir}.d/10-server.conf`)?.toString()).to.equal(`[Service]\nEnvironment=TILECAST_SERVER_URL=${k.url}\n`);
        expect(run.calls).to.deep.equal([
          'loginctl enable-linger kiosk',
          'systemctl --user daemon-reload',
          'systemctl --user enable tilecast-player.service',
          'systemctl --user restart tilecast-player.service',
        ]);
        expect(run.stdout).to.contain(`Player:      ${join(run.home, 'signage/signage-player.AppImage')} (${release.versionName})`);
      } finally {
        removeSandbox(run);
      }
    });

    it('is refused by install.sh when the download does not match the SHA-256 the server reported', async function () {
      this.timeout(30_000);
      // A server in between that reports another checksum for the same download.
      const tampering = createServer(async (req, res) => {
        const upstream = await k.request(req.url ?? '/');
        let body = Buffer.from(await upstream.arrayBuffer());
        if (req.url === '/api/v1/install/linux') body = Buffer.from(body.toString().replace(release.artifactSha256, 'a'.repeat(64)));
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' }).end(body);
      });
      await new Promise<void>((resolve) => tampering.listen(0, '127.0.0.1', resolve));
      const via = `http://127.0.0.1:${(tampering.address() as AddressInfo).port}`;
      const script = (await getWithHost(k, '/install.sh', via.slice('http://'.length))).body;
      const run = await runInstallScript(script, ['--user', 'kiosk', '--without-screencast']);
      try {
        expect(run.code).to.equal(1);
        expect(run.stderr).to.contain(`not ${'a'.repeat(64)} as the server said; nothing was installed`);
        expect(run.read('signage/signage-player.AppImage')).to.equal(undefined);
        expect(readdirSync(join(run.home, 'signage'))).to.deep.equal([]);
      } finally {
        removeSandbox(run);
        tampering.close();
      }
    });
  });

  describe('the screencast receiver', () => {
    const archive = Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(50_000)]);
    const archivePath = () => join(work, 'uxplay-1.73.6.tar.gz');

    it('is 404 screencast_receiver_not_provided, naming the command that provides it, until the operator does', async () => {
      for (const path of ['/api/v1/install/screencast/receiver', '/api/v1/install/screencast/receiver.sha256']) {
        const res = await call(k, 'GET', path);
        expect(res.status, path).to.equal(404);
        expect(res.body.error.code).to.equal('screencast_receiver_not_provided');
        expect(res.body.error.message).to.contain('npm run cli -- installers set-screencast-receiver');
      }
      expect((await call(k, 'HEAD', '/api/v1/install/screencast/receiver')).status).to.equal(404);
    });

    it('is provided on the command line, then served whole, in ranges, to HEAD and with its SHA-256', async function () {
      this.timeout(60_000);
      writeFileSync(archivePath(), archive);
      const res = await runCli(k, ['installers', 'set-screencast-receiver', archivePath()]);
      expect(res.code, res.stderr).to.equal(0);
      expect(res.stdout).to.contain(sha256(archive));

      const whole = await k.request('/api/v1/install/screencast/receiver');
      expect(whole.status).to.equal(200);
      expect(whole.headers.get('content-type')).to.equal('application/gzip');
      expect(whole.headers.get('cache-control')).to.equal('public, max-age=3600');
      expect(Buffer.from(await whole.arrayBuffer()).equals(archive)).to.equal(true);

      const part = await k.request('/api/v1/install/screencast/receiver', { headers: { range: 'bytes=100-4099' } });
      expect(part.status).to.equal(206);
      expect(part.headers.get('content-range')).to.equal(`bytes 100-4099/${archive.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(archive.subarray(100, 4100))).to.equal(true);

      const outside = await call(k, 'GET', '/api/v1/install/screencast/receiver', undefined, { range: `bytes=${archive.length + 10}-` });
      expect(outside.status).to.equal(416);

      const head = await k.request('/api/v1/install/screencast/receiver', { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.headers.get('content-length')).to.equal(String(archive.length));
      expect(head.headers.get('etag')).to.equal(`"${sha256(archive)}"`);

      const digest = await call(k, 'GET', '/api/v1/install/screencast/receiver.sha256');
      expect(digest.status).to.equal(200);
      expect(digest.headers.get('content-type')).to.match(/^text\/plain\b/);
      expect(digest.text).to.equal(`${sha256(archive)}\n`);
    });

    // The command's own work, run in this process: each `npm run cli` boots the whole server (seconds).
    const provide = async (path: string) => {
      const lines: string[] = [];
      const service = k.containerOf('installers').resolve<ScreencastReceiverService>('screencastReceiverService');
      const outcome = await service.provide(path, (line) => lines.push(line)).catch((err: Error) => err);
      return { outcome, lines };
    };

    it('refuses a file that is not a gzip archive, or no file, and changes nothing', async () => {
      const notGzip = join(work, 'notes.txt');
      writeFileSync(notGzip, 'hello');
      expect(String((await provide(notGzip)).outcome)).to.contain(`${notGzip} is not a gzip archive`);
      expect(String((await provide(join(work, 'absent.tar.gz'))).outcome)).to.contain('is not a file');
      expect((await call(k, 'GET', '/api/v1/install/screencast/receiver.sha256')).text).to.equal(`${sha256(archive)}\n`);
    });

    it('is replaced by a newer archive, with progress printed for a large one, and the old one leaves storage', async function () {
      this.timeout(60_000);
      const large = join(work, 'uxplay-1.74.0.tar.gz');
      writeFileSync(large, archive.subarray(0, 1024));
      truncateSync(large, 70 * 1024 * 1024);
      const { outcome, lines } = await provide(large);
      expect(outcome).not.to.be.instanceOf(Error);
      expect(lines).to.include('  64.0 MiB of 70.0 MiB (91%)');
      const expected = sha256(Buffer.concat([archive.subarray(0, 1024), Buffer.alloc(70 * 1024 * 1024 - 1024)]));
      expect((await call(k, 'GET', '/api/v1/install/screencast/receiver.sha256')).text).to.equal(`${expected}\n`);
      const head = await k.request('/api/v1/install/screencast/receiver', { method: 'HEAD' });
      expect(head.headers.get('content-length')).to.equal(String(70 * 1024 * 1024));
      const storage = k.containerOf('installers').resolve<Storage>('storage');
      const kept: string[] = [];
      for await (const key of storage.list('installers/')) kept.push(key);
      expect(kept).to.have.length(1);
    });
  });
});

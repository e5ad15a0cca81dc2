import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreModules } from '../../core-modules/index.js';
import { importStateKey } from '../../core-modules/media/uploads/import-state.js';
import { parseImportArgs } from '../../core-modules/media/uploads/import.command.js';
import { OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { makeH264Mp4, makeJpeg, makePng } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { runCli } from '../support/cli.js';
import { headUpload, patchUpload, sha256, startUpload } from '../support/uploads.js';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const importCli = (k: TestKernel, args: string[], env: Record<string, string> = { SIGNAGE_PASSWORD: OWNER.password }): Promise<CliResult> =>
  runCli(k, ['media', 'import', ...args], env, 120_000);

describe('media import from the command line', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let work: string;
  let state: string;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    work = mkdtempSync(join(tmpdir(), 'signage-import-'));
    state = join(work, 'state.json');
  });
  after(async () => {
    await k?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => resetRateLimits(k));

  it('reads options, and never takes the password as one', () => {
    expect(parseImportArgs(['a', '--server=http://x', 'b', '--username', 'olivia', '--no-wait'])).to.deep.equal({
      paths: ['a', 'b'],
      values: { server: 'http://x', username: 'olivia' },
      noWait: true,
    });
    expect(() => parseImportArgs(['a', '--password', 'secret'])).to.throw('SIGNAGE_PASSWORD');
    expect(() => parseImportArgs(['a', '--frobnicate'])).to.throw('unknown option');
    expect(() => parseImportArgs(['a', '--server'])).to.throw('needs a value');
  });

  it('uploads a folder through the protocol, skips non-media files, and waits for processing', async function () {
    this.timeout(180_000);
    const dir = join(work, 'folder');
    mkdirSync(join(dir, 'nested'), { recursive: true });
    const files = { 'logo.png': await makePng(200, 100), 'photo.jpg': await makeJpeg(), 'nested/clip.mp4': await makeH264Mp4(1) };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
    writeFileSync(join(dir, 'readme.txt'), 'not media');
    writeFileSync(join(dir, '.hidden.png'), 'hidden');

    const res = await importCli(k, [dir, '--server', k.url, '--username', 'olivia', '--state', state, '--wait-timeout', '120']);
    expect(res.code, res.stdout + res.stderr).to.equal(0);
    expect(res.stdout).to.contain('Skipping 1 file(s)');
    expect(res.stdout)
      .to.match(/\[1\/3\] logo\.png/)
      .and.match(/\[2\/3\] clip\.mp4/)
      .and.match(/\[3\/3\] photo\.jpg/);
    expect(res.stdout).to.contain('3 uploaded, 0 failed.');
    expect(res.stdout + res.stderr).not.to.contain(OWNER.password);

    for (const [name, bytes] of Object.entries(files)) {
      const filename = name.split('/').pop()!;
      const asset = await k.db('assets').where({ original_filename: filename }).first();
      expect(asset, filename).to.include({ sha256: sha256(bytes), created_by: owner.userId, original_size: bytes.length });
      expect(await k.db('asset_variants').where({ asset_id: asset.id, kind: 'original' }).first()).to.exist;
    }
    // Processing reported back when the server offers asset status (the library's GET /assets/{id}).
    const hasAssetRoute = k.routes.some(({ route }) => route.method === 'GET' && route.path === '/api/v1/assets/{id}');
    if (hasAssetRoute) expect(res.stdout).to.contain('ready: logo.png');
    expect(JSON.parse(readFileSync(state, 'utf8')).uploads).to.deep.equal({});
  });

  it('resumes an interrupted upload from the offset the server has', async function () {
    this.timeout(120_000);
    const dir = join(work, 'resume');
    mkdirSync(dir);
    const path = join(dir, 'big.jpg');
    // A large JPEG of noise-free pixels is small; pad a real one to several chunks instead.
    const bytes = Buffer.concat([await makeJpeg(), Buffer.alloc(20 * 1024 * 1024, 1)]);
    writeFileSync(path, bytes);
    const half = 9 * 1024 * 1024;
    const id = (await startUpload(k, owner, 'big.jpg', bytes.length, 'image/jpeg')).body.data.id;
    expect((await patchUpload(k, owner, id, 0, bytes.subarray(0, half))).status).to.equal(204);
    // What an import that was killed after its first chunk would have left behind.
    const s = statSync(path);
    writeFileSync(state, JSON.stringify({ uploads: { [importStateKey(k.url, 'olivia', { path, size: s.size, mtimeMs: s.mtimeMs })]: id } }));

    const res = await importCli(k, [path, '--server', k.url, '--username', 'olivia', '--state', state, '--no-wait']);
    expect(res.code, res.stdout + res.stderr).to.equal(0);
    expect(res.stdout).to.contain(`resuming at ${(half / 1e6).toFixed(1)} MB`);
    expect((await headUpload(k, owner, id)).headers.get('upload-status')).to.equal('finalized');
    expect(await k.db('upload_sessions').where({ filename: 'big.jpg' }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    const asset = await k.db('assets').where({ original_filename: 'big.jpg' }).first();
    expect(asset.sha256).to.equal(sha256(bytes));
  });

  it('fails (non-zero) for a file the server refuses, a wrong password, or no password', async function () {
    this.timeout(120_000);
    const bad = join(work, 'notes.png');
    writeFileSync(bad, 'plain text pretending to be a PNG');
    const refused = await importCli(k, [bad, '--server', k.url, '--username', 'olivia', '--state', state, '--no-wait']);
    expect(refused.code).to.equal(1);
    expect(refused.stdout).to.contain('FAILED notes.png').and.contain('0 uploaded, 1 failed.');
    expect(refused.stderr).to.contain('1 file(s) failed');

    const wrong = await importCli(k, [bad, '--server', k.url, '--username', 'olivia', '--state', state], { SIGNAGE_PASSWORD: 'not the password' });
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.contain('wrong username or password');
    expect(wrong.stdout + wrong.stderr).not.to.contain('not the password');

    const none = await importCli(k, [bad, '--server', k.url, '--username', 'olivia'], {});
    expect(none.code).to.equal(1);
    expect(none.stderr).to.contain('SIGNAGE_PASSWORD');
  });
});

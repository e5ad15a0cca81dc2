import { expect } from 'chai';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { definePlugin } from '../../kernel/plugin.js';
import { Readiness } from '../../kernel/readiness.js';
import { bootTestKernel, call } from '../support/test-kernel.js';

describe('health and readiness', () => {
  it('answers /healthz and /readyz 200 when every part works', async () => {
    const k = await bootTestKernel();
    try {
      expect((await call(k, 'GET', '/healthz')).body).to.deep.equal({ data: { status: 'ok' } });
      const ready = await call(k, 'GET', '/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.body.data.status).to.equal('ready');
      expect(ready.body.data.checks).to.include({ database: 'ok', storage: 'ok' });
      // This machine has only the npm builds: they work, with a warning (test/kernel/media-tools.test.ts).
      for (const tool of ['ffmpeg', 'ffprobe']) expect(ready.body.data.checks[tool]).to.match(/^ok$|^warn: /);
    } finally {
      await k.stop();
    }
  });

  it('answers /readyz 503 naming storage when media storage is not writable, and recovers', async () => {
    const k = await bootTestKernel();
    try {
      const media = join(k.dataDir, 'media');
      rmSync(media, { recursive: true, force: true });
      writeFileSync(media, 'a file where the media folder should be'); // fails even for root
      const res = await call(k, 'GET', '/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.error.code).to.equal('not_ready');
      expect(res.body.error.details.checks.storage).to.contain('not writable');
      expect(res.body.error.details.checks.database).to.equal('ok');
      expect((await call(k, 'GET', '/healthz')).status, 'liveness does not depend on storage').to.equal(200);
      rmSync(media);
      expect((await call(k, 'GET', '/readyz')).status).to.equal(200);
    } finally {
      await k.stop();
    }
  });

  it('answers /readyz 503 naming ffmpeg and ffprobe when they do not run', async () => {
    const k = await bootTestKernel({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/bin/false' } });
    try {
      const res = await call(k, 'GET', '/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.error.details.checks.ffmpeg).to.contain('/nonexistent/ffmpeg');
      expect(res.body.error.details.checks.ffprobe).to.contain('does not run');
    } finally {
      await k.stop();
    }
  });

  it('includes checks that plugins register, such as a restore in progress', async () => {
    let restoring = true;
    const restore = definePlugin({
      name: 'restore-probe',
      register(r) {
        r.readiness(() => ({ name: 'restore', check: async () => void (restoring && (await Promise.reject(new Error('a restore is in progress')))) }));
      },
    });
    const k = await bootTestKernel({ plugins: [restore] });
    try {
      const res = await call(k, 'GET', '/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.error.details.checks.restore).to.equal('a restore is in progress');
      restoring = false;
      expect((await call(k, 'GET', '/readyz')).status).to.equal(200);
    } finally {
      await k.stop();
    }
  });

  it('reports a check that does not answer within 2 s as failed', async function () {
    this.timeout(5_000);
    const report = await new Readiness([
      { name: 'database', check: () => new Promise(() => {}) },
      { name: 'storage', check: async () => {} },
    ]).report();
    expect(report).to.deep.equal({ ready: false, checks: { database: 'no answer within 2 s', storage: 'ok' } });
  });

  it('stays ready with a check that passes with a warning, and shows the warning', async () => {
    const report = await new Readiness([
      { name: 'ffmpeg', check: async () => ({ warning: 'outdated' }) },
      { name: 'storage', check: async () => {} },
    ]).report();
    expect(report).to.deep.equal({ ready: true, checks: { ffmpeg: 'warn: outdated', storage: 'ok' } });
  });
});

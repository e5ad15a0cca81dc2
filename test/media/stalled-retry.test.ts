import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { createQueuedAsset, mediaDeps } from '../support/media-assets.js';
import { makePng } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

// A web process only sends jobs, so the test sets each job's state as a worker (alive or killed) would leave it.
describe('retrying a stalled asset', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let owner: ConsoleSession;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, role: 'web' });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  const retry = (id: string) => consoleCall(k, owner, 'POST', `/api/v1/assets/${id}/retry`);
  const jobsOf = (assetId: string, name: string) => k.db('pgboss.job').where({ name }).whereRaw("data->>'assetId' = ?", [assetId]).select('id', 'state');

  it('refuses while its transcode is queued or runs under a live lease, and takes it once the lease went stale', async () => {
    const asset = await createQueuedAsset(k, { bytes: await makePng(16, 16), ext: '.png', type: 'image', mimeType: 'image/png' }, { send: false });
    await k.db('assets').where({ id: asset.id }).update({ processing_status: 'processing', processing_progress: 40 });
    const jobId = (await mediaDeps(k).jobs.send('media.video-optimize', { assetId: asset.id }))!;

    const queued = await retry(asset.id);
    expect(queued.status).to.equal(422);
    expect(queued.body.error.message).to.equal('This asset is processing and its processing is under way; it can be retried if it fails or stalls.');

    // A worker took it 10 minutes ago and still renews its lease: a slow transcode, not a stalled one.
    await k
      .db('pgboss.job')
      .where({ id: jobId })
      .update({ state: 'active', started_on: k.db.raw("now() - interval '10 minutes'") });
    await k
      .db('kernel_job_leases')
      .insert({ job_id: jobId, job_name: 'media.video-optimize', instance_id: 'host/1234/live', started_at: k.db.fn.now(), renewed_at: k.db.fn.now() });
    expect((await retry(asset.id)).status).to.equal(422);

    // The worker was killed: its lease stopped being renewed a minute ago.
    await k
      .db('kernel_job_leases')
      .where({ job_id: jobId })
      .update({ renewed_at: k.db.raw("now() - interval '1 minute'") });
    const res = await retry(asset.id);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ id: asset.id, processingStatus: 'queued' }).and.not.to.have.property('processingProgress');
    expect(await jobsOf(asset.id, 'media.inspect-asset')).to.have.length(1);
  });

  it('marks failed, after 15 quiet minutes, an asset whose job is gone or was left by a dead process, and not one whose job waits or runs', async () => {
    const { jobs, processingService } = mediaDeps(k);
    const make = async (status: string) => {
      const a = await createQueuedAsset(k, { bytes: await makePng(16, 16), ext: '.png', type: 'image', mimeType: 'image/png' }, { send: false });
      await k
        .db('assets')
        .where({ id: a.id })
        .update({ processing_status: status, updated_at: k.db.raw("now() - interval '20 minutes'") });
      return a.id;
    };
    const running = async (assetId: string, renewedAgo: string) => {
      const jobId = (await jobs.send('media.video-optimize', { assetId }))!;
      await k
        .db('pgboss.job')
        .where({ id: jobId })
        .update({ state: 'active', started_on: k.db.raw("now() - interval '20 minutes'") });
      await k.db('kernel_job_leases').insert({
        job_id: jobId,
        job_name: 'media.video-optimize',
        instance_id: 'host/1/x',
        started_at: k.db.fn.now(),
        renewed_at: k.db.raw(`now() - interval '${renewedAgo}'`),
      });
    };
    const noJob = await make('processing');
    const backlog = await make('queued');
    await jobs.send('media.inspect-asset', { assetId: backlog });
    const slow = await make('processing');
    await running(slow, '5 seconds');
    const orphaned = await make('processing');
    await running(orphaned, '2 minutes');
    const recent = await make('processing');
    await k.db('assets').where({ id: recent }).update({ updated_at: k.db.fn.now() });

    expect(await processingService.failStalled()).to.equal(2);
    const status = async (id: string) => (await k.db('assets').where({ id }).first('processing_status')).processing_status;
    expect({
      noJob: await status(noJob),
      backlog: await status(backlog),
      slow: await status(slow),
      orphaned: await status(orphaned),
      recent: await status(recent),
    }).to.deep.equal({
      noJob: 'failed',
      backlog: 'queued',
      slow: 'processing',
      orphaned: 'failed',
      recent: 'processing',
    });
  });

  it('takes an asset left queued with no job at all', async () => {
    const asset = await createQueuedAsset(k, { bytes: await makePng(16, 16), ext: '.png', type: 'image', mimeType: 'image/png' }, { send: false });
    const res = await retry(asset.id);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ id: asset.id, processingStatus: 'queued' });
    expect(await jobsOf(asset.id, 'media.inspect-asset')).to.have.length(1);
  });
});

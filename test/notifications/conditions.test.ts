import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { NotificationsDeps } from '../../core-modules/notifications/notifications-deps.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

/** The conditions the core modules add: what an operator is told about without opening the console. */
describe('notification conditions of the core modules', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const posted = () => receiver.posted;
  const sweep = () => (k.containerOf('notifications').cradle as NotificationsDeps).conditionSweep.sweep();

  before(async () => {
    receiver = await startWebhookReceiver();
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    const { url } = receiver;
    expect((await consoleCall(k, owner, 'POST', '/api/v1/notifications/webhooks', { name: 'Relay', url })).status).to.equal(201);
  });
  after(async () => {
    await k?.stop();
    await receiver?.close();
  });

  const titled = (title: string) =>
    eventually(
      () => posted().filter((p) => p.title === title),
      (found) => found.length > 0,
    );

  it('tells when a screen stops reporting, and when it reports again', async () => {
    const screen = await pairScreen(k, owner, { name: 'Cafeteria' });
    await k.db('screen_presence').where({ screen_id: screen.screenId }).delete();
    await k
      .db('screen_status')
      .where({ screen_id: screen.screenId })
      .update({ last_contact_at: new Date(Date.now() - 20 * 60_000) });
    await sweep();
    const [opened] = await titled('Screen stopped reporting - Cafeteria');
    expect(opened).to.include({ category: 'incident', severity: 'error' });
    expect(opened!.data).to.include({ screenId: screen.screenId, screenName: 'Cafeteria' });

    await k.db('screen_status').where({ screen_id: screen.screenId }).update({ last_contact_at: new Date() });
    await sweep();
    const [recovered] = await titled('Recovered: Screen stopped reporting - Cafeteria');
    expect(recovered).to.include({ severity: 'info' });
  });

  it('tells when an asset fails processing, and not again while it stays failed', async () => {
    const asset = await seedAsset(k, { name: 'Menu board' });
    await k.db('assets').where({ id: asset.id }).update({ processing_status: 'failed', error_message: 'The file is not a video.', updated_at: new Date() });
    await sweep();
    await sweep();
    const found = await titled('Processing failed - Menu board');
    const log = (await consoleCall(k, owner, 'GET', '/api/v1/notifications/deliveries')).body.data;
    expect(log.filter((d: { subject: string }) => d.subject === 'Processing failed - Menu board')).to.have.length(1);
    expect(found[0]).to.include({ category: 'content_health', severity: 'warning' });
    expect(found[0]!.data).to.include({ assetId: asset.id });
  });

  it('tells reviewers a submission waits for them, and that it was decided', async () => {
    const form = await consoleCall(k, owner, 'POST', '/api/v1/forms', {
      name: 'Announcements',
      draftSchema: { fields: [{ key: 'headline', label: 'Headline', control: 'short_text' }] },
    });
    expect(form.status, JSON.stringify(form.body)).to.equal(201);
    const records = `/api/v1/data-sources/${form.body.data.id}/records`;
    const record = (await consoleCall(k, owner, 'POST', records, { values: { headline: 'Fire drill at 10' }, displayTitle: 'Fire drill' })).body.data;
    await sweep();
    expect(
      posted().filter((p) => p.title === 'Waiting for review - Fire drill'),
      'a draft waits for nobody',
    ).to.deep.equal([]);

    expect((await consoleCall(k, owner, 'POST', `${records}/${record.id}/transitions`, { toState: 'submitted', version: 1 })).status).to.equal(200);
    await sweep();
    const [waiting] = await titled('Waiting for review - Fire drill');
    expect(waiting).to.include({ category: 'review', severity: 'info' });
    expect(waiting!.data).to.include({ recordId: record.id, formName: 'Announcements' });

    expect((await consoleCall(k, owner, 'POST', `${records}/${record.id}/transitions`, { toState: 'approved', version: 2 })).status).to.equal(200);
    await sweep();
    await titled('Recovered: Waiting for review - Fire drill');
  });
});

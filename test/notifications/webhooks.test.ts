import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { NotificationsDeps } from '../../core-modules/notifications/notifications-deps.js';
import { type ConditionFact, notificationConditionsRef, type NotificationConditions } from '../../core-modules/notifications/notifications.api.js';
import { definePlugin } from '../../kernel/plugin.js';
import { consoleCall, newSignedInUser, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/** What the probe condition holds now; the test moves it. */
let probeFacts: ConditionFact[] = [];

const probePlugin = definePlugin<{ notificationConditions: NotificationConditions }>({
  name: 'notification-probe',
  dependsOn: ['notifications'],
  uses: { notificationConditions: notificationConditionsRef },
  register(r) {
    r.onStart((d) =>
      d.notificationConditions.add({
        kind: 'probe-offline',
        category: 'incident',
        severity: 'error',
        recoveredMessage: 'The probe is back.',
        current: async () => probeFacts,
      }),
    );
  },
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine: records what it is posted and answers as told. */
class Receiver {
  readonly received: Received[] = [];
  status = 200;
  delayMs = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        setTimeout(() => {
          res.writeHead(this.status, { 'content-type': 'text/plain' });
          res.end(this.status >= 400 ? 'receiver says no' : 'ok');
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  events(): { event: string; severity: string; title: string; data: Record<string, unknown> }[] {
    return this.received.map((r) => JSON.parse(r.body));
  }
}

describe('notification webhooks', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const receiver = new Receiver();
  const deps = () => k.containerOf('notifications').cradle as NotificationsDeps;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, `/api/v1/notifications${path}`, body);

  before(async () => {
    await receiver.start();
    k = await bootTestKernel({ plugins: [...coreModules, probePlugin] });
    owner = await setUpOwner(k);
  });
  after(async () => {
    await k?.stop();
    await receiver.stop();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.status = 200;
    receiver.delayMs = 0;
    probeFacts = [];
    await deps().conditionSweep.sweep();
    for (const hook of (await api('GET', '/webhooks')).body.data) await api('DELETE', `/webhooks/${hook.id}`);
  });

  const addWebhook = async (categories: string[] = []) => {
    const res = await api('POST', '/webhooks', { name: 'Ops relay', url: receiver.url, categories });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as { webhook: { id: string }; signingSecret: string };
  };

  const verify = (r: Received, secret: string) => {
    const timestamp = String(r.headers['x-signage-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).to.be.below(60);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
    expect(r.headers['x-signage-signature']).to.equal(expected);
  };

  it('shows the signing secret once, signs a test event with it, and logs the delivery', async () => {
    const { webhook, signingSecret } = await addWebhook();
    expect(signingSecret).to.match(/^whsec_/);
    const listed = (await api('GET', '/webhooks')).body.data;
    expect(listed).to.have.length(1);
    expect(JSON.stringify(listed)).not.to.contain(signingSecret);
    expect(listed[0]).to.not.have.any.keys('lastAttemptAt', 'lastError');

    const tested = await api('POST', `/webhooks/${webhook.id}/test`);
    expect(tested.body.data).to.deep.equal({ delivered: true });
    expect(receiver.received).to.have.length(1);
    verify(receiver.received[0]!, signingSecret);
    expect(receiver.events()[0]).to.include({ severity: 'info', title: 'Test notification' });

    const log = (await api('GET', '/deliveries?limit=10')).body.data;
    expect(log[0]).to.include({ status: 'sent', channel: 'webhook', target: 'Ops relay', attempts: 1 });
    expect((await api('GET', '/webhooks')).body.data[0]).to.have.property('lastSuccessAt');
    expect(JSON.stringify(k.logs)).not.to.contain(signingSecret);
    const status = (await api('GET', '/status')).body.data;
    expect(status).to.include({ emailConfigured: false, hasDeliveryHistory: true, pendingCount: 0 });
  });

  it('says a test was not delivered, with the receiver’s answer', async () => {
    const { webhook } = await addWebhook();
    receiver.status = 500;
    const tested = (await api('POST', `/webhooks/${webhook.id}/test`)).body.data;
    expect(tested.delivered).to.equal(false);
    expect(tested.error).to.contain('500');
    expect((await api('GET', '/webhooks')).body.data[0].lastError).to.contain('500');
  });

  it('refuses receivers it must not post to', async () => {
    for (const url of ['http://example.com/hook', 'https://user:pw@example.com/hook', 'http://169.254.169.254/latest', 'ftp://10.0.0.2/x', 'not a url']) {
      const res = await api('POST', '/webhooks', { name: 'Bad', url });
      expect([res.status, res.body.error.code], url).to.deep.equal([422, 'invalid_webhook']);
    }
    for (const url of ['https://example.com/hook', 'http://10.1.2.3:8080/hook', 'http://relay.local/hook']) {
      expect((await api('POST', '/webhooks', { name: 'Good', url })).status, url).to.equal(201);
    }
  });

  it('tells a condition once when it opens and once when it recovers, never for repeats', async () => {
    const { signingSecret } = await addWebhook();
    probeFacts = [{ subject: 'screen-1', title: 'Screen stopped reporting - Lobby', message: 'No contact for 15 minutes.', data: { screenName: 'Lobby' } }];
    expect(await deps().conditionSweep.sweep()).to.deep.equal({ opened: 1, recovered: 0 });
    await deps().conditionSweep.sweep();
    await deps().conditionSweep.sweep();
    const opened = await eventually(
      () => receiver.events(),
      (e) => e.length >= 1,
    );
    expect(opened).to.have.length(1);
    expect(opened[0]).to.include({ severity: 'error', title: 'Screen stopped reporting - Lobby' });
    expect(opened[0]!.data).to.include({ screenName: 'Lobby', transition: 'opened', subject: 'screen-1' });
    verify(receiver.received[0]!, signingSecret);

    probeFacts = [];
    expect(await deps().conditionSweep.sweep()).to.deep.equal({ opened: 0, recovered: 1 });
    const both = await eventually(
      () => receiver.events(),
      (e) => e.length >= 2,
    );
    expect(both[1]).to.include({ severity: 'info', title: 'Recovered: Screen stopped reporting - Lobby' });
    expect(both[1]!.data).to.include({ transition: 'recovered' });
  });

  it('records a problem that began over a day ago without telling anyone, and then not its recovery either', async () => {
    await addWebhook();
    probeFacts = [{ subject: 'old', title: 'Old problem', message: 'Long ago.', since: new Date(Date.now() - 3 * 86_400_000) }];
    expect((await deps().conditionSweep.sweep()).opened).to.equal(1);
    probeFacts = [];
    expect((await deps().conditionSweep.sweep()).recovered).to.equal(1);
    expect((await api('GET', '/deliveries')).body.data.filter((d: { subject: string }) => d.subject.includes('Old problem'))).to.deep.equal([]);
  });

  it('sends a webhook only the categories it chose', async () => {
    await addWebhook(['backup']);
    probeFacts = [{ subject: 'screen-2', title: 'Screen stopped reporting - Hall', message: '…' }];
    await deps().conditionSweep.sweep();
    expect((await api('GET', '/deliveries')).body.data.filter((d: { subject: string }) => d.subject.includes('Hall'))).to.deep.equal([]);
  });

  it('never makes the change wait for a slow receiver', async () => {
    await addWebhook();
    receiver.delayMs = 2_000;
    probeFacts = [{ subject: 'screen-3', title: 'Slow one', message: '…' }];
    const started = Date.now();
    await deps().conditionSweep.sweep();
    expect(Date.now() - started).to.be.below(1_500);
    const sent = await eventually(
      async () => (await api('GET', '/deliveries')).body.data.find((d: { subject: string }) => d.subject === 'Slow one'),
      (d) => d?.status === 'sent',
      10_000,
    );
    expect(sent.status).to.equal('sent');
  });

  it('retries a failing receiver until its attempts run out, and gives up at once on a 4xx', async () => {
    const { webhook } = await addWebhook();
    const { deliveriesRepository, webhookDelivery, db } = deps();
    const queue = async (key: string) => {
      const [id] = await deliveriesRepository.add([
        { event_key: key, category: 'incident', severity: 'error', webhook_id: webhook.id, target: 'Ops relay', subject: key, payload: { event: key } },
      ]);
      return id!;
    };
    receiver.status = 503;
    const flaky = await queue('flaky');
    for (let retry = 0; retry < 5; retry++) {
      const thrown = await webhookDelivery.deliver(flaky, retry).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(thrown?.message, `attempt ${retry + 1} asks for another`).to.contain('retried');
    }
    await webhookDelivery.deliver(flaky, 5);
    const row = await db('notification_deliveries').where({ id: flaky }).first();
    expect(row).to.include({ status: 'failed', attempts: 6 });
    expect(row.last_error).to.contain('503');

    receiver.status = 410;
    const gone = await queue('gone');
    await webhookDelivery.deliver(gone, 0);
    expect(await db('notification_deliveries').where({ id: gone }).first()).to.include({ status: 'failed', attempts: 1 });

    receiver.status = 200;
    const later = await queue('later');
    await api('DELETE', `/webhooks/${webhook.id}`);
    await webhookDelivery.deliver(later, 0);
    expect(await db('notification_deliveries').where({ id: later }).first()).to.include({ status: 'cancelled' });
  });

  it('lets only owners and administrators manage webhooks; anyone signed in reads the status', async () => {
    const { session: editor } = await newSignedInUser(k, owner, 'editor password 123', 'editor');
    expect((await consoleCall(k, editor, 'GET', '/api/v1/notifications/webhooks')).status).to.equal(403);
    expect((await consoleCall(k, editor, 'GET', '/api/v1/notifications/status')).status).to.equal(200);
    const email = await consoleCall(k, editor, 'POST', '/api/v1/notifications/test');
    expect([email.status, email.body.error.code]).to.deep.equal([409, 'email_not_configured']);
  });
});

import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { EditorialDeps } from '../../core-modules/editorial/editorial-deps.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { type Api, box, layoutWith } from './editorial-fixtures.js';

describe('scheduled publications', () => {
  let a: TestKernel;
  let b: TestKernel;
  let owner: ConsoleSession;
  const api: Api = (method, path, body) => consoleCall(a, owner, method, path, body);
  const publishDue = (k: TestKernel) => (k.containerOf('editorial').cradle as EditorialDeps).scheduledPublications.publishDue();

  /** A submission scheduled for tomorrow, then made due by moving its time into the past (as the clock would). */
  const dueSubmission = async (layout: { id: string }) => {
    const id = (await api('POST', `/api/v1/content-submissions/layout/${layout.id}`, {})).body.data.id;
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await api('POST', `/api/v1/content-submissions/${id}/schedule`, { requestedPublicationAt: at })).status).to.equal(200);
    await a
      .db('content_submissions')
      .where({ id })
      .update({ requested_publication_at: new Date(Date.now() - 1000) });
    return id;
  };
  const submission = async (id: string) => (await api('GET', `/api/v1/content-submissions/${id}`)).body.data;

  before(async () => {
    a = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(a);
    b = await bootTestKernel({ plugins: coreModules, databaseUrl: a.databaseUrl });
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('publish each due submission exactly once while two processes race for them', async () => {
    const layouts = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => layoutWith(api, box(`Board ${n}`))));
    const ids = await Promise.all(layouts.map(dueSubmission));

    const counts = await Promise.all([publishDue(a), publishDue(b), publishDue(a), publishDue(b)]);
    // The minute job may have taken some meanwhile: whatever ran, each went out once.
    const published = await eventually(
      () => Promise.all(ids.map(submission)),
      (all) => all.every((s) => s.status === 'published'),
    );
    expect(counts.reduce((x, y) => x + y, 0)).to.be.at.most(ids.length);
    for (const [i, layout] of layouts.entries()) {
      const history = (await api('GET', `/api/v1/content-history/layout/${layout.id}/publications`)).body.data.items;
      expect(history, 'one publication each').to.have.length(1);
      expect(history[0]).to.deep.include({ method: 'scheduled', submissionId: ids[i], revision: 1 });
      expect(published[i]).to.not.have.property('requestedPublicationAt');
    }
    const revisions = await a
      .db('layout_revisions')
      .whereIn(
        'layout_id',
        layouts.map((l) => l.id),
      )
      .count({ n: '*' });
    expect(Number(revisions[0]!.n)).to.equal(layouts.length);
    expect(await Promise.all([publishDue(a), publishDue(b)]), 'nothing is left to publish').to.deep.equal([0, 0]);
  });

  it('a process starting up publishes what fell due while none ran', async () => {
    const layout = await layoutWith(api, box('Morning'));
    const id = await dueSubmission(layout);
    const third = await bootTestKernel({ plugins: coreModules, databaseUrl: a.databaseUrl });
    try {
      await eventually(
        () => submission(id),
        (s) => s.status === 'published',
      );
    } finally {
      await third.stop();
    }
  });

  it('a publication the content refuses becomes publication_failed with its reason, and is not tried again', async () => {
    const layout = await layoutWith(api, box('Gone soon'));
    const id = await dueSubmission(layout);
    expect((await api('DELETE', `/api/v1/layouts/${layout.id}`)).status).to.equal(204);
    await publishDue(a);
    const failed = await eventually(
      () => submission(id),
      (s) => s.status === 'publication_failed',
    );
    expect(failed.publicationFailureReason).to.equal('The layout was not found.');
    expect(await publishDue(b)).to.equal(0);
    expect((await submission(id)).status).to.equal('publication_failed');
  });
});

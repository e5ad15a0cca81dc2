import { expect } from 'chai';
import {
  ConsoleContentSubmission,
  ConsoleContentSubmissionList,
  ConsolePublicationComparison,
  ConsolePublicationHistory,
} from '../fixtures/console-types/editorial.js';
import { consoleCall } from '../support/console-client.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { type Api, box, layoutWith, saveDraft } from './editorial-fixtures.js';

describe('content review and history as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;
  const api: Api = (method, path, body) => consoleCall(ui.k, ui.owner, method, path, body);

  it('answers its submission calls in its shapes, from submit to a cancelled schedule and a publish', async () => {
    const layout = await layoutWith(api, box('Price'));
    const submitted = await call('POST', `/api/v1/content-submissions/layout/${layout.id}`, { expectedRevision: layout.draftRevision });
    expectConsoleShape(submitted, ConsoleContentSubmission, 'POST /content-submissions/{type}/{id}');
    expectConsoleShape(await call('GET', '/api/v1/content-submissions'), ConsoleContentSubmissionList, 'GET /content-submissions');
    expectConsoleShape(await call('GET', '/api/v1/content-submissions?state=approved'), ConsoleContentSubmissionList, 'GET /content-submissions?state=');
    expectConsoleShape(await call('GET', `/api/v1/content-submissions/${submitted.id}`), ConsoleContentSubmission, 'GET /content-submissions/{id}');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expectConsoleShape(
      await call('POST', `/api/v1/content-submissions/${submitted.id}/schedule`, { requestedPublicationAt: at }),
      ConsoleContentSubmission,
      'POST /content-submissions/{id}/schedule',
    );
    expectConsoleShape(await call('POST', `/api/v1/content-submissions/${submitted.id}/cancel-schedule`), ConsoleContentSubmission, 'cancel-schedule');
    expect((await call('POST', `/api/v1/content-submissions/${submitted.id}/publish`, { method: 'manual' })).submission.status).to.equal('published');
  });

  it('answers its history calls in its shapes', async () => {
    const layout = await layoutWith(api, box('Price'));
    await call('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: layout.draftRevision });
    const edited = await saveDraft(api, layout, [box('Banner')]);
    await call('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: edited.draftRevision });
    const history = await call('GET', `/api/v1/content-history/layout/${layout.id}/publications`);
    expectConsoleShape(history, ConsolePublicationHistory, 'GET /content-history/{type}/{id}/publications');
    const [newest, oldest] = history.items;
    expectConsoleShape(
      await call(
        'GET',
        `/api/v1/content-history/layout/${layout.id}/compare?fromPublicationId=${encodeURIComponent(oldest.id)}&toPublicationId=${encodeURIComponent(newest.id)}`,
      ),
      ConsolePublicationComparison,
      'GET /content-history/{type}/{id}/compare',
    );
    expect(await call('POST', `/api/v1/content-history/layout/${layout.id}/publications/${oldest.id}/restore-draft`)).to.have.property('workingRevision');
    expect((await call('POST', `/api/v1/content-history/layout/${layout.id}/publications/${oldest.id}/rollback`)).published.method).to.equal('rollback');
  });
});

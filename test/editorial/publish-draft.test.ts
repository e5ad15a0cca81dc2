import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { Editorial } from '../../core-modules/editorial/editorial.api.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { box, layoutWith as newLayout, REVIEW_DEFAULTS, setReview } from './editorial-fixtures.js';

describe('publishing a layout through the editorial workflow', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const editorial = () => k.containerOf('layouts').resolve<Editorial>('editorial');

  const layoutWith = (...placements: unknown[]) => newLayout(api, ...placements);
  const setPolicy = (review_policy: string) => setReview(api, { ...REVIEW_DEFAULTS, review_policy });

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('with review off, publishes at once and records the publication with its frozen document', async () => {
    const layout = await layoutWith(box('Price'));
    const res = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.data).to.deep.include({ layoutId: layout.id, revision: 1 });

    const [publication, ...older] = await editorial().publications('layout', layout.id);
    expect(older).to.deep.equal([]);
    expect(publication).to.deep.include({
      revision: 1,
      nativeRevisionId: res.body.data.id,
      method: 'manual',
      publishedBy: owner.userId,
      snapshotSha256: canonicalHash(layout.draft),
    });
    expect(publication!.publisherName).to.be.a('string').and.not.equal('');
  });

  it('refuses a stale draft revision with 409 editorial_conflict and publishes nothing', async () => {
    const layout = await layoutWith(box('Price'));
    const res = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 1 });
    expect([res.status, res.body.error?.code]).to.deep.equal([409, 'editorial_conflict']);
    expect(await editorial().publications('layout', layout.id)).to.deep.equal([]);
    expect((await api('GET', `/api/v1/layouts/${layout.id}`)).body.data).to.not.have.property('publishedRevision');
  });

  it('with review required, answers 202 with a submission of the exact draft and leaves screens as they were', async () => {
    const layout = await layoutWith(box('Price'));
    await setPolicy('everyone');
    try {
      const res = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      expect(res.body.data).to.deep.include({
        contentType: 'layout',
        contentId: layout.id,
        contentName: layout.name,
        workingRevision: 2,
        status: 'in_review',
        reviewRequired: true,
        allowSelfApproval: true,
        submittedBy: owner.userId,
        newerWorkingDraft: false,
        affectedScreenCount: 0,
        affectedLocationCount: 0,
      });
      expect(res.body.data.snapshot).to.deep.equal(layout.draft);
      expect(res.body.data.snapshotSha256).to.equal(canonicalHash(layout.draft));
      expect(res.body.data).to.not.have.any.keys('currentPublishedRevision', 'reviewedBy', 'publishedAt');
      expect(await editorial().publications('layout', layout.id)).to.deep.equal([]);
    } finally {
      await setPolicy('off');
    }
  });
});

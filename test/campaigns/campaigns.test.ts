import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage, sessionsByRole } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { REVIEW_DEFAULTS, setReview } from '../editorial/editorial-fixtures.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('campaigns', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let editor: ConsoleSession;
  let viewer: ConsoleSession;
  let hall: PairedScreen;
  let kiosk: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const playlist = async (name = `list ${randomUUID().slice(0, 6)}`) => {
    const created = (await api('POST', '/api/v1/playlists', { name })).body.data;
    const image = await seedImage(k);
    await api('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 5000 });
    await publishPlaylist(k, owner, created.id);
    return created;
  };
  const block = (contentId: string, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: `block ${randomUUID().slice(0, 4)}`,
    contentType: 'playlist',
    contentId,
    priority: 10,
    type: 'weekly',
    timezone: 'UTC',
    dailyStart: '00:00',
    dailyEnd: '23:59',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    enabled: true,
    ...extra,
  });
  const createCampaign = async (name = `campaign ${randomUUID().slice(0, 6)}`) => {
    const res = await api('POST', '/api/v1/campaigns', { name, description: 'Spring sale', timezone: 'Europe/Berlin' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const saveDraft = async (campaign: any, draft: Record<string, unknown>, by = owner) => {
    const res = await api(
      'PATCH',
      `/api/v1/campaigns/${campaign.id}/draft`,
      { expectedDraftRevision: campaign.draftRevision, draft: { ...campaign.draft, ...draft } },
      by,
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  // Publishes the draft (201: the publication and its submission, as a playlist's publish answers) and answers the release it made.
  const publish = async (campaign: any) => {
    const res = await api('POST', `/api/v1/campaigns/${campaign.id}/publish`, { expectedDraftRevision: campaign.draftRevision });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const { submission, published } = res.body.data;
    expect(submission).to.deep.include({ contentType: 'campaign', contentId: campaign.id, status: 'published' });
    const releases = (await api('GET', `/api/v1/campaigns/${campaign.id}/releases`)).body.data.items;
    const release = releases.find((r: any) => r.id === published.nativeRevisionId);
    expect(release?.releaseNumber, 'the publication’s revision is its release number').to.equal(published.revision);
    const after = (await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data;
    expect(after).to.deep.include({ publishedRevision: release.releaseNumber, hasUnpublishedChanges: false });
    return release;
  };
  const campaignSchedules = async (campaignId: string) =>
    (await k.db('schedules').where({ campaign_id: campaignId }).orderBy('name')) as {
      id: string;
      name: string;
      content_id: string;
      campaign_release_id: string;
      campaign_block_id: string;
      priority: number;
    }[];

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ editor, viewer } = await sessionsByRole(k, owner, ['editor', 'viewer']));
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kiosk = await pairScreen(k, owner, { name: 'Kiosk' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('creates, reads, lists and saves drafts at a revision; a stale revision is a conflict and changes nothing', async () => {
    const created = await createCampaign('Spring sale');
    expect(created).to.deep.include({
      name: 'Spring sale',
      description: 'Spring sale',
      timezone: 'Europe/Berlin',
      draftRevision: 1,
      status: 'Draft',
      destinations: [],
    });
    expect(created.draft).to.deep.include({ name: 'Spring sale', timezone: 'Europe/Berlin', blocks: [], destinations: [] });
    const list = await playlist();
    const saved = await saveDraft(created, {
      destinations: [{ type: 'screen', id: hall.screenId }],
      blocks: [block(list.id, { name: '  Window  ', timezone: 'Europe/Berlin' }), block(list.id, { name: ' ' })],
    });
    expect(saved.draftRevision).to.equal(2);
    expect(saved.destinations).to.deep.equal([{ type: 'screen', id: hall.screenId }]);
    expect(
      saved.draft.blocks.map((b: any) => b.name),
      'names trimmed, an empty one numbered',
    ).to.deep.equal(['Window', 'Block 2']);
    const stale = await api('PATCH', `/api/v1/campaigns/${created.id}/draft`, { expectedDraftRevision: 1, draft: { ...created.draft, name: 'Other' } });
    expect(errorOf(stale)).to.deep.equal([409, 'campaign_conflict']);
    expect((await api('GET', `/api/v1/campaigns/${created.id}`, undefined, viewer)).body.data).to.deep.include({ name: 'Spring sale', draftRevision: 2 });
    const listed = (await api('GET', `/api/v1/campaigns?search=${encodeURIComponent('Spring s')}`, undefined, viewer)).body.data;
    expect(listed.items.map((c: any) => c.id)).to.include(created.id);
    expect(listed).to.deep.include({ page: 1, pageSize: 50 });
    await createCampaign('Sorting apple');
    await createCampaign('Sorting Zebra');
    const sorted = async (sort: string) =>
      (await api('GET', `/api/v1/campaigns?search=Sorting&sort=${sort}`, undefined, viewer)).body.data.items.map((c: any) => c.name);
    expect(await sorted('name'), 'by name, any case').to.deep.equal(['Sorting apple', 'Sorting Zebra']);
    expect(await sorted('updated'), 'most recently changed first').to.deep.equal(['Sorting Zebra', 'Sorting apple']);
    expect(await sorted('oldest')).to.deep.equal(['Sorting apple', 'Sorting Zebra']);
    expect(errorOf(await api('GET', '/api/v1/campaigns?sort=size', undefined, viewer))[0]).to.equal(422);
    expect(errorOf(await api('POST', '/api/v1/campaigns', { name: 'x' }, viewer))[0]).to.equal(403);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const campaign = await createCampaign();
    const draftWith = (draft: Record<string, unknown>) =>
      api('PATCH', `/api/v1/campaigns/${campaign.id}/draft`, { expectedDraftRevision: 1, draft: { ...campaign.draft, ...draft } });
    expect(errorOf(await api('POST', '/api/v1/campaigns', { name: '' }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/campaigns', { name: 'x', timezone: 'Mars/Base' }))).to.deep.equal([422, 'campaign_invalid']);
    expect(errorOf(await draftWith({ campaignStart: '2027-02-01T00:00:00Z', campaignEnd: '2027-01-01T00:00:00Z' }))).to.deep.equal([422, 'campaign_invalid']);
    const twice = { type: 'screen', id: hall.screenId };
    expect(errorOf(await draftWith({ destinations: [twice, twice] }))).to.deep.equal([422, 'campaign_invalid']);
    expect(errorOf(await draftWith({ blocks: [{ ...block(randomUUID()), contentType: 'widget' }] }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await draftWith({ blocks: [{ ...block(randomUUID()), priority: -1 }] }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('GET', `/api/v1/campaigns/${randomUUID()}`))).to.deep.equal([404, 'campaign_not_found']);
    expect((await api('GET', '/api/v1/campaigns/not-a-uuid')).status).to.be.within(400, 499);
    expect((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data.draftRevision, 'nothing changed').to.equal(1);
    expect(errorOf(await api('POST', `/api/v1/campaigns/${campaign.id}/publish`, { expectedDraftRevision: 1 }, editor))[0]).to.equal(403);
  });

  it('preflight lists what publishing would meet: missing content, missing destinations, invalid timing; and the reach', async () => {
    const campaign = await createCampaign();
    const empty = (await api('GET', `/api/v1/campaigns/${campaign.id}/preflight`)).body.data;
    expect(empty).to.deep.include({ valid: false, blockCount: 0, destinationCount: 0, screenCount: 0, previewScreenLimit: 10 });
    expect(empty.issues.map((i: any) => i.code)).to.deep.equal(['invalid', 'invalid']);
    const gone = block(randomUUID());
    const badTiming = block((await playlist()).id, { daysOfWeek: [] });
    const group = (await api('POST', '/api/v1/screen-groups', { name: `pre ${randomUUID().slice(0, 4)}` })).body.data;
    await saveDraft(campaign, {
      destinations: [
        { type: 'group', id: group.id },
        { type: 'screen', id: kiosk.screenId },
      ],
      blocks: [gone, badTiming],
    });
    const checked = (await api('GET', `/api/v1/campaigns/${campaign.id}/preflight`)).body.data;
    expect(checked).to.deep.include({ valid: false, blockCount: 2, destinationCount: 2, screenCount: 1 });
    expect(checked.issues.map((i: any) => [i.severity, i.code, i.blockId])).to.deep.equal([
      ['error', 'content_reference', gone.id],
      ['error', 'invalid', badTiming.id],
    ]);
    const onlyBadTiming = await saveDraft((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data, { blocks: [badTiming] });
    const refused = await api('POST', `/api/v1/campaigns/${campaign.id}/publish`, { expectedDraftRevision: onlyBadTiming.draftRevision });
    expect(errorOf(refused)).to.deep.equal([422, 'campaign_invalid']);
    expect(refused.body.error.message).to.match(/daysOfWeek/);
    expect((await api('GET', `/api/v1/campaigns/${campaign.id}/releases`)).body.data.items, 'no release recorded').to.deep.equal([]);
    const missing = await createCampaign();
    await saveDraft(missing, { destinations: [{ type: 'screen', id: randomUUID() }], blocks: [block((await playlist()).id)] });
    const noScreen = (await api('GET', `/api/v1/campaigns/${missing.id}/preflight`)).body.data;
    expect(noScreen.issues.map((i: any) => i.code)).to.deep.equal(['destination']);
    expect(errorOf(await api('POST', `/api/v1/campaigns/${missing.id}/publish`, { expectedDraftRevision: 2 }))).to.deep.equal([422, 'campaign_invalid']);
    expect(await campaignSchedules(missing.id), 'nothing written').to.deep.equal([]);
  });

  it('publishes ordinary schedules, one per block, that a screen plays; a second release replaces the first; schedules it wrote are the campaign’s', async () => {
    const [first, second] = [await playlist('First'), await playlist('Second')];
    const campaign = await createCampaign();
    const a = block(first.id, { name: 'A', priority: 50 });
    const b = block(second.id, { name: 'B', priority: 5 });
    const drafted = await saveDraft(campaign, { destinations: [{ type: 'screen', id: hall.screenId }], blocks: [a, b] });
    expect((await api('GET', `/api/v1/campaigns/${campaign.id}/preflight`)).body.data).to.deep.include({ valid: true, screenCount: 1, issues: [] });
    const socket = await openPlayerSocket(k, hall.credential);
    let release: any;
    try {
      await socket.next('server.hello');
      release = await publish(drafted);
      await socket.next('manifest.changed');
    } finally {
      socket.ws.close();
    }
    expect(release).to.deep.include({ campaignId: campaign.id, releaseNumber: 1, status: 'published' });
    expect(release.snapshotSha256).to.match(/^[0-9a-f]{64}$/);
    const written = await campaignSchedules(campaign.id);
    expect(written.map((s) => [s.name, s.content_id, s.campaign_release_id, s.campaign_block_id, s.priority])).to.deep.equal([
      ['A', first.id, release.id, a.id, 50],
      ['B', second.id, release.id, b.id, 5],
    ]);
    expect((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data.status).to.equal('Live');
    const preview = (await api('POST', '/api/v1/schedules/preview', { screenId: hall.screenId })).body.data;
    expect(preview.winningPlaylistId, 'the campaign’s highest-priority block plays').to.equal(first.id);
    const manifest = await manifestOf(hall);
    expect(JSON.stringify(manifest)).to.not.match(/campaign/i);
    expect(manifest.schedules.map((s: any) => s.id).sort()).to.deep.equal(written.map((s) => s.id).sort());

    expect(errorOf(await api('PATCH', `/api/v1/schedules/${written[0]!.id}`, { priority: 1 }))).to.deep.equal([409, 'schedule_managed_by_campaign']);
    expect(errorOf(await api('DELETE', `/api/v1/schedules/${written[0]!.id}`))).to.deep.equal([409, 'schedule_managed_by_campaign']);
    expect(errorOf(await api('POST', `/api/v1/schedules/${written[0]!.id}/disable`))).to.deep.equal([409, 'schedule_managed_by_campaign']);

    const current = (await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data;
    const again = await saveDraft(current, { destinations: [{ type: 'screen', id: kiosk.screenId }], blocks: [{ ...b, priority: 99 }] });
    expect(again, 'an edit after publishing waits as unpublished changes').to.deep.include({ publishedRevision: 1, hasUnpublishedChanges: true });
    const second_ = await publish(again);
    expect(second_).to.deep.include({ releaseNumber: 2, basedReleaseId: release.id });
    expect((await campaignSchedules(campaign.id)).map((s) => [s.name, s.campaign_release_id, s.priority])).to.deep.equal([['B', second_.id, 99]]);
    expect((await manifestOf(hall)).schedules, 'the first release’s schedules are gone from the screen it left').to.deep.equal([]);
    expect((await api('POST', '/api/v1/schedules/preview', { screenId: kiosk.screenId })).body.data.winningPlaylistId).to.equal(second.id);
    const releases = (await api('GET', `/api/v1/campaigns/${campaign.id}/releases`)).body.data.items;
    expect(releases.map((r: any) => [r.releaseNumber, r.status])).to.deep.equal([
      [2, 'published'],
      [1, 'superseded'],
    ]);
    expect(releases[0], 'who published it, by name').to.deep.include({ publishedBy: owner.userId, publisherName: OWNER.ownerName });
    const history = (await api('GET', `/api/v1/content-history/campaign/${campaign.id}/publications`)).body.data.items;
    expect(
      history.map((p: any) => p.campaignReleaseId),
      'the editorial history names each release',
    ).to.deep.equal([second_.id, release.id]);
    // Rolling back to the first publication makes its document a third release, on the screen it reached.
    const rolled = await api('POST', `/api/v1/content-history/campaign/${campaign.id}/publications/${history[1].id}/rollback`);
    expect(rolled.status, JSON.stringify(rolled.body)).to.equal(201);
    const third = (await api('GET', `/api/v1/campaigns/${campaign.id}/releases`)).body.data.items[0];
    expect(third).to.deep.include({ releaseNumber: 3, status: 'published', basedReleaseId: second_.id });
    expect((await campaignSchedules(campaign.id)).map((s) => [s.name, s.campaign_release_id])).to.deep.equal([
      ['A', third.id],
      ['B', third.id],
    ]);
    expect((await api('POST', '/api/v1/schedules/preview', { screenId: hall.screenId })).body.data.winningPlaylistId).to.equal(first.id);
  });

  it('restores a release into the draft; screens keep what they play', async () => {
    const list = await playlist();
    const campaign = await createCampaign();
    const drafted = await saveDraft(campaign, { destinations: [{ type: 'screen', id: kiosk.screenId }], blocks: [block(list.id, { name: 'Kept' })] });
    const release = await publish(drafted);
    const edited = await saveDraft((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data, { name: 'Renamed', blocks: [] });
    const restored = await api('POST', `/api/v1/campaigns/${campaign.id}/releases/${release.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).to.equal(200);
    expect(restored.body.data).to.deep.include({ draftRevision: edited.draftRevision + 1, name: release.snapshot.name });
    expect(restored.body.data.draft.blocks.map((b: any) => b.name)).to.deep.equal(['Kept']);
    expect(
      (await campaignSchedules(campaign.id)).map((s) => s.campaign_release_id),
      'the live release is untouched',
    ).to.deep.equal([release.id]);
    expect(errorOf(await api('POST', `/api/v1/campaigns/${campaign.id}/releases/${randomUUID()}/restore`))).to.deep.equal([404, 'release_not_found']);
  });

  it('content a campaign names is in use; archiving withdraws its schedules and frees it', async () => {
    const list = await playlist('Promo');
    const campaign = await createCampaign('Holds promo');
    const drafted = await saveDraft(campaign, { destinations: [{ type: 'screen', id: kiosk.screenId }], blocks: [block(list.id)] });
    const inDraft = await api('DELETE', `/api/v1/playlists/${list.id}`);
    expect(errorOf(inDraft)).to.deep.equal([409, 'playlist_conflict']);
    expect((await api('GET', `/api/v1/playlists/${list.id}`)).body.data.usage.campaigns).to.deep.equal([{ id: campaign.id, name: 'Holds promo' }]);
    await publish(drafted);
    expect((await campaignSchedules(campaign.id)).length).to.equal(1);
    const archived = await api('DELETE', `/api/v1/campaigns/${campaign.id}`);
    expect(archived.status, JSON.stringify(archived.body)).to.equal(204);
    expect(await campaignSchedules(campaign.id)).to.deep.equal([]);
    expect((await manifestOf(kiosk)).schedules.map((s: any) => s.playlistId)).to.not.include(list.id);
    expect((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data.status).to.equal('Archived');
    expect(errorOf(await api('DELETE', `/api/v1/campaigns/${campaign.id}`))).to.deep.equal([404, 'campaign_not_found']);
    expect((await api('DELETE', `/api/v1/playlists/${list.id}`)).status).to.equal(204);
  });

  it('answers 202 with a submission when review is required, and writes the frozen draft’s schedules only once it is approved and published', async () => {
    const list = await playlist();
    await setReview(api, { ...REVIEW_DEFAULTS, review_policy: 'everyone' });
    try {
      const campaign = await createCampaign();
      const drafted = await saveDraft(campaign, { destinations: [{ type: 'screen', id: kiosk.screenId }], blocks: [block(list.id)] });
      const res = await api('POST', `/api/v1/campaigns/${campaign.id}/publish`, { expectedDraftRevision: drafted.draftRevision });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      expect(res.body.data).to.deep.include({ contentType: 'campaign', contentId: campaign.id });
      expect(await campaignSchedules(campaign.id)).to.deep.equal([]);
      // An edit after submitting is not what gets published: the submission froze the draft.
      const later = await saveDraft(drafted, { blocks: [] });
      expect((await api('POST', `/api/v1/content-submissions/${res.body.data.id}/approve`, {})).status).to.equal(200);
      const published = await api('POST', `/api/v1/content-submissions/${res.body.data.id}/publish`, {});
      expect(published.status, JSON.stringify(published.body)).to.equal(201);
      expect((await campaignSchedules(campaign.id)).map((s) => s.campaign_block_id)).to.deep.equal(drafted.draft.blocks.map((b: any) => b.id));
      expect((await api('GET', `/api/v1/campaigns/${campaign.id}`)).body.data).to.deep.include({ draftRevision: later.draftRevision, status: 'Live' });
    } finally {
      await setReview(api, REVIEW_DEFAULTS);
    }
  });
});

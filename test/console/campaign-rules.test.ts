import { expect } from 'chai';
import {
  type CampaignBlock,
  campaignRights,
  contentKey,
  contentOfKey,
  issuesBySeverity,
  moveBlock,
  preflightAllowsPublish,
  putBlock,
  restorable,
} from '../../console/src/campaigns/campaign-rules.js';

const block = (id: string, name = id): CampaignBlock => ({
  id,
  name,
  contentType: 'playlist',
  contentId: `p-${id}`,
  priority: 0,
  type: 'weekly',
  timezone: 'UTC',
  daysOfWeek: [1],
  dailyStart: '09:00',
  dailyEnd: '17:00',
  enabled: true,
});

describe('console: the campaign builder’s rules', () => {
  it('moves a block one place up or down, and leaves the order alone at either end', () => {
    const blocks = [block('a'), block('b'), block('c')];
    expect(moveBlock(blocks, 1, -1).map((b) => b.id)).to.deep.equal(['b', 'a', 'c']);
    expect(moveBlock(blocks, 1, 1).map((b) => b.id)).to.deep.equal(['a', 'c', 'b']);
    expect(moveBlock(blocks, 0, -1).map((b) => b.id)).to.deep.equal(['a', 'b', 'c']);
    expect(moveBlock(blocks, 2, 1).map((b) => b.id)).to.deep.equal(['a', 'b', 'c']);
    expect(
      blocks.map((b) => b.id),
      'the draft’s own list is never changed in place',
    ).to.deep.equal(['a', 'b', 'c']);
  });

  it('an edited block keeps its place; a new one goes last', () => {
    const blocks = [block('a'), block('b')];
    expect(putBlock(blocks, block('a', 'renamed')).map((b) => b.name)).to.deep.equal(['renamed', 'b']);
    expect(putBlock(blocks, block('c')).map((b) => b.id)).to.deep.equal(['a', 'b', 'c']);
  });

  it('one content picker holds playlists and layouts: its value says which, and nothing else is taken', () => {
    expect(contentKey({ contentType: 'layout', contentId: 'x' })).to.equal('layout:x');
    expect(contentOfKey('playlist:x')).to.deep.equal({ contentType: 'playlist', contentId: 'x' });
    expect(contentOfKey('media:x')).to.equal(undefined);
    expect(contentOfKey('layout:')).to.equal(undefined);
  });

  it('publishing waits for a preflight answer without errors; warnings let it go ahead and are listed after errors', () => {
    expect(preflightAllowsPublish(undefined), 'not checked yet').to.equal(false);
    expect(preflightAllowsPublish({ issues: [] })).to.equal(true);
    expect(preflightAllowsPublish({ issues: [{ severity: 'warning' }] })).to.equal(true);
    expect(preflightAllowsPublish({ issues: [{ severity: 'warning' }, { severity: 'error' }] })).to.equal(false);
    const issues = [
      { severity: 'warning' as const, message: 'w1' },
      { severity: 'error' as const, message: 'e1' },
      { severity: 'warning' as const, message: 'w2' },
      { severity: 'error' as const, message: 'e2' },
    ];
    expect(issuesBySeverity(issues).map((i) => i.message)).to.deep.equal(['e1', 'e2', 'w1', 'w2']);
  });

  it('editors build and archive campaigns; only owners and administrators publish', () => {
    expect(campaignRights('viewer')).to.deep.equal({ edit: false, publish: false });
    expect(campaignRights('contributor')).to.deep.equal({ edit: false, publish: false });
    expect(campaignRights('editor')).to.deep.equal({ edit: true, publish: false });
    expect(campaignRights('administrator')).to.deep.equal({ edit: true, publish: true });
    expect(campaignRights('owner')).to.deep.equal({ edit: true, publish: true });
    expect(campaignRights(undefined)).to.deep.equal({ edit: false, publish: false });
  });

  it('a release that never went out (failed, cancelled) is not offered for restoring', () => {
    expect(['published', 'superseded', 'in_review'].every(restorable)).to.equal(true);
    expect(restorable('publication_failed')).to.equal(false);
    expect(restorable('cancelled')).to.equal(false);
  });
});

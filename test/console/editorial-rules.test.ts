import { expect } from 'chai';
import { atPath, humanKey, sideBySide } from '../../console/src/editorial/diff-sides.js';
import { reviewActions, reviewTab, shortDigest } from '../../console/src/editorial/review-rules.js';

const editor = { userId: 'ed', manager: true, administrator: false };
const admin = { userId: 'ad', manager: true, administrator: true };
const contributor = { userId: 'co', manager: false, administrator: false };
const submission = (status: string, more: Partial<{ contentType: string; submittedBy: string; allowSelfApproval: boolean }> = {}) => ({
  status,
  contentType: 'layout',
  submittedBy: 'co',
  allowSelfApproval: true,
  ...more,
});

describe('console: the review inbox’s rules', () => {
  it('offers each state’s moves as the server allows them, and none to authors', () => {
    expect(reviewActions(submission('in_review'), editor)).to.deep.equal(['approve', 'requestChanges']);
    expect(reviewActions(submission('approved'), editor)).to.deep.equal(['publish', 'schedule']);
    expect(reviewActions(submission('scheduled'), editor)).to.deep.equal(['publish', 'cancelSchedule']);
    for (const done of ['changes_requested', 'published', 'superseded', 'publication_failed', 'cancelled'])
      expect(reviewActions(submission(done), admin), done).to.deep.equal([]);
    expect(reviewActions(submission('in_review'), contributor)).to.deep.equal([]);
  });

  it('does not offer approving one’s own submission when self-approval is off; sending it back stays possible', () => {
    expect(reviewActions(submission('in_review', { submittedBy: 'ed', allowSelfApproval: false }), editor)).to.deep.equal(['requestChanges']);
    expect(reviewActions(submission('in_review', { submittedBy: 'ed', allowSelfApproval: true }), editor)).to.deep.equal(['approve', 'requestChanges']);
  });

  it('leaves publishing a campaign to administrators', () => {
    expect(reviewActions(submission('approved', { contentType: 'campaign' }), editor)).to.deep.equal([]);
    expect(reviewActions(submission('approved', { contentType: 'campaign' }), admin)).to.deep.equal(['publish', 'schedule']);
    expect(reviewActions(submission('in_review', { contentType: 'campaign' }), editor)).to.deep.equal(['approve', 'requestChanges']);
  });

  it('reads the tab from the address, in review when it names none it knows', () => {
    expect(reviewTab('published')).to.equal('published');
    expect(reviewTab(null)).to.equal('in_review');
    expect(reviewTab('bogus')).to.equal('in_review');
    expect(shortDigest('0123456789abcdef0123')).to.equal('0123456789ab');
  });
});

describe('console: a comparison side by side', () => {
  const box = (id: string, name: string, x: number, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    type: 'primitive',
    x,
    y: 10,
    width: 200,
    assetId: 'a1',
    ...extra,
  });
  const from = { canvas: { width: 1920, backgroundColor: '#000000' }, placements: [box('p1', 'Headline', 10), box('p2', 'Logo', 50)] };
  const to = {
    canvas: { width: 1920, backgroundColor: '#ffffff' },
    placements: [box('p1', 'Headline', 90), box('p3', 'Clock', 5, { primitive: { kind: 'text' } })],
  };

  it('follows a change’s path by id in lists, by index otherwise, and by field', () => {
    expect(atPath(from, 'placements/p2')).to.deep.include({ name: 'Logo' });
    expect(atPath(from, 'placements/0')).to.deep.include({ name: 'Headline' });
    expect(atPath(to, 'canvas/backgroundColor')).to.equal('#ffffff');
    expect(atPath(to, 'placements/p2')).to.equal(undefined);
    expect(atPath('not a document', 'canvas/width')).to.equal(undefined);
  });

  it('puts what each revision held beside each change: additions after, removals before, moves with only what differs', () => {
    const rows = sideBySide(
      [
        { kind: 'changed', path: 'canvas/backgroundColor', description: 'Canvas backgroundColor changed.' },
        { kind: 'removed', path: 'placements/p2', description: 'Placement “Logo” was removed.' },
        { kind: 'added', path: 'placements/p3', description: 'Placement “Clock” was added.' },
        { kind: 'moved', path: 'placements/p1', description: 'Placement “Headline” changed its x.' },
      ],
      from,
      to,
    );
    expect(rows[0]).to.deep.include({
      before: { facts: [{ key: 'backgroundColor', value: '#000000' }] },
      after: { facts: [{ key: 'backgroundColor', value: '#ffffff' }] },
    });
    expect(rows[1]!.after).to.equal(undefined);
    expect(rows[1]!.before).to.deep.equal({
      name: 'Logo',
      facts: [
        { key: 'type', value: 'primitive' },
        { key: 'x', value: 50 },
        { key: 'y', value: 10 },
        { key: 'width', value: 200 },
      ],
    });
    expect(rows[2]!.before).to.equal(undefined);
    expect(rows[2]!.after!.facts, 'one level of nesting, ids left out').to.deep.include({ key: 'primitive.kind', value: 'text' });
    expect(rows[3]).to.deep.include({
      before: { name: 'Headline', facts: [{ key: 'x', value: 10 }] },
      after: { name: 'Headline', facts: [{ key: 'x', value: 90 }] },
    });
  });

  it('keeps only the server’s words when the documents are not known', () => {
    const [row] = sideBySide([{ kind: 'changed', path: 'items/0', description: 'Item 1 changed its duration.' }]);
    expect(row).to.deep.equal({ kind: 'changed', path: 'items/0', description: 'Item 1 changed its duration.' });
  });

  it('writes field names in words', () => {
    expect(humanKey('backgroundColor')).to.equal('background color');
    expect(humanKey('primitive.fillColor')).to.equal('primitive fill color');
  });
});

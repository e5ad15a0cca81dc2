import type { SemanticChange } from '../editorial/editorial.api.js';
import type { CampaignBlock, CampaignDocument } from './campaign-document.js';

const DETAILS = ['name', 'description', 'timezone', 'campaignStart', 'campaignEnd'] as const;
// What a reviewer reads about a block; the content's frozen revision counts as a change of content.
const BLOCK_FIELDS = [
  'name',
  'contentType',
  'contentId',
  'contentRevision',
  'priority',
  'type',
  'timezone',
  'startDate',
  'endDate',
  'oneTimeStart',
  'oneTimeEnd',
  'dailyStart',
  'dailyEnd',
  'daysOfWeek',
  'enabled',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed from one frozen campaign to another: its details and timing, destinations added or removed, blocks added, removed, moved or changed. */
export function compareCampaigns(from: CampaignDocument, to: CampaignDocument): SemanticChange[] {
  const changes: SemanticChange[] = [];
  for (const field of DETAILS) {
    if (!same(from[field], to[field]))
      changes.push({ kind: 'changed', path: field, description: `${field} changed from ${from[field] ?? 'none'} to ${to[field] ?? 'none'}.` });
  }
  const keyOf = (d: { type: string; id: string }) => `${d.type}:${d.id}`;
  const before = new Set((from.destinations ?? []).map(keyOf));
  const after = new Set((to.destinations ?? []).map(keyOf));
  for (const d of to.destinations ?? []) {
    if (!before.has(keyOf(d))) changes.push({ kind: 'added', path: `destinations/${d.id}`, description: `The ${d.type} ${d.id} was added as a destination.` });
  }
  for (const d of from.destinations ?? []) {
    if (!after.has(keyOf(d))) changes.push({ kind: 'removed', path: `destinations/${d.id}`, description: `The ${d.type} ${d.id} is no longer a destination.` });
  }
  const old = new Map((from.blocks ?? []).map((b, i) => [b.id, { block: b, index: i }]));
  const kept = new Set((to.blocks ?? []).map((b) => b.id));
  (to.blocks ?? []).forEach((block, index) => {
    const was = old.get(block.id);
    if (!was) {
      changes.push({ kind: 'added', path: `blocks/${block.id}`, description: `Block “${block.name}” was added.` });
      return;
    }
    if (was.index !== index)
      changes.push({ kind: 'moved', path: `blocks/${block.id}`, description: `Block “${block.name}” moved from position ${was.index + 1} to ${index + 1}.` });
    changes.push(...blockChanges(was.block, block));
  });
  for (const block of from.blocks ?? []) {
    if (!kept.has(block.id)) changes.push({ kind: 'removed', path: `blocks/${block.id}`, description: `Block “${block.name}” was removed.` });
  }
  return changes;
}

function blockChanges(from: CampaignBlock, to: CampaignBlock): SemanticChange[] {
  return BLOCK_FIELDS.filter((f) => !same(from[f], to[f])).map((f) => ({
    kind: 'changed' as const,
    path: `blocks/${to.id}/${f}`,
    description: `Block “${to.name}”: ${f} changed.`,
  }));
}

/**
 * The campaign builder's decisions, kept apart from React so they are tested fast: a new block's
 * defaults, moving blocks, what the preflight allows and what each role may do. No relative imports:
 * the server's type check reads this file too.
 */

/** A block as the campaign draft holds it (the API's `BlockSchema`). */
export interface CampaignBlock {
  id: string;
  name: string;
  contentType: 'playlist' | 'layout';
  contentId: string;
  contentRevision?: number;
  priority: number;
  type: 'one_time' | 'weekly';
  timezone: string;
  startDate?: string;
  endDate?: string;
  oneTimeStart?: string;
  oneTimeEnd?: string;
  dailyStart?: string;
  dailyEnd?: string;
  daysOfWeek?: number[];
  enabled: boolean;
}

/** Blocks with `index` moved `by` places; out of range leaves the list as it is. */
export function moveBlock<T>(blocks: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= blocks.length || to < 0 || to >= blocks.length) return [...blocks];
  const moved = [...blocks];
  [moved[index], moved[to]] = [moved[to] as T, moved[index] as T];
  return moved;
}

/** A block put in place of the one with its id, or added at the end when it is new. */
export function putBlock(blocks: readonly CampaignBlock[], block: CampaignBlock): CampaignBlock[] {
  return blocks.some((b) => b.id === block.id) ? blocks.map((b) => (b.id === block.id ? block : b)) : [...blocks, block];
}

/** The content picker's value for a block's content, and back: one select offers playlists and layouts. */
export const contentKey = (block: Pick<CampaignBlock, 'contentType' | 'contentId'>) => `${block.contentType}:${block.contentId}`;
export function contentOfKey(key: string): Pick<CampaignBlock, 'contentType' | 'contentId'> | undefined {
  const [type, id] = key.split(':');
  return (type === 'playlist' || type === 'layout') && id ? { contentType: type, contentId: id } : undefined;
}

interface PreflightLike {
  issues: readonly { severity: 'warning' | 'error' }[];
}

/** Errors block publishing; warnings are shown and let it go ahead. Not checked yet: not allowed either. */
export const preflightAllowsPublish = (preflight: PreflightLike | undefined) => !!preflight && !preflight.issues.some((i) => i.severity === 'error');

/** Errors first, then warnings, each kind in the server's order. */
export const issuesBySeverity = <T extends PreflightLike['issues'][number]>(issues: readonly T[]): T[] => [
  ...issues.filter((i) => i.severity === 'error'),
  ...issues.filter((i) => i.severity !== 'error'),
];

/** What a role may do with campaigns, as the API routes it. */
export interface CampaignRights {
  /** Create, change the draft, restore a release, archive: owners, administrators and editors. */
  edit: boolean;
  /** Publish (or send to review): owners and administrators. */
  publish: boolean;
}

export const campaignRights = (role: string | undefined): CampaignRights => ({
  edit: role === 'owner' || role === 'administrator' || role === 'editor',
  publish: role === 'owner' || role === 'administrator',
});

/** A release may be restored into the draft unless it never was more than a failed attempt. */
export const restorable = (status: string) => status !== 'publication_failed' && status !== 'cancelled';

import { randomUUID } from 'node:crypto';
import { isTimeZone, wireField } from '../player/player.api.js';
import type { CampaignSchedule } from '../schedules/schedules.api.js';

export interface CampaignDestination {
  type: 'screen' | 'group';
  id: string;
}

/** One piece of content the campaign plays, with a schedule's timing. */
export interface CampaignBlock {
  id: string;
  name: string;
  contentType: 'playlist' | 'layout';
  contentId: string;
  /** The content's published revision a submission froze (filled in by the snapshot). */
  contentRevision?: number;
  priority: number;
  type: 'weekly' | 'one_time';
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

/** The whole campaign as one document: its draft, and what a release froze. */
export interface CampaignDocument {
  name: string;
  description: string;
  ownerId?: string;
  timezone: string;
  campaignStart?: string;
  campaignEnd?: string;
  destinations: CampaignDestination[];
  blocks: CampaignBlock[];
}

export const MAX_NAME = 180;
const validZone = (zone: string) => zone === 'UTC' || (zone.includes('/') && isTimeZone(zone));

/** Names trimmed, the zone defaulted, and every block given an id, a name and a zone, as the reference saves a draft. */
export function normalised(doc: CampaignDocument): CampaignDocument {
  const timezone = doc.timezone?.trim() || 'UTC';
  return {
    ...doc,
    name: doc.name.trim(),
    description: (doc.description ?? '').trim(),
    timezone,
    destinations: doc.destinations ?? [],
    blocks: (doc.blocks ?? []).map((b, i) => ({
      ...b,
      id: b.id || randomUUID(),
      name: b.name.trim() || `Block ${i + 1}`,
      timezone: b.timezone?.trim() || timezone,
    })),
  };
}

/** What is wrong with the document's shape (empty when nothing): names, zones, the campaign's span, repeats. */
export function shapeProblems(doc: CampaignDocument): string[] {
  const problems: string[] = [];
  if (doc.name.length < 1 || doc.name.length > MAX_NAME) problems.push(`The campaign name must be between 1 and ${MAX_NAME} characters.`);
  if (!validZone(doc.timezone)) problems.push('The campaign time zone is not valid: use an IANA zone such as Europe/Berlin, or UTC.');
  if (doc.campaignStart && doc.campaignEnd && !(Date.parse(doc.campaignEnd) > Date.parse(doc.campaignStart)))
    problems.push('The campaign end must be after its start.');
  const destinations = doc.destinations.map((d) => `${d.type}:${d.id}`);
  const repeated = destinations.find((d, i) => destinations.indexOf(d) !== i);
  if (repeated) problems.push(`Destination ${repeated.split(':')[1]} is listed more than once.`);
  const blockIds = doc.blocks.map((b) => b.id);
  const repeatedBlock = blockIds.find((id, i) => blockIds.indexOf(id) !== i);
  if (repeatedBlock) problems.push(`Content block ${repeatedBlock} is listed more than once.`);
  for (const block of doc.blocks) {
    if (!validZone(block.timezone)) problems.push(`Content block “${block.name}” has an invalid time zone.`);
  }
  return problems;
}

// The date a stamp falls on in a zone (YYYY-MM-DD), for a weekly block bounded by the campaign's span.
const dateIn = (stamp: string | undefined, timezone: string) =>
  stamp ? new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(stamp)) : undefined;

/** The ordinary schedule a block becomes: its content on the campaign's destinations; a weekly block without dates keeps to the campaign's span. */
export function scheduleOf(doc: CampaignDocument, block: CampaignBlock): CampaignSchedule {
  const weekly = block.type === 'weekly';
  return {
    blockId: block.id,
    input: {
      name: block.name,
      description: doc.description,
      ...wireField({ contentType: block.contentType, contentId: block.contentId }),
      type: block.type,
      timezone: block.timezone,
      priority: block.priority,
      enabled: block.enabled,
      startDate: weekly ? (block.startDate ?? dateIn(doc.campaignStart, block.timezone) ?? null) : null,
      endDate: weekly ? (block.endDate ?? dateIn(doc.campaignEnd, block.timezone) ?? null) : null,
      oneTimeStart: block.oneTimeStart ?? null,
      oneTimeEnd: block.oneTimeEnd ?? null,
      dailyStart: block.dailyStart ?? null,
      dailyEnd: block.dailyEnd ?? null,
      daysOfWeek: block.daysOfWeek ?? [],
      targets: doc.destinations.map((d) => ({ type: d.type, id: d.id })),
    },
  };
}

/** Where a campaign is in its life, from its published release's span (the reference's words). */
export function lifecycle(archived: boolean, published: CampaignDocument | undefined, now = Date.now()): string {
  if (archived) return 'Archived';
  if (!published) return 'Draft';
  if (published.campaignStart && now < Date.parse(published.campaignStart)) return 'Scheduled';
  if (published.campaignEnd && now >= Date.parse(published.campaignEnd)) return 'Ended';
  return 'Live';
}

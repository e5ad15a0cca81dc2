import { pickerInstant, pickerValue, type ScheduleValues } from '../schedules/schedule-form';
import { type CampaignBlock, contentKey, contentOfKey } from './campaign-rules';

/** The block dialog's fields: a schedule's timing (one-time times as the date picker writes them) and the content it plays. */
export type BlockValues = Omit<ScheduleValues, 'description' | 'playlistId' | 'screenIds' | 'groupIds'> & { content: string | null };

export const emptyBlockValues = (timezone: string): BlockValues => ({
  name: '',
  content: null,
  type: 'weekly',
  daysOfWeek: ['1', '2', '3', '4', '5'],
  dailyStart: '09:00',
  dailyEnd: '17:00',
  oneTimeStart: null,
  oneTimeEnd: null,
  timezone,
  priority: 10,
  enabled: true,
});

export function blockValuesOf(b: CampaignBlock): BlockValues {
  return {
    name: b.name,
    content: contentKey(b),
    type: b.type,
    daysOfWeek: (b.daysOfWeek ?? []).map(String),
    dailyStart: b.dailyStart ?? '09:00',
    dailyEnd: b.dailyEnd ?? '17:00',
    oneTimeStart: b.oneTimeStart ? pickerValue(Date.parse(b.oneTimeStart), b.timezone) : null,
    oneTimeEnd: b.oneTimeEnd ? pickerValue(Date.parse(b.oneTimeEnd), b.timezone) : null,
    timezone: b.timezone,
    priority: b.priority,
    enabled: b.enabled,
  };
}

/** The block the draft keeps: only the chosen kind of timing travels, so the other kind's fields never linger. */
export function blockOf(v: BlockValues, id: string, stored?: CampaignBlock): CampaignBlock {
  const content = contentOfKey(v.content ?? '') ?? { contentType: 'playlist' as const, contentId: '' };
  const common = {
    id,
    name: v.name.trim(),
    ...content,
    ...(stored?.contentRevision && contentKey(stored) === v.content ? { contentRevision: stored.contentRevision } : {}),
    priority: Number(v.priority) || 0,
    timezone: v.timezone,
    enabled: v.enabled,
    ...(stored?.startDate ? { startDate: stored.startDate } : {}),
    ...(stored?.endDate ? { endDate: stored.endDate } : {}),
  };
  if (v.type === 'weekly') {
    return { ...common, type: 'weekly', daysOfWeek: v.daysOfWeek.map(Number).sort((a, b) => a - b), dailyStart: v.dailyStart, dailyEnd: v.dailyEnd };
  }
  const iso = (value: string | null) => new Date(pickerInstant(value, v.timezone)).toISOString();
  return { ...common, type: 'one_time', oneTimeStart: iso(v.oneTimeStart), oneTimeEnd: iso(v.oneTimeEnd) };
}

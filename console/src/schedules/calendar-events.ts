import type { SchedulePlan } from './schedule-conflicts.js';
import { windowsBetween } from './schedule-windows.js';
import { wallClock } from './zone-time.js';

/** A stored schedule as the calendar draws it. */
export interface CalendarSchedule extends SchedulePlan {
  id: string;
  /** What it plays, for the colour: a playlist's or layout's id, or the display action. */
  contentKey: string;
  /** Changes with every change to the schedule (its updatedAt): a changed schedule's events are new ones. */
  revision: string;
}

/** One occurrence on the calendar: FullCalendar's event input, with what the page needs to act on it. */
export interface CalendarEvent {
  id: string;
  title: string;
  /** The display zone's wall clock, handed to a calendar that runs in UTC: it shows exactly these hours. */
  start: Date;
  end: Date;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  classNames: string[];
  extendedProps: { scheduleId: string; occurrenceStart: number; occurrenceEnd: number; enabled: boolean; priority: number };
}

// Dark enough for white text (WCAG AA, 4.5:1): Mantine's blue, teal, grape, orange, indigo, cyan, pink at shade 8–9,
// and a green a little darker than Mantine's green 9 (4.37:1, which failed axe whenever a content hashed to it).
const PALETTE = ['#1864ab', '#087f5b', '#862e9c', '#a63c06', '#364fc7', '#0b7285', '#a61e4d', '#237a36'];
const DISABLED = '#868e96';

/** The same content always gets the same colour, whatever else is on the calendar. */
export function colourOf(contentKey: string): string {
  let hash = 0;
  for (const char of contentKey) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] as string;
}

/**
 * The occurrences of the schedules in `[from, to)` (instants), as calendar events in the display
 * zone. Coloured by content; a disabled schedule is grey on white with a dashed outline (a class),
 * so it reads as "not playing" without relying on colour alone (its name says so too).
 */
export function calendarEvents(schedules: CalendarSchedule[], from: number, to: number, displayZone: string): CalendarEvent[] {
  return schedules.flatMap((s) =>
    windowsBetween(s, from, to).map((w) => {
      const colour = colourOf(s.contentKey);
      return {
        id: `${s.id}@${s.revision}@${w.start}`,
        title: s.name,
        start: new Date(wallClock(displayZone, w.start)),
        end: new Date(wallClock(displayZone, w.end)),
        backgroundColor: s.enabled ? colour : '#ffffff',
        borderColor: s.enabled ? colour : DISABLED,
        textColor: s.enabled ? '#ffffff' : '#495057',
        classNames: s.enabled ? [] : ['schedule-disabled'],
        extendedProps: { scheduleId: s.id, occurrenceStart: w.start, occurrenceEnd: w.end, enabled: s.enabled, priority: s.priority },
      };
    }),
  );
}

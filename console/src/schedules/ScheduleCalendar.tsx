import type { DateSelectArg, DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventMountArg } from '@fullcalendar/core';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarSchedule, calendarEvents } from './calendar-events';
import './schedule-calendar.css';
import { clockOf, DAY_MS, instantOf, wallClock, weekdayOf } from './zone-time';

interface Props {
  /** Whose week it is, for the calendar's accessible name. */
  targetName: string;
  /** The zone the week is shown in: the screen's (or the organization's default for a group). */
  zone: string;
  schedules: CalendarSchedule[];
  /** Names of what each schedule plays, for the events' accessible names. */
  contentOf(scheduleId: string): string;
  canEdit: boolean;
  /** The week shown moved: its first instant. */
  onWeek(weekStart: number): void;
  onDraw(start: number, end: number): void;
  onOpen(scheduleId: string): void;
  onMove(scheduleId: string, occurrenceStart: number, start: number, end: number, revert: () => void): void;
}

/**
 * The week of one screen or group. FullCalendar runs in UTC and is handed the display zone's wall
 * clock as if it were UTC, so it shows the zone's hours without a time-zone plugin; what it hands
 * back (a drawn range, a moved event) is turned into instants here.
 */
export function ScheduleCalendar({ targetName, zone, schedules, contentOf, canEdit, onWeek, onDraw, onOpen, onMove }: Props) {
  const { t } = useTranslation('schedules');
  const [range, setRange] = useState<[number, number]>();
  const events = useMemo(() => (range ? calendarEvents(schedules, instantOf(zone, range[0]), instantOf(zone, range[1]), zone) : []), [schedules, range, zone]);
  const instant = (date: Date | null, edge: 'start' | 'end') => instantOf(zone, (date as Date).getTime(), edge);

  const datesSet = (arg: DatesSetArg) => {
    setRange([arg.start.getTime(), arg.end.getTime()]);
    onWeek(instantOf(zone, arg.start.getTime()));
  };
  const changed = (arg: EventDropArg | EventResizeDoneArg) =>
    onMove(
      arg.event.extendedProps.scheduleId,
      arg.event.extendedProps.occurrenceStart,
      instant(arg.event.start, 'start'),
      instant(arg.event.end, 'end'),
      arg.revert,
    );
  // Events are focusable (eventInteractive) and open with Enter; each says in words what the colour and position show.
  // An event is drawn anew when its schedule changes (its id holds the revision), so the words follow.
  const mounted = (arg: EventMountArg) => {
    const props = arg.event.extendedProps;
    const schedule = schedules.find((s) => s.id === props.scheduleId);
    const from = wallClock(zone, props.occurrenceStart);
    const day: string = t(`days.${weekdayOf(from)}` as 'days.0');
    arg.el.setAttribute('role', 'button');
    arg.el.setAttribute(
      'aria-label',
      t('calendar.event', {
        name: arg.event.title,
        content: contentOf(props.scheduleId),
        day,
        from: clockOf(from),
        to: clockOf(wallClock(zone, props.occurrenceEnd)),
        priority: String(props.priority),
        kind: schedule?.type === 'one_time' ? t('calendar.oneTime') : t('calendar.weekly'),
        state: props.enabled ? '' : t('calendar.disabledSuffix'),
      }),
    );
  };

  return (
    <section aria-label={t('calendar.label', { name: targetName })}>
      <FullCalendar
        plugins={[timeGridPlugin, interactionPlugin]}
        initialView="timeGridWeek"
        timeZone="UTC"
        firstDay={1}
        allDaySlot={false}
        nowIndicator
        now={() => new Date(wallClock(zone, Date.now()))}
        scrollTime="07:00:00"
        height={640}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
        // Words, not icon fonts: the buttons then have names.
        buttonIcons={false}
        buttonText={{ prev: t('calendar.previous'), next: t('calendar.next'), today: t('calendar.today') }}
        dayHeaderFormat={{ weekday: 'long', day: 'numeric', month: 'numeric' }}
        // The title alone: the accessible name (set on mount) starts with what the event shows.
        eventContent={(arg: EventContentArg) => arg.event.title}
        selectable={canEdit}
        selectMirror
        editable={canEdit}
        eventInteractive
        snapDuration={{ minutes: 15 }}
        events={events}
        datesSet={datesSet}
        select={(arg: DateSelectArg) => {
          arg.view.calendar.unselect();
          // A drag of at most a day: a weekly window cannot be longer.
          onDraw(instant(arg.start, 'start'), Math.min(instant(arg.end, 'end'), instant(arg.start, 'start') + DAY_MS));
        }}
        eventClick={(arg: EventClickArg) => onOpen(arg.event.extendedProps.scheduleId)}
        eventDrop={changed}
        eventResize={changed}
        eventDidMount={mounted}
      />
    </section>
  );
}

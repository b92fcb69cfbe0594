/**
 * The calendar grid (FullCalendar 6.1: month, week and day views, Danish, Monday first, week numbers 'Uge',
 * 05:00–24:00 in 30-minute slots, height 930). Loaded only on wide screens; phones use the card layout.
 * Times are Copenhagen time whatever the browser's zone (copenhagenTime.ts provides the named zone).
 */
import { forwardRef, memo, useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import daLocale from '@fullcalendar/core/locales/da';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DatesSetArg, DayCellMountArg, DayHeaderContentArg, EventClickArg, EventDropArg, MoreLinkMountArg } from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import { TIME_ZONE } from '@klinik/core/rules';
import { CALENDAR, copenhagenDateKey, fromCopenhagenInputs } from '@klinik/core/time';
import { copenhagenTimePlugin, gridEventTime } from './copenhagenTime';
import { holidayNamesByDay, toEvents, type EventRef } from './events';
import type { CalendarData } from './useCalendarData';
import './calendar.css';

export type CalendarView = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';

export interface GridCalendarHandle {
  prev(): void;
  next(): void;
  today(): void;
  changeView(view: CalendarView): void;
}

export interface GridCalendarProps {
  data: CalendarData;
  initialView: CalendarView;
  onRange: (range: { from: number; to: number; title: string; view: CalendarView }) => void;
  onSlot: (at: number, allDay: boolean) => void;
  onOpen: (ref: EventRef) => void;
  /** A booking dropped at `from`; call `revert` when the server refuses. */
  onMove: (bookingId: string, from: number, revert: () => void) => void;
}

/** The real instant of a FullCalendar date string (it carries the zone's offset). */
function instant(iso: string): number {
  return Date.parse(iso);
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, copenhagenTimePlugin];
/**
 * The week and day grids write events' times without an Intl formatter per event (copenhagenTime.ts). The month shows
 * what fits in a day's cell and '+N flere' for the rest (a popover of the day), so the whole month fits the grid's
 * height: a clinic's 8–10 bookings a day made each week 255 px tall and the month a scroll of its own.
 */
const VIEWS = { timeGrid: { eventTimeFormat: gridEventTime }, dayGridMonth: { dayMaxEvents: true } };
/** 'Uge 44' in every view, as its label reads (the month's own default, 'Uge44', did not match 'Uge 44'). */
const WEEK_NUMBER_FORMAT = { week: 'short' } as const;

/**
 * A month's day cell is named by its content, its date first (the day number's label, '26. oktober 2026'), then its
 * bookings. FullCalendar names the cell by the date alone (aria-labelledby), so what the cell shows was not in its
 * name (WCAG 2.5.3, axe's label-content-name-mismatch). Preact sets the attribute only when its value changes, which
 * it does not while the cell lives, and a new cell comes through here again.
 */
function nameDayCellByContent({ el }: DayCellMountArg): void {
  if (el.classList.contains('fc-daygrid-day')) el.removeAttribute('aria-labelledby');
}

/**
 * The month's '+N flere' is a button (Enter and Space open the day's popover, which it says it expands); FullCalendar
 * draws it as an `<a>` without href, a role that may not carry `aria-expanded` (axe's aria-allowed-attr).
 */
function moreLinkIsAButton({ el }: MoreLinkMountArg): void {
  el.setAttribute('role', 'button');
}

/**
 * Memoised, and FullCalendar's own props keep their identity: its React wrapper hands every prop back to the calendar
 * on each update, which then redraws the whole period (0.3–0.6 s of a slow phone's CPU with a week of bookings). So the
 * grid updates when its data does, not whenever the page renders (a spinner, a toast, the therapist's refresh).
 */
const GridCalendar = memo(forwardRef<GridCalendarHandle, GridCalendarProps>(function GridCalendar(props, ref) {
  const { data, initialView } = props;
  const calendar = useRef<FullCalendar>(null);
  // The handlers FullCalendar holds call the page's latest ones.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const handlers = useMemo(
    () => ({
      datesSet: (info: DatesSetArg) =>
        latest.current.onRange({ from: instant(info.startStr), to: instant(info.endStr), title: info.view.title, view: info.view.type as CalendarView }),
      dateClick: (info: DateClickArg) =>
        // A day in the month view has no time: the booking starts at 09:00 that day.
        latest.current.onSlot(info.dateStr.length === 10 ? (fromCopenhagenInputs(info.dateStr, '09:00') ?? instant(info.dateStr)) : instant(info.dateStr), info.allDay),
      eventClick: (info: EventClickArg) => {
        const refValue = info.event.extendedProps.ref as EventRef | undefined;
        if (refValue) latest.current.onOpen(refValue);
      },
      eventDrop: (info: EventDropArg) => {
        const refValue = info.event.extendedProps.ref as EventRef | undefined;
        if (refValue?.kind !== 'booking' || !info.event.startStr) return info.revert();
        latest.current.onMove(refValue.booking.id, instant(info.event.startStr), info.revert);
      },
    }),
    [],
  );
  useImperativeHandle(ref, () => ({
    prev: () => calendar.current?.getApi().prev(),
    next: () => calendar.current?.getApi().next(),
    today: () => calendar.current?.getApi().today(),
    changeView: (view) => calendar.current?.getApi().changeView(view),
  }));
  // New events only when the data changed: FullCalendar redraws them whenever the array is a new one.
  const events = useMemo(() => toEvents(data), [data]);
  // A holiday's name under its date in the week and day views' column header, where it shows whatever the scroll (its
  // tint's own title sits at 05:00, above the 07:00 the grid opens on). The month's headers are weekdays, not dates:
  // there the tint's title in the day's cell names it.
  const dayHeaderContent = useMemo(() => {
    const names = holidayNamesByDay(data.holidays);
    return (arg: DayHeaderContentArg) => {
      const name = arg.view.type === 'dayGridMonth' ? undefined : names.get(copenhagenDateKey(arg.date.getTime()));
      return name ? (
        <>
          {arg.text}{' '}
          <span className="klinik-holiday-name">{name}</span>
        </>
      ) : (
        arg.text
      );
    };
  }, [data.holidays]);
  return (
    <FullCalendar
      ref={calendar}
      plugins={PLUGINS}
      locale={daLocale}
      timeZone={TIME_ZONE}
      views={VIEWS}
      initialView={initialView}
      headerToolbar={false}
      firstDay={1}
      weekNumbers
      weekText="Uge"
      weekTextLong="Uge"
      weekNumberFormat={WEEK_NUMBER_FORMAT}
      dayCellDidMount={nameDayCellByContent}
      dayHeaderContent={dayHeaderContent}
      moreLinkDidMount={moreLinkIsAButton}
      allDaySlot={false}
      slotMinTime={CALENDAR.slotMinTime}
      slotMaxTime={CALENDAR.slotMaxTime}
      slotDuration={`00:${CALENDAR.slotMinutes}:00`}
      snapDuration="00:15:00"
      scrollTime="07:00:00"
      height={CALENDAR.height}
      nowIndicator
      editable
      eventDurationEditable={false}
      eventStartEditable
      events={events}
      datesSet={handlers.datesSet}
      dateClick={handlers.dateClick}
      eventClick={handlers.eventClick}
      eventDrop={handlers.eventDrop}
    />
  );
}));

export default GridCalendar;

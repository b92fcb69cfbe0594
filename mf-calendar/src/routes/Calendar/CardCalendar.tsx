/**
 * The small-screen layout (under 800 px): one day as a list of half-hour rows from 05:00 to 24:00. A booking or
 * leave is a coloured card in the row it starts in; a free row inside or outside the opening hours has a button
 * to create a booking there. Until the day's data has loaded, grey rows of the same size hold the list's place, so
 * nothing on screen moves when the cards arrive (before, the empty rows grew under the user's eyes: a layout shift
 * of 0.11 by the browser's own measure). Moving a booking on a phone goes through 'Rediger reservation'.
 */
import { useEffect, useRef } from 'react';
import { Button, Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { CALENDAR, copenhagenDateKey, copenhagenWallTime, EVENT_COLORS, formatCopenhagenTime, overlaps } from '@klinik/core/time';
import { texts } from '../../texts';
import { bookingMarks, bookingTitle, holidayTitle, type EventRef } from './events';
import type { CalendarData } from './useCalendarData';

const T = texts.calendar;
const SLOT_MS = CALENDAR.slotMinutes * 60_000;

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px', maxHeight: 'calc(100dvh - 240px)', minHeight: '320px', overflowY: 'auto' },
  row: { display: 'grid', gridTemplateColumns: '52px 1fr', gap: '8px', alignItems: 'start', padding: '4px 6px', backgroundColor: '#f1f1f1', borderRadius: '4px' },
  open: { backgroundColor: tokens.colorNeutralBackground1 },
  time: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground3, paddingTop: '6px' },
  cards: { display: 'grid', gap: '4px' },
  card: { padding: '8px 10px', cursor: 'pointer' },
  free: { justifySelf: 'start', color: tokens.colorNeutralForeground3 },
  empty: { padding: '8px 0', color: tokens.colorNeutralForeground3 },
  // The loaded list always overflows its maximum height on a phone (38 rows), so the placeholder takes that height.
  waiting: { height: 'calc(100dvh - 240px)', overflowY: 'hidden' },
  waitingRow: { height: '34px', backgroundColor: '#f1f1f1', borderRadius: '4px' },
  holiday: { display: 'block', padding: '4px 6px', marginBottom: '4px', backgroundColor: '#f3e9fa', borderRadius: '4px', color: '#6b2c91' },
});

export function daySlots(day: number): number[] {
  const [year, month, date] = copenhagenDateKey(day).split('-').map(Number) as [number, number, number];
  const first = copenhagenWallTime(year, month, date, 5);
  const end = copenhagenWallTime(year, month, date + 1, 0);
  const slots: number[] = [];
  for (let at = first; at < end; at += SLOT_MS) slots.push(at);
  return slots;
}

/** How an event looks as a card: the legend's colour, a title and a detail line. */
function cardLook(ref: EventRef): { color: string; dark: boolean; title: string; detail: string; id: string; state: string } {
  switch (ref.kind) {
    case 'booking': {
      const { label } = bookingMarks(ref.booking);
      const detail = label ? `${label} · ${ref.booking.treatmentName}` : ref.booking.treatmentName;
      return { color: EVENT_COLORS[ref.booking.state], dark: ref.booking.state === 'created', title: bookingTitle(ref.booking), detail, id: ref.booking.id, state: ref.booking.state };
    }
    case 'leave':
      return { color: EVENT_COLORS.unavailable, dark: false, title: ref.leave.reason, detail: T.legendUnavailable, id: ref.leave.id, state: 'unavailable' };
    case 'course':
      return { color: EVENT_COLORS.course, dark: false, title: ref.date.title, detail: `${T.legendCourse} · ${ref.date.clients}/${ref.date.limit}`, id: ref.date.id, state: 'course' };
  }
}

export default function CardCalendar({
  day,
  data,
  onSlot,
  onOpen,
}: {
  day: number;
  /** Null until the day's data is complete: placeholder rows, none offered as free. */
  data: CalendarData | null;
  onSlot: (at: number) => void;
  onOpen: (ref: EventRef) => void;
}) {
  const styles = useStyles();
  const slots = daySlots(day);
  const listRef = useRef<HTMLOListElement>(null);
  const items: { at: number; ref: EventRef; from: number; to: number }[] = !data ? [] : [
    ...data.bookings.map((booking) => ({ at: booking.from, from: booking.from, to: booking.to, ref: { kind: 'booking', booking } satisfies EventRef })),
    ...data.leaves.map((leave) => ({ at: leave.from, from: leave.from, to: leave.to, ref: { kind: 'leave', leave } satisfies EventRef })),
    ...data.courses.map((date) => ({ at: date.from, from: date.from, to: date.to, ref: { kind: 'course', date } satisfies EventRef })),
  ];

  // Start the day at 07:00 rather than 05:00, as the grid does; only the list scrolls, not the page. The rows are
  // there once the day has loaded.
  const loaded = data !== null;
  useEffect(() => {
    const list = listRef.current;
    const seven = list?.querySelector<HTMLElement>('[data-hour="07:00"]');
    if (list && seven) list.scrollTop = seven.offsetTop - list.offsetTop;
  }, [day, loaded]);

  const label = `Dagens tider ${copenhagenDateKey(day)}`;
  if (!data) {
    // The day's list, busy: named as the loaded one (a screen reader hears which day is on its way).
    return (
      <ol className={mergeClasses(styles.list, styles.waiting)} aria-label={label} aria-busy="true" ref={listRef}>
        {/* Keys of their own: rows reused by the loaded list would count as moved when their cards arrive. */}
        {slots.slice(4, 24).map((slot) => (
          <li key={`waiting-${slot}`} className={styles.waitingRow} aria-hidden />
        ))}
      </ol>
    );
  }

  const dateKey = copenhagenDateKey(day);
  const holidays = data.holidays.filter((holiday) => holiday.dateKey === dateKey);
  return (
    <>
      {holidays.map((holiday) => (
        <Text key={holiday.id} className={styles.holiday} weight="semibold">
          {holidayTitle(holiday)}
        </Text>
      ))}
      <ol className={styles.list} aria-label={label} ref={listRef}>
        {slots.map((slot) => {
          const slotRange = { from: slot, to: slot + SLOT_MS };
          // An event appears in the row it starts in (or the first row, if it started before the day's first row).
          const starting = items.filter((item) => overlaps(item, slotRange) && (item.from >= slot || slot === slots[0]));
          const busy = items.some((item) => overlaps(item, slotRange));
          const open = data.openings.some((opening) => overlaps(opening, slotRange));
          const time = formatCopenhagenTime(slot);
          return (
            <li key={slot} className={mergeClasses(styles.row, open && styles.open)} data-hour={time}>
              <Text className={styles.time}>{time}</Text>
              <div className={styles.cards}>
                {starting.map((item) => {
                  const { color, dark, title, detail, id, state } = cardLook(item.ref);
                  return (
                    <Card
                      key={`${item.ref.kind}-${id}`}
                      className={styles.card}
                      style={{ backgroundColor: color, color: dark ? '#242424' : '#ffffff' }}
                      onClick={() => onOpen(item.ref)}
                      role="button"
                      aria-label={`${title}, ${formatCopenhagenTime(item.from)}–${formatCopenhagenTime(item.to)}, ${detail}`}
                      data-state={state}
                    >
                      <Text weight="semibold">{title}</Text>
                      {/* Not drawn between the card's lines (a flex column), but it keeps the visible text's words apart
                          ('Kjær 10:00', not 'Kjær10:00'), so they are found in the label (WCAG 2.5.3). */}{' '}
                      <Text size={200}>
                        {formatCopenhagenTime(item.from)}–{formatCopenhagenTime(item.to)} · {detail}
                      </Text>
                    </Card>
                  );
                })}
                {!busy && (
                  <Button className={styles.free} appearance="transparent" size="small" icon={<AddRegular />} aria-label={T.createAt(time)} onClick={() => onSlot(slot)}>
                    {T.free}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * `/Kalender` (spec 2, Calendar): the therapist's week. Wide screens get the FullCalendar grid (day view below
 * 810 px, week view above), phones below 800 px the card layout; both load their data for the period on screen
 * and open the same drawers and dialogs, each loaded when first needed.
 */
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Select, Spinner, Text, ToggleButton, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarSyncRegular, CalendarClockRegular, ChevronLeftRegular, ChevronRightRegular, PeopleQueueRegular, PersonAddRegular } from '@fluentui/react-icons';
import { allowsProFeatures, DEFAULT_THERAPIST_COLORS, type RemotePageProps } from '@klinik/core/rules';
import { browserIsInCopenhagen, CALENDAR, calendarOpeningRange, copenhagenDayRange, danishWeekday, formatDanishDate, narrowerThanQuery, startOfCopenhagenDay } from '@klinik/core/time';
import type { ActionInput, Booking } from '@klinik/core';
import { LoadError, PageHeader, partOnDemand, queryKey, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { calendarApi } from '../../api';
import { texts } from '../../texts';
import { useNarrowerThan } from '../../useNarrowerThan';
import CardCalendar from './CardCalendar';
import { Legend } from './Legend';
import type { EventRef } from './events';
import type { CalendarView, GridCalendarHandle } from './GridCalendar';
import { useCalendarData, type CalendarData, type CalendarRange } from './useCalendarData';

// The grid's placeholder until its code is in (partOnDemand, @klinik/ui).
const GridCalendar = partOnDemand(() => import('./GridCalendar'), <GridPlaceholder />);
// A screen that shows the grid asks for its code (FullCalendar, the page's largest part) as soon as this page's code
// has arrived, instead of once the page has first rendered; the grid then renders at once if it is in by then.
if (!window.matchMedia(narrowerThanQuery(CALENDAR.cardLayoutBelowPx)).matches) GridCalendar.preload().catch(() => undefined);
// Shown the moment their code arrives, not 300 ms after the click (partOnDemand, @klinik/ui).
const CreateBookingDrawer = partOnDemand(() => import('./CreateBookingDrawer'));
const EditBookingDrawer = partOnDemand(() => import('./EditBookingDrawer'));
const EventDialog = partOnDemand(() => import('./EventDialog'));
const OpeningHoursDialog = partOnDemand(() => import('./OpeningHoursDialog'));
const CalendarFeedDialog = partOnDemand(() => import('./CalendarFeedDialog'));
const CourseCard = partOnDemand(() => import('./CourseCard'));

const T = texts.calendar;
const DAY_MS = 24 * 3600_000;
const NO_DATA: CalendarData = { bookings: [], leaves: [], openings: [], courses: [], holidays: [] };

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  title: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, marginRight: 'auto', textTransform: 'capitalize' },
  grid: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '4px' },
  loading: { minHeight: '24px' },
  // The grid's height, so nothing below it moves when it is drawn; the spinner near its top, where a laptop shows it.
  placeholder: { display: 'grid', justifyItems: 'center', alignContent: 'start', paddingTop: '160px', boxSizing: 'border-box', height: `${CALENDAR.height}px` },
});

/** Where the grid will be, while its code or its first period's data is on the way. */
function GridPlaceholder() {
  const styles = useStyles();
  return (
    <div className={styles.placeholder}>
      <Spinner label={T.title} />
    </div>
  );
}

type Overlay =
  | { kind: 'create'; at: number }
  | { kind: 'event'; item: EventRef }
  | { kind: 'edit'; booking: Booking }
  | { kind: 'opening' }
  | { kind: 'feed' }
  | null;

export default function CalendarPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => calendarApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const cards = useNarrowerThan(CALENDAR.cardLayoutBelowPx);
  const dayView = useNarrowerThan(CALENDAR.dayViewBelowPx);
  const grid = useRef<GridCalendarHandle>(null);
  const [gridRange, setGridRange] = useState<(CalendarRange & { title: string; view: CalendarView }) | null>(null);
  const [day, setDay] = useState(() => startOfCopenhagenDay(Date.now()));
  // The period the grid opens on, as FullCalendar will report it: its data is asked for at once, while the grid's code
  // (loaded lazily) still downloads, and the shell has asked for the same already (shell/src/app/opening-calls.ts).
  const openingRange = useMemo(() => calendarOpeningRange(() => dayView, Date.now()), [dayView]);
  const range = useMemo<CalendarRange>(() => (cards ? copenhagenDayRange(day) : gridRange ? { from: gridRange.from, to: gridRange.to } : openingRange), [cards, day, gridRange, openingRange]);
  const { data, complete, loading, error, retry, replaceBooking } = useCalendarData(api, range);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const theme = shell.therapist?.colors[1] ?? DEFAULT_THERAPIST_COLORS[1];

  const onRange = useCallback((next: CalendarRange & { title: string; view: CalendarView }) => {
    setGridRange((current) => (current && current.from === next.from && current.to === next.to && current.view === next.view ? current : next));
  }, []);

  // A booking dragged in the grid: the server's answer is shown at once; a refusal puts it back, with a toast.
  const move = useMutation((input: ActionInput<'setBooking'>) => api.setBooking(input), {
    notify,
    successText: T.moved,
    errorToast: true,
    onSuccess: (answer) => replaceBooking(answer.data),
  });
  const { run: runMove } = move;
  const onMove = useCallback(
    async (bookingId: string, from: number, revert: () => void) => {
      const booking = data.bookings.find((row) => row.id === bookingId);
      const answer = await runMove({ id: bookingId, from, version: booking?.version });
      if (!answer) revert();
    },
    [data.bookings, runMove],
  );
  const close = () => setOverlay(null);
  // Stable, so the memoised grid redraws only when its data changes (GridCalendar.tsx).
  const onSlot = useCallback((at: number) => setOverlay({ kind: 'create', at }), []);
  const onOpen = useCallback((item: EventRef) => setOverlay({ kind: 'event', item }), []);
  const onGridMove = useCallback((id: string, from: number, revert: () => void) => void onMove(id, from, revert), [onMove]);
  // The grid is drawn once the opening period's data is all in, and then shows a period's data once it is complete:
  // FullCalendar draws a period in one go (0.3–0.6 s of a slow phone's CPU), so an empty grid drawn first, then again
  // for each kind of data as it arrived, cost that several times over before the week was usable. Until
  // then a period shows no bookings rather than some: no slot looks free that a leave or another booking blocks.
  const [gridDrawn, setGridDrawn] = useState(false);
  if (complete && !gridDrawn) setGridDrawn(true);
  // A room's day: the 'Lokale' picker shows only the bookings that hold that room. The list is asked for once the
  // period's own data is in, so it never delays the first drawing of the week.
  const rooms = useQuery(complete ? queryKey('getRooms') : null, () => api.rooms());
  const roomOptions = useMemo(() => (rooms.data?.data.rooms ?? []).filter((room) => room.kind === 'room'), [rooms.data]);
  const [roomId, setRoomId] = useState('');
  const shown = useMemo(() => (roomId ? { ...data, bookings: data.bookings.filter((booking) => booking.roomId === roomId) } : data), [data, roomId]);
  const gridData = complete ? shown : NO_DATA;

  if (shell.therapist && !allowsProFeatures(shell.therapist.company, Date.now())) {
    return (
      <section>
        <PageHeader title={T.title} />
        <MessageBar intent="warning">
          <MessageBarBody>{T.proOnly}</MessageBarBody>
        </MessageBar>
      </section>
    );
  }

  // A day is 23, 24 or 25 hours long: step past the boundary and take that day's start.
  const step = (direction: -1 | 1) => {
    if (!cards) return direction < 0 ? grid.current?.prev() : grid.current?.next();
    setDay((value) => startOfCopenhagenDay(direction > 0 ? value + DAY_MS + 3 * 3600_000 : value - 3 * 3600_000));
  };
  // The phone's day with its weekday ('Fredag 27-11-2026'): its list shows times only, and a day is stepped through one at a time.
  const title = cards ? `${danishWeekday(day)} ${formatDanishDate(day)}` : (gridRange?.title ?? '');
  // Until the lazily loaded grid has drawn its first period, there is nothing to page: a click would be lost.
  const waitingForGrid = !cards && gridRange === null;

  return (
    <section className="klinik-calendar" style={{ ['--klinik-theme' as string]: theme }}>
      {toaster}
      <PageHeader title={T.title}>
        <Button icon={<PersonAddRegular />} onClick={() => navigate(shell.pages.newClient())}>
          {T.newPatient}
        </Button>
        <Button icon={<CalendarClockRegular />} onClick={() => setOverlay({ kind: 'opening' })}>
          {T.openingHours}
        </Button>
        <Button icon={<CalendarSyncRegular />} onClick={() => setOverlay({ kind: 'feed' })}>
          {T.feed}
        </Button>
        {/* Reached from the calendar, not the side menu: the menu is the spec's (spec 1 §2). */}
        <Button icon={<PeopleQueueRegular />} onClick={() => navigate('/Kalender/Venteliste')}>
          {T.waitlist}
        </Button>
      </PageHeader>
      <Toolbar className={styles.toolbar} aria-label={T.title}>
        <Button disabled={waitingForGrid} onClick={() => (cards ? setDay(startOfCopenhagenDay(Date.now())) : grid.current?.today())}>
          {T.today}
        </Button>
        <Button icon={<ChevronLeftRegular />} aria-label={T.previous} disabled={waitingForGrid} onClick={() => step(-1)} />
        <Button icon={<ChevronRightRegular />} aria-label={T.next} disabled={waitingForGrid} onClick={() => step(1)} />
        <Text className={styles.title} aria-live="polite" data-testid="calendar-title">
          {title}
        </Text>
        {!cards &&
          (
            [
              ['dayGridMonth', T.month],
              ['timeGridWeek', T.week],
              ['timeGridDay', T.day],
            ] as const
          ).map(([view, label]) => (
            <ToggleButton key={view} checked={gridRange?.view === view} disabled={waitingForGrid} onClick={() => grid.current?.changeView(view)}>
              {label}
            </ToggleButton>
          ))}
        {roomOptions.length > 0 && (
          <Select aria-label={T.room} value={roomId} onChange={(_, picked) => setRoomId(picked.value)}>
            <option value="">{T.allRooms}</option>
            {roomOptions.map((room) => (
              <option key={room.id} value={room.id}>
                {`${T.room}: ${room.name}`}
              </option>
            ))}
          </Select>
        )}
      </Toolbar>
      {!browserIsInCopenhagen() && <Text size={200}>{T.otherZone}</Text>}
      <Legend />
      {/* Not beside the grid's own placeholder, which says the same until the grid is drawn. */}
      <div className={styles.loading}>{loading && (cards || gridDrawn) && <Spinner size="tiny" label={texts.calendar.title} labelPosition="after" />}</div>
      {error && <LoadError title={T.loadFailed} detail={error} retryLabel={T.retry} onRetry={() => void retry()} />}
      <div className={styles.grid}>
        {cards ? (
          // Until every part of the day has loaded (or while one failed) no row is offered as free.
          <CardCalendar day={day} data={complete ? shown : null} onSlot={onSlot} onOpen={onOpen} />
        ) : (
          gridDrawn ? (
            <GridCalendar
              ref={grid}
              data={gridData}
              initialView={dayView ? 'timeGridDay' : 'timeGridWeek'}
              onRange={onRange}
              onSlot={onSlot}
              onOpen={onOpen}
              onMove={onGridMove}
            />
          ) : (
            <GridPlaceholder />
          )
        )}
      </div>
      <Suspense fallback={null}>
        {overlay?.kind === 'create' && <CreateBookingDrawer api={api} at={overlay.at} therapist={shell.therapist} notify={notify} onClose={close} />}
        {overlay?.kind === 'event' && overlay.item.kind === 'course' && <CourseCard api={api} date={overlay.item.date} onClose={close} />}
        {overlay?.kind === 'event' && overlay.item.kind !== 'course' && (
          <EventDialog
            api={api}
            item={overlay.item}
            notify={notify}
            pages={shell.pages}
            dialogs={shell.dialogs}
            onClose={close}
            onEdit={() => overlay.item.kind === 'booking' && setOverlay({ kind: 'edit', booking: overlay.item.booking })}
          />
        )}
        {overlay?.kind === 'edit' && <EditBookingDrawer api={api} booking={overlay.booking} notify={notify} onClose={close} />}
        {overlay?.kind === 'feed' && <CalendarFeedDialog api={api} notify={notify} onClose={close} />}
        {overlay?.kind === 'opening' && (
          <OpeningHoursDialog api={api} colors={shell.therapist?.colors} start={range?.from ?? day} existing={data.openings} notify={notify} onClose={close} />
        )}
      </Suspense>
    </section>
  );
}

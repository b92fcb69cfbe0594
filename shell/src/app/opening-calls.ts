/**
 * The first calls of the page the app opens on, sent by bootstrap while the page's code still downloads (the action
 * client's `prefetch`): the page's own calls then take these answers instead of asking only after its code has
 * arrived and rendered. On a slow phone that takes a round trip and the page's first render off the way to a
 * usable /Kalender.
 *
 * Only calls a page is known to make first, with the same input: a call that does not match (another period, a page
 * that changed, a session that ended meanwhile) simply asks the server itself, and an answer nobody takes is dropped,
 * so a wrong entry here costs a request, never a wrong answer. A journey in e2e/tests/first-load.spec.ts checks that
 * opening /Kalender sends each of these once, before the page's code has arrived.
 */
import type { ActionClient } from '@klinik/core/client';
import { isPlanBlocked } from '@klinik/core/rules';
import type { RuntimeConfig } from '../config';
import { clientsFor } from '../session/clients';
import { readSession, type StoredSession } from '../session/storage';
import { MAIN_REMOTE_ROUTES, exactPath, openingRoute, type RemoteRoute } from './routes';

/** What the calendar page (mf-calendar routes/Calendar) asks for the period it opens on, in its first render. */
const CALENDAR_PERIOD_ACTIONS = ['getBookingsFromTherapist', 'getLeavesForDay', 'getOpeningHoursFromTherapist', 'getEventDatesFromTherapist', 'getHolidays'] as const;

/**
 * `route`: the therapist-area page the app opens on (null for any other). The main layout refreshes the therapist's
 * record on every page of that area; /Kalender then asks for its opening period.
 */
export function prefetchOpeningCalls(client: ActionClient, route: RemoteRoute | null, session: StoredSession): void {
  if (!route || !session.token || !session.therapist) return; // the guards send such a visit elsewhere
  void client.prefetch('getTherapist', {});
  if (route.page !== 'Calendar' || route.remote !== 'mf_calendar' || isPlanBlocked(session.therapist, Date.now())) return;
  // The shared time module, loaded here first: the calendar page then takes this copy ('loaded-first', module-config.mjs)
  // instead of fetching its own after its entry has started, one round trip later on a cold visit.
  import('@klinik/core/time')
    .then(({ calendarOpeningRange, narrowerThanQuery }) => {
      const period = calendarOpeningRange((px) => window.matchMedia(narrowerThanQuery(px)).matches, Date.now());
      for (const action of CALENDAR_PERIOD_ACTIONS) void client.prefetch(action, period);
    })
    .catch(() => undefined); // the page loads the same code and asks itself
}

/**
 * The same calls from index.ts, as soon as the runtime config is at hand: before React and the app's code have
 * loaded and run, which on a slow phone's first visit is seconds. Through the app's own clients
 * (session/clients.ts), so the page takes these answers. Only for an exact address; bootstrap.tsx asks again with
 * the router's matching, and a call already asked for is not sent twice.
 */
export function prefetchOpeningCallsEarly(config: RuntimeConfig): void {
  prefetchOpeningCalls(clientsFor(config.apiUrl).therapist, openingRoute(MAIN_REMOTE_ROUTES, exactPath), readSession());
}

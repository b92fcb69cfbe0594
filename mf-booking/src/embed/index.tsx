/**
 * The booking page's entry, `embed/bookingEntry.js`: a stable address, never cached (like remoteEntry.js), so other
 * documents can start the page without knowing this build's file names: the standalone page beside it
 * (embed/index.html, for iframes) and the shell's `/OnlineBooking` (shell/src/public-booking/). The page itself
 * (page.tsx) is a hashed, long-cached chunk; its config and the API client's ky are asked for at the same time,
 * not after it has run (a phone's round trips are the page's time).
 */
import { loadConfig } from './config';

loadConfig().catch(() => undefined);
import(/* webpackChunkName: "ky" */ 'ky').catch(() => undefined);
import(/* webpackChunkName: "page" */ './page').catch(() => {
  document.body.textContent = 'Bookingsiden kunne ikke indlæses. Tjek forbindelsen, og genindlæs siden.';
});

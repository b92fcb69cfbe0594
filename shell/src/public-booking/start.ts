/**
 * `/OnlineBooking?therapistId=…`, the address a clinic hands its clients: its own small document,
 * OnlineBooking.html, instead of the federated app. A client opens it cold on a phone from a text message, and the
 * app's first load (federation runtime, Fluent's contexts, the router) is twice what the wizard needs. This script
 * only finds where mf-booking is deployed (config.json) and starts its standalone page there (embed/bookingEntry.js,
 * a stable address), which renders the wizard into #root with React bundled and reads the API's address from this
 * document's config.json. A navigation inside the app to /OnlineBooking still gets the federated page
 * (app/routes.ts).
 */
import { loadRuntimeConfig } from '../config';

function failed() {
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<p class="boot" role="alert">Bookingsiden kunne ikke indlæses. Tjek forbindelsen, og genindlæs siden.</p>';
}

loadRuntimeConfig().then(
  (config) => {
    const script = document.createElement('script');
    script.src = new URL('embed/bookingEntry.js', new URL(config.remotes.mf_booking, window.location.href)).href;
    script.onerror = failed;
    document.head.append(script);
  },
  failed,
);

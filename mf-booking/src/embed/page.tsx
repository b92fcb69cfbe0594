/**
 * The standalone booking page (index.tsx loads it): the same wizard as the federated page, without the shell, with
 * React bundled (no federation). On a clinic's own website it is embed/index.html?therapistId=… in an iframe; the
 * shell's `/OnlineBooking` starts it too. Its runtime config comes from the document's own origin (`./config.json`:
 * mf-booking's `{ apiUrl }`, or the shell's).
 */
import { createRoot } from 'react-dom/client';
import { createActionClient } from '@klinik/core/client';
import { BookingWizard } from '../wizard/BookingWizard';
import { paymentReturnOf } from '../wizard/payment-return';
import { loadConfig } from './config';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const therapistId = new URLSearchParams(window.location.search).get('therapistId');
  try {
    const config = await loadConfig();
    const client = createActionClient({ apiUrl: config.apiUrl, getToken: () => null });
    // The page's one main landmark (the wizard is also a part of the shell's page, which has its own).
    root.render(
      <main>
        <BookingWizard client={client} therapistId={therapistId} portal={{ appUrl: config.appUrl, newTab: window.self !== window.top }} paymentReturn={paymentReturnOf(window.location.hash)} />
      </main>,
    );
  } catch {
    root.render(<p style={{ fontFamily: 'system-ui', padding: 16 }}>Bookingsiden kunne ikke starte. Prøv igen om lidt.</p>);
  }
}

void start();

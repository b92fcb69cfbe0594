/**
 * The standalone booking page for a clinic's own website (embed.html?therapistId=…, in an iframe): the same
 * wizard, without the shell, with React bundled (no federation). Its runtime config comes from the module's
 * own origin.
 */
import { createRoot } from 'react-dom/client';
import { createActionClient } from '@klinik/core/client';
import { BookingWizard } from '../wizard/BookingWizard';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const therapistId = new URLSearchParams(window.location.search).get('therapistId');
  try {
    const config = (await (await fetch('./config.json', { cache: 'no-store' })).json()) as { apiUrl: string };
    const client = createActionClient({ apiUrl: config.apiUrl, getToken: () => null });
    root.render(<BookingWizard client={client} therapistId={therapistId} />);
  } catch {
    root.render(<p style={{ fontFamily: 'system-ui', padding: 16 }}>Bookingsiden kunne ikke starte. Prøv igen om lidt.</p>);
  }
}

void start();

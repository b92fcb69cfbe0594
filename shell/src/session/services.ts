/**
 * What the shell hands to every remote page (ShellServices in @klinik/core): the API client of the page's session,
 * the therapist, and the addresses of pages the remote does not own, built here from the runtime config (where
 * mf-booking is deployed) and the route table (which module serves which path). Only layouts and remote pages use
 * it, so none of it is in the sign-in page's first load.
 */
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { PageLinks, PublicLinks, ShellServices, VideoGuideKey, VideoGuideLinks } from '@klinik/core/rules';
import { pagePath } from '../app/routes';
import { remoteBase, runtimeConfig } from '../config';
import { remoteDialogAtom, therapistAtom, useClients, useLogout, useSeparateLogout, useSyncSession, type Clients } from './session';
import { storeTherapist } from './storage';

const publicLinks: PublicLinks = {
  bookingPage: (therapistId) => `${window.location.origin}/OnlineBooking?therapistId=${encodeURIComponent(therapistId)}`,
  bookingEmbed: (therapistId) => `${remoteBase('mf_booking')}embed/index.html?therapistId=${encodeURIComponent(therapistId)}`,
  clientForm: (therapistId, ids) => `${window.location.origin}/ClientForm?therapistID=${therapistId}${ids.length ? `&ids=${ids.join(',')}` : ''}`,
};

/** The query parameters are the target page's own (mf-invoices reads bookingId, mf-clients id and journalId, mf-commerce returnTo). */
const pages: PageLinks = {
  invoiceForBooking: (bookingId) => `${pagePath('mf_invoices', 'Invoices')}?bookingId=${encodeURIComponent(bookingId)}`,
  bookingJournal: (clientId, bookingId) => `${pagePath('mf_clients', 'ClientData')}?id=${encodeURIComponent(clientId)}&journalId=${encodeURIComponent(bookingId)}`,
  newClient: () => pagePath('mf_clients', 'NewClientForm'),
  calendar: () => pagePath('mf_calendar', 'Calendar'),
  settings: (returnTo) => `${pagePath('mf_commerce', 'Settings')}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  importData: () => pagePath('mf_clients', 'ImportData'),
  videoGuides: () => pagePath('mf_commerce', 'VideoGuides'),
  addOns: () => pagePath('mf_commerce', 'AddOns'),
  invoicesForBookings: (bookingIds) => `${pagePath('mf_invoices', 'Invoices')}?bookingIds=${bookingIds.map(encodeURIComponent).join(',')}`,
  mergedStatementsForClient: (clientId) => `${pagePath('mf_invoices', 'Invoices')}?clientId=${encodeURIComponent(clientId)}`,
};

/** The files mf-commerce ships (mf-commerce/guides/, recorded from the product: e2e `npm run guides:record`). */
const SHIPPED_GUIDES: Record<VideoGuideKey, string> = { mergedInvoice: 'samlet-opgoerelse', imageUpload: 'klientbilleder' };

/** Where each video guide is: the runtime config's address (`videoGuides`), else the file mf-commerce ships. */
function videoGuideLinks(): VideoGuideLinks {
  const base = remoteBase('mf_commerce');
  const configured = runtimeConfig()?.videoGuides ?? {};
  const link = (key: VideoGuideKey) => {
    const own = configured[key];
    if (own?.video) return { video: own.video, poster: own.poster ?? null };
    return { video: `${base}guides/${SHIPPED_GUIDES[key]}.webm`, poster: `${base}guides/${SHIPPED_GUIDES[key]}.jpg` };
  };
  return { mergedInvoice: link('mergedInvoice'), imageUpload: link('imageUpload') };
}

/** The meeting calendar's address (runtime config `meetingUrl`), if it is an http(s) address; else none. */
function meetingUrl(): string | null {
  const configured = runtimeConfig()?.meetingUrl;
  if (typeof configured !== 'string') return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The services handed to a remote page of the therapist area. */
export function useShellServices(kind: keyof Clients = 'therapist'): ShellServices {
  const clients = useClients();
  const [therapist, setTherapist] = useAtom(therapistAtom);
  const sync = useSyncSession();
  const refreshTherapist = useCallback(async () => {
    const answer = await clients.therapist.call('getTherapist', {});
    storeTherapist(answer.data);
    setTherapist(answer.data);
    sync();
    return answer.data;
  }, [clients, setTherapist, sync]);
  const therapistLogout = useLogout();
  const separateLogout = useSeparateLogout(kind === 'therapist' ? 'admin' : kind);
  const logout = kind === 'therapist' ? therapistLogout : separateLogout;
  const openDialog = useSetAtom(remoteDialogAtom);
  const dialogs = useMemo(
    () => ({ invoiceForBooking: (bookingId: string) => openDialog({ remote: 'mf_invoices', expose: 'BookingInvoiceDialog', params: { bookingId } }) }),
    [openDialog],
  );
  return useMemo(
    () => ({ client: clients[kind], therapist, refreshTherapist, logout, publicLinks, pages, videoGuides: videoGuideLinks(), meetingUrl: meetingUrl(), dialogs }),
    [clients, kind, therapist, refreshTherapist, logout, dialogs],
  );
}

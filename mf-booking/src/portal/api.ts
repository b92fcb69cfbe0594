/**
 * The portal's calls with the session's token. Any 401 of the portal session (ended, idle, revoked) reaches
 * `onSignedOut` once, whichever part of the page made the call, so the page goes back to the e-mail form.
 */
import { ActionError, type ActionClient } from '@klinik/core/client';

export function portalApi(client: ActionClient, portalToken: string, onSignedOut: () => void) {
  async function guard<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (reason) {
      if (reason instanceof ActionError && reason.status === 401) onSignedOut();
      throw reason;
    }
  }
  return {
    portal: () => guard(client.call('getClientPortal', { portalToken })),
    invoice: (invoiceId: string) => guard(client.call('getClientPortalInvoice', { portalToken, invoiceId })),
    freeTimes: (bookingId: string, from: number, to: number) => guard(client.call('getClientPortalFreeTimes', { portalToken, bookingId, from, to })),
    cancel: (bookingId: string) => guard(client.call('clientPortalCancelBooking', { portalToken, bookingId })),
    move: (bookingId: string, from: number) => guard(client.call('clientPortalMoveBooking', { portalToken, bookingId, from })),
    setDetails: (details: { phonePrivate?: string; address?: string; post?: string; town?: string; email?: string }) =>
      guard(client.call('setClientPortalDetails', { portalToken, ...details })),
    addBooking: (input: { therapistId: string; treatmentId: string; from: number; reason: string }) => guard(client.call('clientPortalAddBooking', { portalToken, ...input })),
    exportData: () => guard(client.call('clientPortalExport', { portalToken })),
    requestJournal: () => guard(client.call('requestClientPortalJournal', { portalToken })),
    joinWaitlist: (wishes: { treatmentId: string; days: number[]; fromTime: string; toTime: string }) => guard(client.call('clientPortalJoinWaitlist', { portalToken, ...wishes })),
    signOut: () => client.call('clientPortalSignOut', { portalToken }),
  };
}

export type PortalApi = ReturnType<typeof portalApi>;

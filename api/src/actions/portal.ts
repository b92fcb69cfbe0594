/** 'Mine tider', the clients' own page (core/src/actions/portal.ts). Thin: the portal session opens in domain/portal/session.ts. */
import { portalMessages, type portalActions } from '@klinik/core';
import { addPortalBooking } from '../domain/portal/book.js';
import { portalCancelBooking, portalFreeTimes, portalMoveBooking } from '../domain/portal/changes.js';
import { confirmPortalEmail, setPortalDetails } from '../domain/portal/details.js';
import { portalExport, requestPortalJournal } from '../domain/portal/export.js';
import { openPortal, portalSignIn, portalSignOut, requestPortalLink } from '../domain/portal/session.js';
import { clientPortal, clientPortalInvoice } from '../domain/portal/view.js';
import type { Handlers } from './types.js';

export const portalHandlers: Handlers<keyof typeof portalActions> = {
  async requestClientPortalLink(input, ctx) {
    await requestPortalLink(ctx, input);
    return { message: portalMessages.linkSent };
  },
  clientPortalSignIn: async ({ linkToken }, ctx) => ({ data: await portalSignIn(ctx, linkToken) }),
  async clientPortalSignOut({ portalToken }, ctx) {
    await portalSignOut(ctx, portalToken);
    return { message: portalMessages.sessionEnded };
  },
  getClientPortal: async ({ portalToken }, ctx) => ({ data: await clientPortal(ctx, await openPortal(ctx, portalToken)) }),
  getClientPortalInvoice: async ({ portalToken, invoiceId }, ctx) => ({ data: await clientPortalInvoice(await openPortal(ctx, portalToken), invoiceId) }),
  getClientPortalFreeTimes: async ({ portalToken, ...input }, ctx) => ({ data: await portalFreeTimes(ctx, await openPortal(ctx, portalToken), input) }),
  async clientPortalCancelBooking({ portalToken, bookingId }, ctx) {
    await portalCancelBooking(ctx, await openPortal(ctx, portalToken), bookingId);
    return { message: portalMessages.bookingCancelled };
  },
  async clientPortalMoveBooking({ portalToken, ...input }, ctx) {
    const data = await portalMoveBooking(ctx, await openPortal(ctx, portalToken), input);
    return { message: portalMessages.bookingMoved, data };
  },
  async clientPortalAddBooking({ portalToken, ...input }, ctx) {
    const data = await addPortalBooking(ctx, await openPortal(ctx, portalToken), input);
    return { message: portalMessages.booked, data };
  },
  setClientPortalDetails: async ({ portalToken, ...input }, ctx) => setPortalDetails(ctx, await openPortal(ctx, portalToken), input),
  async confirmClientPortalEmail({ linkToken }, ctx) {
    await confirmPortalEmail(ctx, linkToken);
    return { message: portalMessages.emailConfirmed };
  },
  clientPortalExport: async ({ portalToken }, ctx) => ({ data: await portalExport(ctx, await openPortal(ctx, portalToken)) }),
  async requestClientPortalJournal({ portalToken }, ctx) {
    await requestPortalJournal(ctx, await openPortal(ctx, portalToken));
    return { message: portalMessages.journalRequested };
  },
};

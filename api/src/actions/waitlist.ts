/** The waiting list for ordinary treatments (core/src/actions/waitlist.ts). Thin: the rules are in domain/waitlist/. */
import { waitlistMessages, type waitlistActions } from '@klinik/core';
import { openPortal } from '../domain/portal/session.js';
import { acceptWaitlistOffer, showWaitlistOffer } from '../domain/waitlist/accept.js';
import { addWaitlistEntry, joinWaitlistFromBookingPage, joinWaitlistFromPortal, listWaitlist, removeWaitlistEntry } from '../domain/waitlist/entries.js';
import type { Handlers } from './types.js';

export const waitlistHandlers: Handlers<keyof typeof waitlistActions> = {
  addWaitlistEntry: async (input, ctx) => ({ message: waitlistMessages.added, data: await addWaitlistEntry(ctx, input) }),
  getWaitlist: async (input, ctx) => ({ data: await listWaitlist(ctx, input) }),
  async removeWaitlistEntry({ id }, ctx) {
    await removeWaitlistEntry(ctx, id);
    return { message: waitlistMessages.removed };
  },
  async clientPortalJoinWaitlist({ portalToken, ...input }, ctx) {
    await joinWaitlistFromPortal(ctx, await openPortal(ctx, portalToken), input);
    return { message: waitlistMessages.joined };
  },
  async clientJoinWaitlist(input, ctx) {
    await joinWaitlistFromBookingPage(ctx, input);
    return { message: waitlistMessages.joinRequested };
  },
  getWaitlistOffer: async (input, ctx) => ({ data: await showWaitlistOffer(ctx, input) }),
  acceptWaitlistOffer: async (input, ctx) => ({ message: waitlistMessages.accepted, data: await acceptWaitlistOffer(ctx, input) }),
};

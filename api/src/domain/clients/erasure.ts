/**
 * Erasing a client (deleteClient): the client and everything recorded about them. Refused while a booking lies ahead
 * (the calendar would keep a booking without a client). Order: the client first (it disappears from every list), then
 * what hangs on it, in the whole clinic (a colleague's bookings and journals of this client go too). Issued invoices
 * stay five years (bookkeeping law) with only what bookkeeping needs (domain/invoices/retention.ts), cut first so that
 * a crash half-way never leaves a health note on them. What is kept of each record type, and for how long, is the
 * table in docs/security.md, 'Health data goes only where it must'.
 */
import { clientMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ConflictError } from '../../errors.js';
import { removeImagesOf } from '../images/images.js';
import { keepForBookkeepingOnly } from '../invoices/retention.js';
import { visibleClient } from './clients.js';

export async function eraseClient(ctx: TherapistContext, id: string): Promise<void> {
  const client = await visibleClient(ctx, id);
  const clinic = ctx.db.clinic('erasure');
  const upcoming = await clinic.Booking.exists({ clientId: client._id, to: { $gt: ctx.now() } });
  if (upcoming) throw new ConflictError(clientMessages.clientHasUpcomingBookings);
  await keepForBookkeepingOnly(ctx.db, client._id, ctx.now());
  await clinic.Client.deleteOne({ _id: client._id });
  const ofClient = { clientId: client._id };
  const bookings = await clinic.Booking.find(ofClient, { _id: 1 }).lean();
  await clinic.Booking.deleteMany(ofClient);
  for (const booking of bookings) await ctx.db.slots.release(booking._id);
  await removeImagesOf(ctx, client._id);
  // Course seats the client held are given back (a seat of an erased participant would stay taken for good).
  const participations = await clinic.EventDateClient.find(ofClient, { _id: 1 }).lean();
  for (const row of participations) await ctx.db.seats.release({ ref: row._id });
  await Promise.all([
    clinic.Journal.deleteMany(ofClient),
    clinic.CustomField.deleteMany(ofClient),
    clinic.FieldComment.deleteMany(ofClient),
    clinic.Revision.deleteMany(ofClient),
    clinic.EventDateClient.deleteMany(ofClient),
    clinic.IntakeLinkUse.deleteMany(ofClient),
    // A place on a waiting list, and the times offered from it, say what the client wanted treated.
    clinic.WaitlistEntry.deleteMany(ofClient),
    clinic.WaitlistOffer.deleteMany(ofClient),
    ctx.db.stamjournalSeeds.forget(client._id.toString()),
  ]);
}

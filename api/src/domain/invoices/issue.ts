/**
 * Issuing an invoice or a credit note from a booking. A booking is invoiced once per cycle: the invoice claim
 * (`<booking>:<credit notes so far>:inv|cred`, data/concurrency/claim-with-recovery.ts) decides a race before a number
 * is taken, and a credit note frees the booking for a new invoice. Invoices and credit notes are never deleted
 * (Danish bookkeeping rules).
 */
import { Types } from 'mongoose';
import { bookingRefundMessages, type Invoice, type InvoiceSnapshot, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { claimWithRecovery, ORPHAN_AFTER_MS } from '../../data/concurrency/claim-with-recovery.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, InvoiceDoc } from '../../models/index.js';
import { noteClientRead } from '../access-log/record.js';
import { queueIssuedInvoice } from '../accounting/issued.js';
import { insertNumbered } from './numbering.js';
import { buildSnapshot, creditSnapshot } from './snapshot.js';
import { asIssued, copenhagenYear, toInvoice } from './views.js';

const ALREADY_INVOICED = 'Bookingen er allerede faktureret. Lav en kreditnota, hvis fakturaen skal annulleres.';

async function visibleBooking(ctx: TherapistContext, bookingId: string): Promise<BookingDoc> {
  const booking = await ctx.db.Booking.findById(new Types.ObjectId(bookingId)).lean();
  if (!booking) throw new NotFoundError('Bookingen findes ikke');
  if (!booking.treatmentId) throw new ValidationError('Et fravær kan ikke faktureres');
  return booking;
}

async function invoiceOfBooking(ctx: TherapistContext, booking: BookingDoc): Promise<InvoiceDoc> {
  const invoice = booking.invoiceId ? await ctx.db.clinic('invoice-of-a-visible-record').Invoice.findById(booking.invoiceId).lean() : null;
  if (!invoice) throw new ConflictError('Bookingen har ingen faktura at kreditere');
  return invoice;
}

export async function previewInvoice(ctx: TherapistContext, input: ParsedInput<'getInvoicePreview'>): Promise<InvoiceSnapshot> {
  const booking = await visibleBooking(ctx, input.bookingId);
  // The snapshot carries the client's CPR number and journal texts: a read for the access log.
  noteClientRead(ctx, { clientIds: [booking.clientId] });
  const now = ctx.now();
  if (!input.settings.type) {
    const original = await invoiceOfBooking(ctx, booking);
    return creditSnapshot(original.snapshots[0] as InvoiceSnapshot, 'Udkast', now);
  }
  if (booking.invoiceId) throw new ConflictError(ALREADY_INVOICED);
  return buildSnapshot(ctx, booking, input.settings, 'Udkast', now, input.extraTreatmentIds);
}

/**
 * Claims this invoicing step of the booking (once per cycle), or 409 with `conflictMessage`. An unfinished claim is
 * settled by what exists (data/concurrency/claim-with-recovery.ts): an invoice carrying the claim's id means a crashed
 * request issued it, so it is linked to the claim and the booking (what that request would have done next) and never
 * issued again; with no such invoice, a claim older than a minute is taken over. Deleting a booking takes the same
 * claim (scheduling/bookings.ts), so a booking is never deleted while its invoice is being issued.
 */
export async function claimBooking(
  ctx: Pick<TherapistContext, 'db' | 'now'>,
  booking: BookingDoc,
  kind: 'inv' | 'cred',
  conflictMessage = kind === 'inv' ? 'Bookingen er allerede faktureret' : 'Fakturaen er allerede krediteret',
): Promise<{ id: string; holder: string }> {
  const credits = await ctx.db.clinic('invoice-of-a-visible-record').Invoice.countDocuments({ bookingId: booking._id, isCredit: true });
  const id = `${booking._id.toString()}:${credits}:${kind}`;
  const now = ctx.now();
  const holder = await claimWithRecovery(
    {
      insert: (token) => ctx.db.InvoiceClaim.create({ _id: id, createdAt: now, holder: token }),
      find: () => ctx.db.InvoiceClaim.findById(id).lean(),
      settle: async (claim) => {
        if (claim.invoiceId) return 'held';
        const issued = await ctx.db.clinic('invoice-numbering').Invoice.findOne({ claimId: id }, { _id: 1, isCredit: 1 }).lean();
        if (issued) {
          await linkIssued(ctx, id, booking._id, issued);
          return 'held';
        }
        return claim.createdAt < now - ORPHAN_AFTER_MS ? 'abandoned' : 'held';
      },
      removeAbandoned: (previous) => ctx.db.InvoiceClaim.deleteOne({ _id: id, holder: previous, invoiceId: null }),
    },
    conflictMessage,
  );
  return { id, holder };
}

/** What follows an issued invoice or credit note: its claim and its booking point at it (repeatable). */
async function linkIssued(ctx: Pick<TherapistContext, 'db'>, claimId: string, bookingId: Types.ObjectId, issued: { _id: Types.ObjectId; isCredit?: boolean | null }): Promise<void> {
  await ctx.db.InvoiceClaim.updateOne({ _id: claimId }, { $set: { invoiceId: issued._id } });
  // The booking turns blue with its invoice, and back once credited (it may then be invoiced again).
  await ctx.db.Booking.updateOne({ _id: bookingId }, { $set: { invoiceId: issued.isCredit ? null : issued._id }, $inc: { version: 1 } });
}

export async function issueInvoice(ctx: TherapistContext, input: ParsedInput<'addInvoice'>): Promise<Invoice> {
  const booking = await visibleBooking(ctx, input.bookingId);
  const now = ctx.now();
  const year = copenhagenYear(now);
  const credit = !input.settings.type;
  let original: InvoiceDoc | null = null;
  let draft: InvoiceSnapshot;
  if (credit) {
    original = await invoiceOfBooking(ctx, booking);
    // Money taken at online booking goes back by 'Refundér' (booking-payments/refunds.ts), whose credit notes come with
    // the refund: a credit note alone would say the money went back while the clinic's account still holds it.
    if (await ctx.db.BookingPayment.exists({ _id: booking._id, invoiceId: original._id, state: 'paid' })) throw new ConflictError(bookingRefundMessages.useRefund);
    draft = creditSnapshot(original.snapshots[0] as InvoiceSnapshot, '', now);
  } else {
    if (booking.invoiceId) throw new ConflictError(ALREADY_INVOICED);
    draft = await buildSnapshot(ctx, booking, input.settings, '', now, input.extraTreatmentIds);
  }
  const claim = await claimBooking(ctx, booking, credit ? 'cred' : 'inv');
  const company = (await ctx.db.Company.findById(ctx.company._id).lean())!;
  const takenOver = () => new ConflictError(credit ? 'Fakturaen er allerede krediteret' : 'Bookingen er allerede faktureret');
  // A request so slow that its claim was taken over stops here rather than issue a second invoice; one that stalls
  // after this check is refused at the insert by the unique index on `claimId` (models/invoices.ts).
  if (!(await ctx.db.InvoiceClaim.exists({ _id: claim.id, holder: claim.holder }))) throw takenOver();
  const { id } = await insertNumbered(ctx.db, company, year, (seq, number, _id) => ({
    _id,
    claimId: claim.id,
    therapistId: booking.therapistId,
    clientId: booking.clientId,
    bookingId: booking._id,
    bookingFrom: booking.from,
    year,
    seq,
    number,
    isCredit: credit,
    creditForId: original?._id ?? null,
    nameFirst: draft.client.nameFirst,
    nameLast: draft.client.nameLast,
    CPR: draft.client.CPR,
    totalOre: draft.amounts.totalOre,
    snapshots: [{ ...draft, number }],
    createdBy: ctx.therapist._id,
    createdAt: now,
  })).catch((error: unknown) => {
    if (isDuplicateKeyError(error)) throw takenOver();
    throw error;
  });
  await linkIssued(ctx, claim.id, booking._id, { _id: id, isCredit: credit });
  // To the accounting system, when connected: queued, never waited for (a failure never blocks issuing).
  await queueIssuedInvoice(ctx, id);
  return toInvoice((await ctx.db.clinic('invoice-of-a-visible-record').Invoice.findById(id).lean())!, asIssued(now));
}

/**
 * Whether invoices are paid. An invoice is unpaid, overdue (unpaid after its due date, by the clock),
 * paid (marked with the day and the way it came in) or credited (a credit note settles it); credit notes, merged
 * statements and imported invoices have no status of their own.
 *
 * Every change is an insert into the invoice's ledger (`InvoiceEvent`, models/invoices.ts) under the next number,
 * `<invoice>:payment:<n>`: of two requests changing the same status at the same moment exactly one inserts, the
 * other answers 409 and changes nothing (FerretDB 1.24 is atomic only on `_id` at insert:
 * docs/decisions/0004-concurrency-by-id-claims.md, docs/decisions/0015-invoice-payment-status-as-a-ledger.md). The
 * invoice then carries what the ledger decided (`paidOn` …, `paymentSeq` = n), which is what the list filters on.
 * A request that stops between the two leaves the invoice behind its ledger: the next change of that invoice finds
 * number n taken, brings the invoice up to the ledger, and answers 409 ('changed meanwhile'), so nothing is lost.
 *
 * A reminder ('rykker') is the same: `<invoice>:reminder:<n>`, inserted only when reminder n − 1 is at least
 * REMINDER_INTERVAL_DAYS old. Two requests both seeing n − 1 old enough both try n, and one of them inserts, so at
 * most one reminder goes per invoice in that interval however many requests race. A reminder whose mail cannot go
 * (the mail budget is used up, the mail server refuses) is removed again by the request that made it; one cut off by
 * a crash counts as sent (it may have been: fewer mails rather than two).
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { addDaysToDateKey, copenhagenDateKey, formatDanishDate, nextReminderFrom, type Invoice, type ParsedInput, type PaymentMethod } from '@klinik/core';
import { invoiceReminderMessage } from '../../adapters/mail/invoice-reminder-mail.js';
import type { TherapistContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, ValidationError } from '../../errors.js';
import type { InvoiceDoc } from '../../models/index.js';
import type { InvoiceEventDoc } from '../../models/invoices.js';
import { queuePayment } from '../accounting/issued.js';
import { assertMailBudget } from '../contact/outbound.js';
import { invoicePdf } from './mail.js';
import { visibleInvoice } from './queries.js';
import { paymentView } from './payment-facts.js';
import { toInvoice } from './views.js';

export const paymentMessages = {
  notPayable: 'En kreditnota, en samlet opgørelse eller en importeret faktura har ingen betalingsstatus',
  alreadyPaid: 'Fakturaen er allerede markeret som betalt',
  credited: (creditNote: string) => `Fakturaen er krediteret (kreditnota ${creditNote}) og skal ikke betales`,
  notPaid: 'Fakturaen er ikke markeret som betalt',
  changed: 'Fakturaens betalingsstatus er lige blevet ændret. Hent fakturaen igen, og prøv derefter igen.',
  paidInFuture: 'Betalingsdatoen kan ikke ligge i fremtiden',
  paidLongBefore: 'Betalingsdatoen kan højst ligge et år før fakturadatoen',
  paidNoReminder: 'Fakturaen er betalt',
  notOverdue: (dueDate: string) => `Fakturaen er ikke forfalden før efter ${dueDate}`,
  noEmail: 'Klienten har ingen e-mailadresse i klientdata, så rykkeren kan ikke sendes',
  reminderTooSoon: (sent: string, next: string) => `Der er sendt en rykker for fakturaen ${sent}. Den næste kan sendes fra ${next}.`,
  reminderJustSent: 'Der er lige sendt en rykker for fakturaen',
} as const;

const PAYMENT_EVENTS: ('paid' | 'unpaid')[] = ['paid', 'unpaid'];

/** An invoice the caller sees (the invoice rule: a therapist their own, the owner all) that has a payment status. */
async function payableInvoice(ctx: TherapistContext, id: string): Promise<InvoiceDoc> {
  const invoice = await visibleInvoice(ctx, id);
  if (invoice.isMerged || invoice.isCredit || invoice.overdueFrom === null || invoice.overdueFrom === undefined) throw new ValidationError(paymentMessages.notPayable);
  return invoice;
}

/** An invoice as answered, status and all. */
export async function invoiceWithPayment(ctx: TherapistContext, id: Types.ObjectId | string): Promise<Invoice> {
  const invoice = await visibleInvoice(ctx, id.toString());
  return toInvoice(invoice, await paymentView(ctx, [invoice]));
}

function nameOf(ctx: TherapistContext): string {
  return `${ctx.therapist.nameFirst ?? ''} ${ctx.therapist.nameLast ?? ''}`.trim();
}

/** Writes what a payment event decided onto its invoice, unless the invoice is at that event or later already. */
async function project(ctx: TherapistContext, invoiceId: Types.ObjectId, event: Pick<InvoiceEventDoc, 'kind' | 'seq' | 'at' | 'byName' | 'paidOn' | 'method'>): Promise<void> {
  const paid = event.kind === 'paid';
  await ctx.db.clinic('invoice-of-a-visible-record').Invoice.updateOne(
    { _id: invoiceId, paymentSeq: { $lt: event.seq } },
    {
      $set: {
        paymentSeq: event.seq,
        paidOn: paid ? event.paidOn : null,
        paymentMethod: paid ? event.method : null,
        paidMarkedByName: paid ? event.byName : null,
        paidMarkedAt: paid ? event.at : null,
      },
    },
  );
}

/** Brings an invoice left behind its ledger (a request stopped between the two writes) up to the ledger. */
async function catchUp(ctx: TherapistContext, invoice: InvoiceDoc): Promise<void> {
  const [latest] = await ctx.db.InvoiceEvent.find({ invoiceId: invoice._id, kind: { $in: PAYMENT_EVENTS }, seq: { $gt: invoice.paymentSeq ?? 0 } })
    .sort({ seq: -1 })
    .limit(1)
    .lean();
  if (latest) await project(ctx, invoice._id, latest);
}

/** The next change of an invoice's payment status, or 409 when another took that place first. */
async function changePayment(ctx: TherapistContext, invoice: InvoiceDoc, change: { kind: 'paid'; paidOn: string; method: PaymentMethod } | { kind: 'unpaid' }): Promise<void> {
  const seq = (invoice.paymentSeq ?? 0) + 1;
  const event = {
    _id: `${invoice._id.toHexString()}:payment:${seq}`,
    invoiceId: invoice._id,
    kind: change.kind,
    seq,
    at: ctx.now(),
    by: ctx.therapist._id,
    byName: nameOf(ctx),
    paidOn: change.kind === 'paid' ? change.paidOn : null,
    method: change.kind === 'paid' ? change.method : null,
  };
  try {
    await ctx.db.InvoiceEvent.create(event);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await catchUp(ctx, invoice);
    throw new ConflictError(paymentMessages.changed);
  }
  await project(ctx, invoice._id, event);
}

async function creditNoteOf(ctx: TherapistContext, invoiceId: Types.ObjectId): Promise<string | null> {
  const credit = await ctx.db.clinic('invoice-of-a-visible-record').Invoice.findOne({ isCredit: true, creditForId: invoiceId }, { number: 1 }).lean();
  return credit ? credit.number : null;
}

export async function markPaid(ctx: TherapistContext, input: ParsedInput<'setInvoicePaid'>): Promise<Invoice> {
  const invoice = await payableInvoice(ctx, input.id);
  const today = copenhagenDateKey(ctx.now());
  if (input.paidOn > today) throw new ValidationError(paymentMessages.paidInFuture, { paidOn: paymentMessages.paidInFuture });
  // A typo of the year (0226 for 2026) is caught; a payment made well ahead of the invoice (a course paid early) is not.
  if (input.paidOn < addDaysToDateKey(copenhagenDateKey(invoice.createdAt), -366)) {
    throw new ValidationError(paymentMessages.paidLongBefore, { paidOn: paymentMessages.paidLongBefore });
  }
  if (invoice.paidOn) throw new ConflictError(paymentMessages.alreadyPaid);
  const creditNote = await creditNoteOf(ctx, invoice._id);
  if (creditNote) throw new ConflictError(paymentMessages.credited(creditNote));
  await changePayment(ctx, invoice, { kind: 'paid', paidOn: input.paidOn, method: input.method });
  await queuePayment(ctx, invoice._id);
  return invoiceWithPayment(ctx, invoice._id);
}

/** The owner's undo of 'Markér som betalt' (the action is the owner's only). */
export async function markUnpaid(ctx: TherapistContext, id: string): Promise<Invoice> {
  const invoice = await payableInvoice(ctx, id);
  if (!invoice.paidOn) throw new ConflictError(paymentMessages.notPaid);
  await changePayment(ctx, invoice, { kind: 'unpaid' });
  return invoiceWithPayment(ctx, invoice._id);
}

export async function sendReminder(ctx: TherapistContext, id: string): Promise<Invoice> {
  const invoice = await payableInvoice(ctx, id);
  const now = ctx.now();
  const payment = toInvoice(invoice, await paymentView(ctx, [invoice])).payment!;
  if (payment.status === 'paid') throw new ConflictError(paymentMessages.paidNoReminder);
  if (payment.status === 'credited') throw new ConflictError(paymentMessages.credited(payment.creditedBy ?? ''));
  const dueDate = formatDanishDate(invoice.overdueFrom! - 1);
  if (payment.status !== 'overdue') throw new ConflictError(paymentMessages.notOverdue(dueDate));
  // Only to the client's address on record, whoever's client it is (the invoice is the caller's); never a typed one.
  const client = await ctx.db.clinic('invoice-recipient').Client.findById(invoice.clientId, { email: 1, nameFirst: 1 }).lean();
  const to = client?.email?.trim() ?? '';
  if (!to) throw new ConflictError(paymentMessages.noEmail);

  const [last] = await ctx.db.InvoiceEvent.find({ invoiceId: invoice._id, kind: 'reminder' }).sort({ seq: -1 }).limit(1).lean();
  if (last && now < nextReminderFrom(last.at)) throw new ConflictError(paymentMessages.reminderTooSoon(formatDanishDate(last.at), formatDanishDate(nextReminderFrom(last.at))));
  const seq = (last?.seq ?? 0) + 1;
  const reminderId = `${invoice._id.toHexString()}:reminder:${seq}`;
  const holder = randomUUID();
  try {
    await ctx.db.InvoiceEvent.create({ _id: reminderId, invoiceId: invoice._id, kind: 'reminder', seq, at: now, by: ctx.therapist._id, byName: nameOf(ctx), holder });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(paymentMessages.reminderJustSent);
    throw error;
  }
  try {
    await assertMailBudget(ctx, 1);
    const snapshot = (invoice.snapshots ?? [])[0] as { company?: { regNumber?: string; accountNumber?: string; mobilePay?: string } } | undefined;
    await ctx.services.mailer.send(
      invoiceReminderMessage(to, {
        number: invoice.number,
        clinicName: ctx.company.companyName,
        clinicEmail: ctx.company.email ?? '',
        clinicPhone: ctx.company.phone ?? '',
        clientFirstName: client?.nameFirst ?? '',
        totalOre: invoice.totalOre ?? 0,
        dueDate,
        // The payment details the invoice printed: the client pays what and where the invoice says.
        regNumber: snapshot?.company?.regNumber ?? '',
        accountNumber: snapshot?.company?.accountNumber ?? '',
        mobilePay: snapshot?.company?.mobilePay ?? '',
        pdf: await invoicePdf(invoice),
      }),
    );
  } catch (error) {
    await ctx.db.InvoiceEvent.deleteOne({ _id: reminderId, holder });
    throw error;
  }
  return invoiceWithPayment(ctx, invoice._id);
}

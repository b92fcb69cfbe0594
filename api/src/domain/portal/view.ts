/**
 * What a signed-in client sees on 'Mine tider': their details, their bookings with every therapist of the clinic
 * (their own data, whoever treated them), their course seats, invoices and credit notes, and the clinic's rule.
 * Every query names `portal.clientId`; the therapists, treatments and courses the rows mention are read in one batch
 * each, so the page costs the same few queries however many bookings the client has.
 */
import type { Types } from 'mongoose';
import { DEFAULT_CANCEL_NOTICE_HOURS, messages, type ClientPortal, type InvoiceSnapshot, type PortalBooking } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { BookingDoc, BookingPaymentDoc, ClientDoc, InvoiceDoc, TherapistDoc } from '../../models/index.js';
import { clinicAddress } from '../contact/texts.js';
import { pendingPortalEmail, type Portal } from './session.js';

const HOUR_MS = 3_600_000;
/** The past bookings shown (the newest); upcoming ones are all shown, up to a bound no client reaches. */
const PAST_BOOKINGS = 50;
const UPCOMING_BOOKINGS = 500;
const COURSE_SEATS = 200;
const INVOICES = 200;

type TherapistBrief = Pick<TherapistDoc, '_id' | 'nameFirst' | 'nameLast' | 'cancelNoticeHours'>;
type BookingBrief = Pick<BookingDoc, 'therapistId' | 'treatmentId' | 'treatmentName' | 'from' | 'to' | 'invoiceId' | 'journalId'> & { _id: Types.ObjectId };
/** A booking's payment at online booking, as the portal reads it (its `_id` is the booking's). */
export type PaymentBrief = Pick<BookingPaymentDoc, 'state' | 'kind' | 'amountOre' | 'priceOre' | 'refundedOre' | 'method' | 'invoiceId' | 'acceptance'> & { _id: Types.ObjectId };

const PAYMENT_FIELDS = { state: 1, kind: 1, amountOre: 1, priceOre: 1, refundedOre: 1, method: 1, invoiceId: 1, acceptance: 1 } as const;

/** The payments made at online booking for these bookings (a payment's id is its booking's), by booking id. */
export async function paymentsOf(portal: Pick<Portal, 'db' | 'clientId'>, bookingIds: readonly Types.ObjectId[]): Promise<Map<string, PaymentBrief>> {
  if (bookingIds.length === 0) return new Map();
  const found = (await portal.db.BookingPayment.find({ _id: { $in: bookingIds }, clientId: portal.clientId }, PAYMENT_FIELDS).lean()) as PaymentBrief[];
  return new Map(found.map((payment) => [payment._id.toHexString(), payment]));
}

/**
 * Whether the booking's invoice is only its payment's (the paid invoice, or the one a deposit is paid on account of):
 * that one is refunded with a credit note when the client cancels, so it keeps the booking no more than no invoice.
 */
function invoicedOnlyByPayment(booking: BookingBrief, payment: PaymentBrief | null | undefined): boolean {
  return Boolean(booking.invoiceId && payment?.invoiceId && booking.invoiceId.equals(payment.invoiceId));
}

function portalPayment(payment: PaymentBrief | null | undefined): PortalBooking['payment'] {
  // An unpaid hold that lapsed is no booking's payment any more.
  if (!payment || payment.state === 'expired') return null;
  return {
    state: payment.state,
    kind: payment.kind,
    amountOre: payment.amountOre,
    priceOre: payment.priceOre,
    refundedOre: payment.refundedOre ?? 0,
    method: payment.method ?? null,
    rule: payment.acceptance.text,
  };
}

/** The notice that applies to a booking: its own therapist's rule. */
export function cancelNoticeMs(therapist: Pick<TherapistDoc, 'cancelNoticeHours'>): number {
  return (therapist.cancelNoticeHours ?? DEFAULT_CANCEL_NOTICE_HOURS) * HOUR_MS;
}

/**
 * A booking as the portal shows it. Moving is allowed until the notice; cancelling too, unless the booking is
 * invoiced (other than by its own payment at booking, which is then refunded) or journaled (`hasJournal`: a journal
 * written on it), which the calendar's own removal refuses.
 */
export function portalBooking(booking: BookingBrief, therapist: TherapistBrief, company: Portal['company'], now: number, hasJournal: boolean, payment: PaymentBrief | null = null): PortalBooking {
  const changeDeadline = booking.from - cancelNoticeMs(therapist);
  const mayChange = booking.from > now && now < changeDeadline;
  return {
    id: booking._id.toString(),
    from: booking.from,
    to: booking.to,
    treatmentId: booking.treatmentId ? booking.treatmentId.toString() : null,
    treatmentName: booking.treatmentName ?? '',
    therapistId: booking.therapistId.toString(),
    therapistName: `${therapist.nameFirst} ${therapist.nameLast}`.trim(),
    address: clinicAddress(company),
    mayChange,
    mayCancel: mayChange && (!booking.invoiceId || invoicedOnlyByPayment(booking, payment)) && !booking.journalId && !hasJournal,
    changeDeadline,
    payment: portalPayment(payment),
  };
}

const BOOKING_FIELDS = { therapistId: 1, treatmentId: 1, treatmentName: 1, from: 1, to: 1, invoiceId: 1, journalId: 1 } as const;

/** The therapists of these bookings (and the page's), read once. */
async function therapistsOf(portal: Portal, bookings: readonly BookingBrief[]): Promise<Map<string, TherapistBrief>> {
  const ids = [...new Set(bookings.map((booking) => booking.therapistId.toHexString()))].filter((id) => id !== portal.therapist._id.toHexString());
  const found = ids.length ? await portal.db.Therapist.find({ _id: { $in: ids } }, { nameFirst: 1, nameLast: 1, cancelNoticeHours: 1 }).lean() : [];
  return new Map([portal.therapist, ...found].map((therapist) => [therapist._id.toHexString(), therapist]));
}

/** The bookings of the client among `ids` that have a journal written on them (a journal's id is its booking's). */
async function journaled(portal: Portal, bookings: readonly BookingBrief[], payments: ReadonlyMap<string, PaymentBrief>): Promise<Set<string>> {
  const open = bookings
    .filter((booking) => !booking.journalId && (!booking.invoiceId || invoicedOnlyByPayment(booking, payments.get(booking._id.toHexString()))))
    .map((booking) => booking._id);
  if (open.length === 0) return new Set();
  const journals = await portal.db.Journal.find({ _id: { $in: open }, clientId: portal.clientId }, { _id: 1 }).lean();
  return new Set(journals.map((journal) => journal._id.toHexString()));
}

/** The client's bookings as shown: upcoming (not yet ended) first to last, and the newest past ones. */
export async function portalBookings(portal: Portal, now: number): Promise<{ upcoming: PortalBooking[]; past: PortalBooking[] }> {
  const [upcoming, past] = (await Promise.all([
    portal.db.Booking.find({ clientId: portal.clientId, to: { $gt: now } }, BOOKING_FIELDS).sort({ from: 1 }).limit(UPCOMING_BOOKINGS).lean(),
    portal.db.Booking.find({ clientId: portal.clientId, to: { $lte: now } }, BOOKING_FIELDS).sort({ from: -1 }).limit(PAST_BOOKINGS).lean(),
  ])) as [BookingBrief[], BookingBrief[]];
  const payments = await paymentsOf(portal, [...upcoming, ...past].map((booking) => booking._id));
  const [therapists, withJournal] = await Promise.all([therapistsOf(portal, [...upcoming, ...past]), journaled(portal, upcoming, payments)]);
  const view = (booking: BookingBrief) => {
    // A booking of a therapist since removed keeps the page's rule and an empty name.
    const therapist = therapists.get(booking.therapistId.toHexString()) ?? { _id: booking.therapistId, nameFirst: '', nameLast: '', cancelNoticeHours: portal.therapist.cancelNoticeHours };
    return portalBooking(booking, therapist, portal.company, now, withJournal.has(booking._id.toHexString()), payments.get(booking._id.toHexString()));
  };
  return { upcoming: upcoming.map(view), past: past.map(view) };
}

async function courseSeats(portal: Portal): Promise<ClientPortal['courses']> {
  const seats = await portal.db.EventDateClient.find({ clientId: portal.clientId }, { eventDateId: 1, isWaiting: 1 }).limit(COURSE_SEATS).lean();
  if (seats.length === 0) return [];
  const days = await portal.db.EventDate.find({ _id: { $in: seats.map((seat) => seat.eventDateId) } }, { eventId: 1, from: 1, to: 1 }).lean();
  const courses = await portal.db.Event.find({ _id: { $in: [...new Set(days.map((day) => day.eventId.toHexString()))] } }, { title: 1 }).lean();
  const dayById = new Map(days.map((day) => [day._id.toHexString(), day]));
  const titleById = new Map(courses.map((course) => [course._id.toHexString(), course.title]));
  return seats
    .flatMap((seat) => {
      const day = dayById.get(seat.eventDateId.toHexString());
      if (!day) return [];
      return [{ eventDateId: day._id.toString(), title: titleById.get(day.eventId.toHexString()) ?? '', from: day.from, to: day.to, isWaiting: seat.isWaiting === true }];
    })
    .sort((a, b) => a.from - b.from);
}

type InvoiceBrief = Pick<InvoiceDoc, 'number' | 'createdAt' | 'isCredit' | 'totalOre' | 'paidOn' | 'overdueFrom'> & { _id: Types.ObjectId };

/**
 * The client's invoices and credit notes (merged statements are staff paperwork of the same invoices). `paid`: nothing
 * is owed on it, as the clinic's outstanding total counts it: a credit note, an invoice marked paid or settled by a
 * credit note, or one whose payment is not tracked here (an import, an invoice from before payments were tracked).
 */
async function invoices(portal: Portal): Promise<ClientPortal['invoices']> {
  const docs = (await portal.db.Invoice.find({ clientId: portal.clientId, isMerged: { $ne: true } }, { number: 1, createdAt: 1, isCredit: 1, totalOre: 1, paidOn: 1, overdueFrom: 1 })
    .sort({ createdAt: -1 })
    .limit(INVOICES)
    .lean()) as InvoiceBrief[];
  const open = docs.filter((doc) => !doc.isCredit && doc.paidOn == null && doc.overdueFrom != null).map((doc) => doc._id);
  const credits = open.length ? await portal.db.Invoice.find({ isCredit: true, creditForId: { $in: open }, clientId: portal.clientId }, { creditForId: 1 }).lean() : [];
  const settled = new Set(credits.map((credit) => String(credit.creditForId)));
  return docs.map((doc) => ({
    id: doc._id.toString(),
    kind: doc.isCredit ? 'creditNote' : 'invoice',
    number: doc.number,
    date: doc.createdAt,
    totalOre: doc.totalOre ?? 0,
    paid: doc.isCredit === true || doc.paidOn != null || doc.overdueFrom == null || settled.has(doc._id.toString()),
  }));
}

/** The client's own details as the portal shows them. */
export function portalClientOf(client: ClientDoc, pendingEmail: string): ClientPortal['client'] {
  return {
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
    email: client.email ?? '',
    phonePrivate: client.phonePrivate ?? '',
    address: client.address ?? '',
    post: client.post ?? '',
    town: client.town ?? '',
    pendingEmail,
  };
}

export async function clientPortal(ctx: PublicContext, portal: Portal): Promise<ClientPortal> {
  const now = ctx.now();
  const { client, company, therapist } = portal;
  const [bookings, courses, invoiceList, pendingEmail] = await Promise.all([portalBookings(portal, now), courseSeats(portal), invoices(portal), pendingPortalEmail(ctx, portal)]);
  return {
    client: portalClientOf(client, pendingEmail),
    clinic: {
      name: company.companyName,
      phone: company.phone ?? '',
      email: company.email ?? '',
      address: clinicAddress(company),
      therapistId: therapist._id.toString(),
      cancelNoticeHours: therapist.cancelNoticeHours ?? DEFAULT_CANCEL_NOTICE_HOURS,
      journalExport: company.portalJournalExport === 'included' ? 'included' : 'on-request',
    },
    upcoming: bookings.upcoming,
    past: bookings.past,
    courses,
    invoices: invoiceList,
  };
}

/** One of the client's invoices or credit notes as issued (its stored snapshot); anyone else's is not found. */
export async function clientPortalInvoice(portal: Portal, invoiceId: string): Promise<InvoiceSnapshot> {
  const invoice = await portal.db.Invoice.findOne({ _id: invoiceId, clientId: portal.clientId, isMerged: { $ne: true } }, { snapshots: 1 }).lean();
  const snapshot = invoice?.snapshots?.[0] as InvoiceSnapshot | undefined;
  if (!snapshot) throw new NotFoundError(messages.notFound);
  return snapshot;
}

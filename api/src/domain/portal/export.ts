/**
 * 'Hent mine data': what the clinic holds about the signed-in client, as one JSON object the browser saves (and draws
 * as a PDF): the client record as the clinic keeps it (with the CPR number: it is the client's own), bookings, course
 * seats, invoices and credit notes with their lines, intake answers, and journals when the clinic includes them
 * (`portalJournalExport` 'included'); otherwise the export says they are given on request, and
 * `requestPortalJournal` puts that request in the therapist's 'Henvendelser' (online-booking/review.ts).
 *
 * Bounded: each list holds at most EXPORT_LIMITS entries, newest first, and `truncated` says which list was cut (the
 * clinic gives the rest on request). Every query names `portal.clientId`.
 */
import { portalMessages, type InvoiceSnapshot } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ConflictError } from '../../errors.js';
import { clinicAddress } from '../contact/texts.js';
import { noteClientRead } from '../access-log/record.js';
import { readsOfClient } from '../access-log/queries.js';
import type { Portal } from './session.js';

export const EXPORT_LIMITS = { bookings: 2000, courseSeats: 500, invoices: 1000, journals: 200, journalFields: 1000, intakeAnswers: 1000 } as const;

const fullName = (person: { nameFirst?: string | null; nameLast?: string | null }) => `${person.nameFirst ?? ''} ${person.nameLast ?? ''}`.trim();
const iso = (epochMs: number | null | undefined) => (typeof epochMs === 'number' && epochMs > 0 ? new Date(epochMs).toISOString() : null);

/** A list of at most `limit`, read with one extra to know whether it was cut. */
function cut<T>(rows: T[], limit: number): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

async function therapistNames(portal: Portal, ids: readonly { toHexString(): string }[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.map((id) => id.toHexString()))];
  if (unique.length === 0) return new Map();
  const therapists = await portal.db.Therapist.find({ _id: { $in: unique } }, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(therapists.map((therapist) => [therapist._id.toHexString(), fullName(therapist)]));
}

async function courseSeats(portal: Portal) {
  const seats = cut(await portal.db.EventDateClient.find({ clientId: portal.clientId }, { eventDateId: 1, isWaiting: 1 }).limit(EXPORT_LIMITS.courseSeats + 1).lean(), EXPORT_LIMITS.courseSeats);
  const days = seats.rows.length ? await portal.db.EventDate.find({ _id: { $in: seats.rows.map((seat) => seat.eventDateId) } }, { eventId: 1, from: 1, to: 1 }).lean() : [];
  const courses = days.length ? await portal.db.Event.find({ _id: { $in: [...new Set(days.map((day) => day.eventId.toHexString()))] } }, { title: 1 }).lean() : [];
  const dayById = new Map(days.map((day) => [day._id.toHexString(), day]));
  const titleById = new Map(courses.map((course) => [course._id.toHexString(), course.title]));
  const rows = seats.rows.flatMap((seat) => {
    const day = dayById.get(seat.eventDateId.toHexString());
    return day ? [{ course: titleById.get(day.eventId.toHexString()) ?? '', from: iso(day.from), to: iso(day.to), waitingList: seat.isWaiting === true }] : [];
  });
  return { rows: rows.sort((a, b) => String(a.from).localeCompare(String(b.from))), truncated: seats.truncated };
}

async function invoices(portal: Portal) {
  const docs = cut(
    await portal.db.Invoice.find({ clientId: portal.clientId }, { number: 1, createdAt: 1, isCredit: 1, isMerged: 1, totalOre: 1, paidOn: 1, snapshots: 1 })
      .sort({ createdAt: -1 })
      .limit(EXPORT_LIMITS.invoices + 1)
      .lean(),
    EXPORT_LIMITS.invoices,
  );
  const rows = docs.rows.map((doc) => {
    const snapshot = doc.snapshots?.[0] as InvoiceSnapshot | undefined;
    // A snapshot from before lines were stored is one line: its treatment.
    const lines = snapshot?.lines ?? (snapshot ? [{ name: snapshot.treatment.name, totalOre: snapshot.amounts.totalOre, vatOre: snapshot.amounts.vatOre }] : []);
    return {
      number: doc.number,
      kind: doc.isCredit ? 'creditNote' : doc.isMerged ? 'statement' : 'invoice',
      date: iso(snapshot?.issuedAt ?? doc.createdAt),
      totalOre: doc.totalOre ?? 0,
      vatOre: snapshot?.amounts.vatOre ?? null,
      creditFor: snapshot?.creditFor ?? null,
      dueDate: snapshot?.dueDate ?? null,
      paidOn: doc.paidOn ?? null,
      treatmentDate: iso(snapshot?.booking.from),
      lines: lines.map((line) => ({ name: line.name, totalOre: line.totalOre, vatOre: line.vatOre })),
    };
  });
  return { rows, truncated: docs.truncated };
}

async function journals(portal: Portal) {
  const [found, fields] = await Promise.all([
    portal.db.Journal.find({ clientId: portal.clientId }).sort({ from: -1 }).limit(EXPORT_LIMITS.journals + 1).lean(),
    portal.db.CustomField.find({ clientId: portal.clientId }, { journalId: 1, name: 1, value: 1, position: 1 }).sort({ position: 1 }).limit(EXPORT_LIMITS.journalFields + 1).lean(),
  ]);
  const list = cut(found, EXPORT_LIMITS.journals);
  const fieldList = cut(fields, EXPORT_LIMITS.journalFields);
  const names = await therapistNames(portal, list.rows.map((journal) => journal.therapistId));
  const fieldsOf = (journalId: string | null) =>
    fieldList.rows.filter((field) => (field.journalId ? field.journalId.toHexString() : null) === journalId).map((field) => ({ name: field.name, value: field.value ?? '' }));
  return {
    stamjournal: fieldsOf(null),
    journals: list.rows.map((journal) => ({
      date: iso(journal.from),
      treatment: journal.treatmentName ?? '',
      therapist: names.get(journal.therapistId.toHexString()) ?? '',
      effect: journal.effect ?? '',
      treatmentText: journal.treatment ?? '',
      followUp: journal.followUp ?? '',
      remark: journal.remark ?? '',
      fields: fieldsOf(journal._id.toHexString()),
    })),
    truncated: list.truncated || fieldList.truncated,
  };
}

export async function portalExport(ctx: PublicContext, portal: Portal): Promise<Record<string, unknown>> {
  const { client, company } = portal;
  const included = company.portalJournalExport === 'included';
  const [bookingDocs, seats, invoiceList, journalPart, reads] = await Promise.all([
    portal.db.Booking.find({ clientId: portal.clientId }, { therapistId: 1, treatmentName: 1, from: 1, to: 1, reason: 1 })
      .sort({ from: -1 })
      .limit(EXPORT_LIMITS.bookings + 1)
      .lean(),
    courseSeats(portal),
    invoices(portal),
    included ? journals(portal) : null,
    readsOfClient(portal.db, portal.clientId),
  ]);
  // The export is itself a read of the record, logged with the client as the reader.
  noteClientRead(ctx, { companyId: company._id, clientIds: [portal.clientId], reader: { kind: 'client', name: '' } });
  const bookings = cut(bookingDocs, EXPORT_LIMITS.bookings);
  const names = await therapistNames(portal, bookings.rows.map((booking) => booking.therapistId));
  const answers = cut([...(client.intakeAnswers ?? [])].reverse(), EXPORT_LIMITS.intakeAnswers);
  return {
    exportedAt: new Date(ctx.now()).toISOString(),
    clinic: { name: company.companyName, cvr: company.CVR ?? '', address: clinicAddress(company), phone: company.phone ?? '', email: company.email ?? '' },
    client: {
      nameFirst: client.nameFirst,
      nameLast: client.nameLast,
      CPR: `${client.CPR6Digit}-${client.CPRLast4Digit}`,
      email: client.email ?? '',
      phonePrivate: client.phonePrivate ?? '',
      phoneWork: client.phoneWork ?? '',
      phoneRelative: client.phoneRelative ?? '',
      address: client.address ?? '',
      post: client.post ?? '',
      town: client.town ?? '',
      civilStatus: client.civilStatus ?? '',
      education: client.education ?? '',
      children: client.children ?? '',
      doctor: client.doctor ?? '',
      otherTreater: client.otherTreater ?? '',
      tags: [...(client.tags ?? [])],
      reminders: client.reminder === true,
      followUps: client.followUp === true,
      newsletter: client.newsletter === true,
      createdAt: iso(client.createdAt),
    },
    bookings: bookings.rows.map((booking) => ({
      from: iso(booking.from),
      to: iso(booking.to),
      treatment: booking.treatmentName ?? '',
      therapist: names.get(booking.therapistId.toHexString()) ?? '',
      reason: booking.reason ?? '',
    })),
    courseSeats: seats.rows,
    invoices: invoiceList.rows,
    intakeAnswers: answers.rows.map((answer) => ({ question: answer.fieldName, answer: answer.value ?? '', submittedAt: iso(answer.submittedAt) })),
    ...(journalPart ? { stamjournal: journalPart.stamjournal, journals: journalPart.journals } : { journals: portalMessages.journalOnRequest }),
    // A patient's right of access: who at the clinic read the record, when, and what (newest first).
    readBy: reads.rows,
    limits: EXPORT_LIMITS,
    truncated: {
      bookings: bookings.truncated,
      courseSeats: seats.truncated,
      invoices: invoiceList.truncated,
      intakeAnswers: answers.truncated,
      journals: journalPart?.truncated ?? false,
      readBy: reads.truncated,
    },
  };
}

/**
 * 'On request': the client's request for their journal waits in the 'Henvendelser' of the therapist the client
 * belongs to (the owner sees it too). One open request per client: asking again while one waits changes nothing.
 */
export async function requestPortalJournal(ctx: PublicContext, portal: Portal): Promise<void> {
  if (portal.company.portalJournalExport === 'included') throw new ConflictError(portalMessages.journalIncluded);
  const { client } = portal;
  if (await portal.db.PublicSubmission.exists({ kind: 'journal-request', clientId: portal.clientId })) return;
  await portal.db.PublicSubmission.create({
    therapistId: client.createdBy,
    kind: 'journal-request',
    clientId: portal.clientId,
    person: {
      nameFirst: client.nameFirst,
      nameLast: client.nameLast,
      CPR6Digit: client.CPR6Digit,
      CPRLast4Digit: client.CPRLast4Digit,
      email: client.email ?? '',
      phonePrivate: client.phonePrivate ?? '',
      address: client.address ?? '',
      post: client.post ?? '',
      town: client.town ?? '',
    },
    createdAt: ctx.now(),
  });
}

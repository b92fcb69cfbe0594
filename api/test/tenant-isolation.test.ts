/**
 * Isolation with real ids, run twice. Therapist A has one of everything; every action that takes an id is called
 * with *valid* input naming A's real records:
 * - by the owner of another clinic: each call is refused (403/404) or answers without any of A's data;
 * - by B, a colleague in A's own clinic (neither of them the owner): the same, except the few actions listed in
 *   `colleagueMay`, each with why a colleague may.
 * Afterwards A's data is exactly as it was. The table must have a row for every action whose input holds an id
 * (found by walking the contracts), so a new one cannot ship without being tried here.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { actions, contactMessages, copenhagenDateKey, copenhagenWallTime, objectId, roomMessages, type ActionName } from '@klinik/core';
import { TENANT_MODELS } from '../src/models/index.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

/** Whether a zod schema holds an object id anywhere (the shared `objectId` field, however wrapped). */
function takesId(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (schema === objectId) return true;
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return false;
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'valueType', 'schema']) if (takesId(def[key], seen)) return true;
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape && Object.values(shape).some((value) => takesId(value, seen))) return true;
  return [...((def.options as unknown[]) ?? []), ...((def.items as unknown[]) ?? [])].some((value) => takesId(value, seen));
}

const at = (day: number, hour: number) => copenhagenWallTime(2027, 3, day, hour);

/** A signed-in therapist of a clinic (the owner, or a colleague). */
type Caller = Pick<SignedInOwner, 'token' | 'therapistId' | 'companyId'>;

interface ClinicA {
  /** The therapist whose records these are (the owner in the first run, a colleague who is not in the second). */
  therapist: Caller;
  colleagueId: string;
  treatmentId: string;
  clientId: string;
  bookingId: string;
  /** The first date of a recurring series. */
  seriesBookingId: string;
  invoicedBookingId: string;
  leaveId: string;
  openingHoursId: string;
  eventId: string;
  eventDateId: string;
  eventDateClientId: string;
  journalId: string;
  customFieldId: string;
  formFieldId: string;
  imageId: string;
  invoiceId: string;
  mergedInvoiceId: string;
  submissionId: string;
  newsletterId: string;
  supportUploadId: string;
  importRunId: string;
  waitlistEntryId: string;
  roomId: string;
}

async function ok<A extends ActionName>(action: A, input: Record<string, unknown>, token: string) {
  const answer = await t.call(action, input as never, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { data: Record<string, unknown> & { id: string } } & Record<string, unknown>;
}

/**
 * One of everything of `actor`: the clinic's owner, or (`colleagueActs`) a colleague who is not the owner; what only
 * the owner may set up (the clinic's details, its intake form) the owner does.
 */
async function clinicWithEverything(clinicOwner?: SignedInOwner, colleagueActs = false): Promise<ClinicA> {
  const first = clinicOwner ?? (await clinicWithTrial(t));
  const colleague = await colleagueOf(t, first);
  const actor: Caller = colleagueActs ? { ...colleague, companyId: first.companyId } : first;
  const clinic = first;
  await ok('setCompany', { companyName: 'Fysio A', email: 'a@fysio-a.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, clinic.token);
  const treatmentId = (await ok('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, actor.token)).data.id;
  const invoiced = (await ok('addBooking', { treatmentId, from: at(1, 9), client: newClient('5678') }, actor.token)).data;
  const clientId = invoiced.clientId as string;
  await ok('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, actor.token);
  const bookingId = (await ok('addBooking', { treatmentId, from: at(2, 9), clientId }, actor.token)).data.id;
  const series = (await ok('addBookingSeries', { treatmentId, from: at(10, 14), clientId, repeat: { intervalWeeks: 1, count: 2 } }, actor.token)).data as unknown as { bookings: { id: string }[] };
  const waitlistEntryId = (await ok('addWaitlistEntry', { clientId, treatmentId, days: [1, 2], fromTime: '08:00', toTime: '16:00' }, actor.token)).data.id;
  const leaveId = (await ok('addLeave', { from: at(3, 9), to: at(3, 12), reason: 'Kursus' }, actor.token)).data.id;
  const opening = (await ok('addOpeningHours', { from: at(4, 8), to: at(4, 16) }, actor.token)).data as unknown;
  const openingHoursId = (Array.isArray(opening) ? (opening[0] as { id: string }) : (opening as { id: string })).id;
  const event = (await ok('addEvent', { title: 'Yoga', description: '', limit: 8, min: 1, dates: [{ from: at(5, 10), to: at(5, 12), latestDays: 1 }] }, actor.token)).data;
  const eventDateId = ((event.dates as { id: string }[]) ?? [])[0]!.id;
  const participant = await t.models.EventDateClient.create({ companyId: actor.companyId, eventId: event.id, eventDateId, clientId, nameFirst: 'Signe', nameLast: 'Kjær', email: 'signe@example.dk' });
  const journalId = (await ok('addJournal', { bookingId }, actor.token)).data.id;
  const fields = (await ok('getCustomFieldsFromClientIsNotJournal', { clientId }, actor.token)).data as unknown as { id: string }[];
  const roomId = (await ok('addRoom', { kind: 'room', name: 'Lokale 1' }, clinic.token)).data.id;
  const formFieldId = (await ok('addClientFormField', { fieldName: 'Allergier', fieldType: 'text', isRequired: false }, clinic.token)).data.id;
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', actor.token);
  form.set('clientId', clientId);
  form.set('kind', 'journal');
  form.set('journalId', journalId);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const uploaded = (await (await fetch(t.url, { method: 'POST', body: form })).json()) as { data: { id: string }[] };
  const invoiceId = (await ok('addInvoice', { bookingId: invoiced.id, settings: { type: true, discount: 0, moms: true } }, actor.token)).data.id;
  await ok('setInvoicePaid', { id: invoiceId, paidOn: copenhagenDateKey(t.clock.now()), method: 'bank' }, actor.token);
  const mergedInvoiceId = (await ok('addMergedInvoice', { clientId, from: at(1, 0), to: at(2, 0), invoiceIds: [invoiceId] }, actor.token)).data.id;
  // A public intake form sent without the clinic's link waits for review.
  await ok('clientSubmitClientForm', { therapistID: actor.therapistId, client: { ...newClient('9876'), address: 'Vej 1', post: '5000', town: 'Odense' }, answers: [] }, actor.token);
  const submissionId = ((await ok('getPublicSubmissions', {}, actor.token)).data as unknown as { id: string }[])[0]!.id;
  const newsletterId = (await ok('addNewsletter', { subject: 'Nyt fra klinikken', message: '<p>Hej</p>' }, actor.token)).data.id;
  await ok('setClient', { id: clientId, changes: { newsletter: true } }, actor.token);
  await ok('sendNewsletterToAll', { id: newsletterId }, actor.token);
  // The support team's files for A, and an import A ran.
  const supportUpload = await t.models.SupportUpload.create({ companyId: actor.companyId, therapistId: actor.therapistId, teamUserId: actor.therapistId, files: [], status: 'received' });
  const importRun = await t.models.ImportRun.create({ companyId: actor.companyId, therapistId: actor.therapistId, source: 'form', email: 'a@fysio-a.test', status: 'done', reportSentAt: 1 });
  return {
    therapist: actor,
    colleagueId: colleagueActs ? first.therapistId : colleague.therapistId,
    treatmentId,
    clientId,
    bookingId,
    seriesBookingId: series.bookings[0]!.id,
    invoicedBookingId: invoiced.id,
    leaveId,
    openingHoursId,
    eventId: event.id,
    eventDateId,
    eventDateClientId: participant._id.toString(),
    journalId,
    customFieldId: fields[0]!.id,
    formFieldId,
    imageId: uploaded.data[0]!.id,
    invoiceId,
    mergedInvoiceId,
    submissionId,
    newsletterId,
    supportUploadId: supportUpload._id.toString(),
    importRunId: importRun._id.toString(),
    waitlistEntryId,
    roomId,
  };
}

/** `b` is clinic B's own records, for inputs that mix B's records with A's. */
interface ClinicB {
  treatmentId: string;
  newsletterId: string;
  /** A client of B's own, for inputs that name B's client beside A's journal, field or invoice. */
  clientId: string;
}

/** B's own treatment, newsletter and client (B is the owner of another clinic, or a colleague). */
async function ownRecordsOf(token: string): Promise<ClinicB> {
  const treatmentId = (await ok('addTreatment', { name: 'Egen', price: 100, duration: 1800, pause: 0 }, token)).data.id;
  return {
    treatmentId,
    newsletterId: (await ok('addNewsletter', { subject: 'B', message: '<p>B</p>' }, token)).data.id,
    clientId: (await ok('addBooking', { treatmentId, from: at(9, 9), client: newClient('4321') }, token)).data.clientId as string,
  };
}
type Sample = (a: ClinicA, b: ClinicB) => Record<string, unknown>;
const period = { from: at(1, 0), to: at(8, 0) };

/** Valid input naming clinic A's records, for every action that takes an id (public actions name a therapist on purpose). */
const samples: Partial<Record<ActionName, Sample | Sample[]>> = {
  getTreatment: (a) => ({ id: a.treatmentId }),
  addTreatment: (a) => ({ name: 'Indbrud', price: 100, duration: 1800, pause: 0, therapistId: a.therapist.therapistId }),
  setTreatment: (a) => ({ id: a.treatmentId, name: 'Ændret', price: 1, duration: 1800, pause: 0 }),
  deleteTreatment: (a) => ({ id: a.treatmentId }),
  getTreatmentsFromTherapist: (a) => ({ therapistId: a.therapist.therapistId }),
  getAvailableTreatmentsFromTherapist: (a) => ({ therapistId: a.therapist.therapistId }),
  getBookingsFromTherapist: (a) => ({ ...period, therapistId: a.therapist.therapistId }),
  getBooking: (a) => ({ id: a.bookingId }),
  addBooking: [(a, b) => ({ treatmentId: b.treatmentId, from: at(6, 9), clientId: a.clientId }), (a) => ({ treatmentId: a.treatmentId, from: at(6, 9), client: newClient('9999') })],
  setBooking: (a) => ({ id: a.bookingId, from: at(6, 13) }),
  deleteBooking: (a) => ({ id: a.bookingId }),
  markNoShow: (a) => ({ bookingId: a.bookingId, noShow: true }),
  chargeNoShowFee: (a) => ({ bookingId: a.bookingId }),
  refundBookingPayment: (a) => ({ bookingId: a.bookingId, amountOre: 100 }),
  addBookingSeries: [
    (a, b) => ({ treatmentId: b.treatmentId, from: at(6, 9), clientId: a.clientId, repeat: { intervalWeeks: 1, count: 2 } }),
    (a) => ({ treatmentId: a.treatmentId, from: at(6, 9), client: newClient('9997'), repeat: { intervalWeeks: 1, count: 2 } }),
    (a) => ({ treatmentId: a.treatmentId, from: at(10, 14), clientId: a.clientId, therapistId: a.therapist.therapistId, repeat: { intervalWeeks: 1, count: 2 }, check: true }),
  ],
  setBookingSeries: (a) => ({ id: a.seriesBookingId, scope: 'following', from: at(10, 15) }),
  deleteBookingSeries: (a) => ({ id: a.seriesBookingId, scope: 'following' }),
  getBookingsFromClient: (a) => ({ clientId: a.clientId }),
  getLeavesForDay: (a) => ({ from: at(3, 0), to: at(4, 0), therapistId: a.therapist.therapistId }),
  addLeave: (a) => ({ from: at(6, 15), to: at(6, 16), reason: 'Indbrud', therapistId: a.therapist.therapistId }),
  deleteLeave: (a) => ({ id: a.leaveId }),
  addWaitlistEntry: [
    (a, b) => ({ clientId: a.clientId, treatmentId: b.treatmentId, days: [1], fromTime: '08:00', toTime: '16:00' }),
    (a, b) => ({ clientId: b.clientId, treatmentId: a.treatmentId, therapistId: a.therapist.therapistId, days: [1], fromTime: '08:00', toTime: '16:00' }),
  ],
  getWaitlist: (a) => ({ therapistId: a.therapist.therapistId }),
  removeWaitlistEntry: (a) => ({ id: a.waitlistEntryId }),
  setRoom: (a) => ({ id: a.roomId, name: 'Indbrud', active: false }),
  deleteRoom: (a) => ({ id: a.roomId }),
  setTreatmentRooms: [(a) => ({ treatmentId: a.treatmentId, roomIds: [] }), (a, b) => ({ treatmentId: b.treatmentId, roomIds: [a.roomId] })],
  getOpeningHoursFromTherapist: (a) => ({ ...period, therapistId: a.therapist.therapistId }),
  addOpeningHours: (a) => ({ from: at(7, 8), to: at(7, 9), therapistId: a.therapist.therapistId }),
  addWeeklyOpeningHours: (a) => ({ therapistId: a.therapist.therapistId, pattern: { weekdays: [1], everyWeeks: 1, startDate: '2027-03-08', occurrences: 1, times: [{ start: '08:00', end: '09:00' }] } }),
  deleteOpeningHours: (a) => ({ id: a.openingHoursId }),
  getAllEvent: (a) => ({ therapistId: a.therapist.therapistId }),
  setEvent: (a) => ({ id: a.eventId, course: { title: 'Ændret', limit: 8, min: 1 } }),
  deleteEvent: (a) => ({ id: a.eventId }),
  addEventDates: (a) => ({ eventId: a.eventId, dates: [{ from: at(7, 10), to: at(7, 11), latestDays: 1 }] }),
  setEventDate: (a) => ({ id: a.eventDateId, date: { from: at(7, 12), to: at(7, 13), latestDays: 1 } }),
  deleteEventDate: (a) => ({ id: a.eventDateId }),
  getEvent: (a) => ({ id: a.eventId }),
  getEventsFromTherapist: (a) => ({ therapistId: a.therapist.therapistId }),
  getEventDatesFromTherapist: (a) => ({ ...period, therapistId: a.therapist.therapistId }),
  getEventDateClientsFromTherapist: (a) => ({ eventDateId: a.eventDateId }),
  deleteEventDateClient: (a) => ({ id: a.eventDateClientId }),
  getAllClient: (a) => ({ therapistId: a.therapist.therapistId }),
  getClient: (a) => ({ id: a.clientId }),
  setClient: (a) => ({ id: a.clientId, changes: { town: 'Hacket' } }),
  deleteClient: (a) => ({ id: a.clientId }),
  addClient: (a) => ({ client: { nameFirst: 'Ny', nameLast: 'Klient', CPR6Digit: '010190', CPRLast4Digit: '1111', email: 'ny@example.dk', phonePrivate: '12345678', address: 'Vej 1', post: '1000', town: 'København' }, ids: [a.formFieldId] }),
  setClientFormField: (a) => ({ id: a.formFieldId, fieldName: 'Ændret' }),
  deleteClientFormField: (a) => ({ id: a.formFieldId }),
  getJournalFromBooking: (a) => ({ bookingId: a.bookingId }),
  getJournalsFromClient: (a) => ({ clientId: a.clientId }),
  addJournal: (a) => ({ bookingId: a.bookingId }),
  setJournal: (a) => ({ id: a.journalId, version: 0, changes: { effect: 'Indbrud' } }),
  getCustomFieldsFromJournal: (a) => ({ journalId: a.journalId }),
  getCustomFieldsFromClientIsNotJournal: (a) => ({ clientId: a.clientId }),
  addCustomField: [(a) => ({ clientId: a.clientId, name: 'Indbrud', isJournal: false }), (a, b) => ({ clientId: b.clientId, journalId: a.journalId, name: 'Indbrud', isJournal: true })],
  setCustomField: (a) => ({ id: a.customFieldId, version: 0, value: 'Indbrud' }),
  deleteCustomField: (a) => ({ id: a.customFieldId }),
  saveFieldComment: [
    (a) => ({ clientId: a.clientId, customFieldId: a.customFieldId, customFieldName: 'Noter', value: 'Indbrud' }),
    (a, b) => ({ clientId: b.clientId, customFieldId: a.customFieldId, customFieldName: 'Noter', value: 'Indbrud' }),
    (a, b) => ({ clientId: b.clientId, journalId: a.journalId, customFieldName: 'treatment', value: 'Indbrud' }),
  ],
  getClientHistory: [(a) => ({ clientId: a.clientId }), (a, b) => ({ clientId: b.clientId, journalId: a.journalId })],
  // A's journal, field or invoice beside B's own client: reached only through the client it belongs to.
  uploadImages: [(a) => ({ clientId: a.clientId, kind: 'journal', journalId: a.journalId }), (a, b) => ({ clientId: b.clientId, kind: 'journal', journalId: a.journalId })],
  getImages: [(a) => ({ clientId: a.clientId }), (a, b) => ({ clientId: b.clientId, journalId: a.journalId })],
  deleteImage: (a) => ({ id: a.imageId }),
  getInvoicePreview: (a) => ({ bookingId: a.bookingId, settings: { type: true }, extraTreatmentIds: [a.treatmentId] }),
  addInvoice: (a) => ({ bookingId: a.bookingId, settings: { type: true }, extraTreatmentIds: [a.treatmentId] }),
  getInvoice: (a) => ({ id: a.invoiceId }),
  getAllInvoice: (a) => ({ therapistId: a.therapist.therapistId }),
  getInvoicesByBookingIds: (a) => ({ bookingIds: [a.invoicedBookingId] }),
  getMergedInvoicesByClient: (a) => ({ clientId: a.clientId }),
  getInvoicesForPeriod: (a) => ({ clientId: a.clientId, ...period }),
  addMergedInvoice: [(a) => ({ clientId: a.clientId, ...period, invoiceIds: [a.invoiceId] }), (a, b) => ({ clientId: b.clientId, ...period, invoiceIds: [a.invoiceId] })],
  setMergedInvoice: (a) => ({ id: a.mergedInvoiceId, invoiceIds: [a.invoiceId] }),
  deleteInvoice: (a) => ({ id: a.mergedInvoiceId }),
  invoiceMail: (a) => ({ id: a.invoiceId, to: 'tyv@example.com' }),
  // A's invoice is paid (clinicWithEverything): B marking it paid or unpaid would change it.
  setInvoicePaid: (a) => ({ id: a.invoiceId, paidOn: copenhagenDateKey(t.clock.now()), method: 'cash' }),
  setInvoiceUnpaid: (a) => ({ id: a.invoiceId }),
  sendInvoiceReminder: (a) => ({ id: a.invoiceId }),
  getStatistics: (a) => ({ from: '2027-03', to: '2027-03', therapistId: a.therapist.therapistId }),
  exportStatistics: (a) => ({ from: '2027-03', to: '2027-03', therapistId: a.therapist.therapistId, format: 'xlsx' }),
  acceptPublicSubmission: [(a) => ({ id: a.submissionId }), (a) => ({ id: a.submissionId, clientId: a.clientId })],
  rejectPublicSubmission: (a) => ({ id: a.submissionId }),
  rejectPublicSubmissions: (a) => ({ ids: [a.submissionId] }),
  updateTherapistByCompany: (a) => ({ id: a.colleagueId, nameFirst: 'Ændret', nameLast: 'Navn', email: 'kollega-ny@klinik.test', phone: '12345678', occupation: ['massoer'] }),
  deleteTherapistByCompany: (a) => ({ id: a.colleagueId }),
  setTherapistAvailable: (a) => ({ therapistId: a.colleagueId, isAvailable: false }),
  adminPurchaseTherapistFreeSubscription: (a) => ({ therapistId: a.colleagueId }),
  adminPurchaseTherapistProSubscription: (a) => ({ therapistId: a.colleagueId, idempotencyKey: 'indbrud-0123456789abcdef' }),
  adminCancelTherapistSubscription: (a) => ({ therapistId: a.colleagueId }),
  setNewsletter: (a) => ({ id: a.newsletterId, subject: 'Ændret', message: '<p>Ændret</p>' }),
  deleteNewsletter: (a) => ({ id: a.newsletterId }),
  sendNewsletterToAll: (a) => ({ id: a.newsletterId }),
  // A's newsletter to A's client, and B's own newsletter to A's client.
  sendNewsletterToSelection: [(a) => ({ id: a.newsletterId, clientIds: [a.clientId] }), (a, b) => ({ id: b.newsletterId, clientIds: [a.clientId] })],
  getNewsletterSends: (a) => ({ newsletterId: a.newsletterId }),
  // B has the importdata add-on too (below): refused because the records are not B's, not for want of it.
  importSupportUpload: (a) => ({ uploadId: a.supportUploadId }),
  getImport: (a) => ({ id: a.importRunId }),
  // The access log: A's client and A's therapist as filters, the log of A's client, a print of A's client.
  getAccessLog: [(a) => ({ from: 0, to: 8_640_000_000_000, clientId: a.clientId }), (a) => ({ from: 0, to: 8_640_000_000_000, therapistId: a.therapist.therapistId })],
  getClientAccessLog: (a) => ({ clientId: a.clientId }),
  logClientPrint: (a) => ({ clientId: a.clientId }),
};

/**
 * Refusals that answer 400 with a field's message, because the record named in that field does not exist for the
 * caller: as good as 404 (the message is the same for a record of another clinic and one that never existed).
 */
const refusedAsMissingField: Record<string, string> = {
  'addBooking#1': 'Fejl: Behandling er påkrævet.',
  'addBookingSeries#1': 'Fejl: Behandling er påkrævet.',
  'addClient#0': 'Spørgsmålet findes ikke',
  'sendNewsletterToSelection#1': contactMessages.selectionUnknown,
  'addMergedInvoice#1': 'En af de valgte fakturaer findes ikke hos denne klient',
  'setTreatmentRooms#1': roomMessages.unknown,
};

/**
 * What a colleague in A's own clinic may do with A's ids, and why (everything else must be refused or answer without
 * A's records). Each entry is the outcome the run must see, so an exception that stops being one fails the test.
 */
const colleagueMay: Record<string, { outcome: string; why: string }> = {
  'getTreatment#0': { outcome: '200 shows A', why: "the clinic's price list is shared: the booking drawer shows a colleague's treatments" },
  'getTreatmentsFromTherapist#0': { outcome: '200 shows A', why: "the clinic's price list is shared: the booking drawer shows a colleague's treatments" },
  'getAvailableTreatmentsFromTherapist#0': { outcome: '200 shows A', why: "the clinic's price list is shared, as the public booking page shows it" },
  'setClientFormField#0': { outcome: '200 without A', why: "the intake form is the clinic's one form (made by the owner here), and every therapist edits it" },
  'deleteClientFormField#0': { outcome: '200 without A', why: "the intake form is the clinic's one form (made by the owner here), and every therapist edits it" },
};

/** In the colleague run, the clinic's intake form is not A's (colleagueMay says why a colleague changes it). */
const SHARED_IN_CLINIC = new Set<string>(['ClientFormField']);

/**
 * A fingerprint of A's records: every tenant collection's documents of the clinic, hashed. In the colleague run the
 * colleague's own records (and the clinic's record, where a colleague's own sign-in and counters live) are left
 * out: what the colleague may do to their own is not the question.
 */
async function fingerprint(companyId: string, leaveOut?: string): Promise<Record<string, string>> {
  // The access log of reads already answered is stored in batches: stored now, so only what the calls do is compared.
  await t.api.services.accessLog.flush();
  const prints: Record<string, string> = {};
  const isLeftOut = (doc: Record<string, unknown>) =>
    leaveOut !== undefined && ['_id', 'therapistId', 'createdBy', 'createdById'].some((field) => (doc[field] as { toString(): string } | null | undefined)?.toString() === leaveOut);
  for (const name of TENANT_MODELS) {
    if (leaveOut !== undefined && SHARED_IN_CLINIC.has(name)) continue;
    const model = t.models[name] as unknown as { find(filter: object): { sort(s: object): { lean(): Promise<Record<string, unknown>[]> } } };
    const docs = (await model.find({ companyId }).sort({ _id: 1 }).lean()).filter((doc) => !isLeftOut(doc));
    prints[name] = createHash('sha256').update(JSON.stringify(docs)).digest('hex');
  }
  if (leaveOut === undefined) prints.company = createHash('sha256').update(JSON.stringify(await t.models.Company.findById(companyId).lean())).digest('hex');
  return prints;
}

/** Calls every sample as `caller` with A's ids; the outcome of each: refused, answered without A, or what else. */
async function callEverySample(a: ClinicA, b: ClinicB, caller: Caller, secrets: string[]): Promise<Record<string, string>> {
  const outcomes: Record<string, string> = {};
  const calls = (Object.entries(samples) as [ActionName, Sample | Sample[]][]).flatMap(([action, sample]) => (Array.isArray(sample) ? sample : [sample]).map((one, index) => [action, one, index] as const));
  for (const [action, sample, index] of calls) {
    const input = sample(a, b);
    let answer: { status: number; body: unknown };
    if (action === 'uploadImages') {
      const form = new FormData();
      form.set('action', action);
      form.set('token', caller.token);
      for (const [key, value] of Object.entries(input)) form.set(key, String(value));
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#993366' } }).png().toBuffer();
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
      const response = await fetch(t.url, { method: 'POST', body: form });
      answer = { status: response.status, body: await response.json() };
    } else {
      answer = await t.call(action, input, caller.token);
    }
    const text = JSON.stringify(answer.body);
    const leaked = secrets.filter((secret) => text.includes(secret));
    const key = `${action}#${index}`;
    if (answer.status === 400 && refusedAsMissingField[key] === (answer.body as { message?: string }).message) {
      outcomes[key] = 'refused';
      continue;
    }
    outcomes[key] = answer.status === 200 ? (leaked.length ? `200 leaks ${leaked.join(',')}` : '200 without A') : [403, 404].includes(answer.status) ? 'refused' : `${answer.status} ${text.slice(0, 120)}`;
  }
  return outcomes;
}

it('has a sample for every non-public action that takes an id', () => {
  // The platform administrator's and the support team's actions reach across clinics by design; no clinic's caller
  // gets past their access (the authorization matrix), so they have no sample here.
  const clinicCalled = (name: ActionName) => !['public', 'superadmin', 'team'].includes(actions[name].access);
  const needed = (Object.keys(actions) as ActionName[]).filter((name) => clinicCalled(name) && takesId(actions[name].input));
  expect(needed.filter((name) => !samples[name])).toEqual([]);
  expect(Object.keys(samples).filter((name) => !needed.includes(name as ActionName))).toEqual([]);
  expect(Object.keys(colleagueMay).filter((key) => !samples[key.split('#')[0] as ActionName])).toEqual([]);
});

it("refuses every action with another clinic's real ids, shows none of its data and changes none of it", async () => {
  const a = await clinicWithEverything();
  const bOwner = await clinicWithTrial(t);
  const b = await ownRecordsOf(bOwner.token);
  await t.models.Company.updateOne({ _id: bOwner.companyId }, { $set: { importDataActive: true } });
  const secrets = [...Object.values(a).filter((value): value is string => typeof value === 'string'), a.therapist.therapistId, a.therapist.companyId, 'Kjær'];
  const before = await fingerprint(a.therapist.companyId);
  const outcomes = await callEverySample(a, b, bOwner, secrets);
  const unexpected = Object.entries(outcomes).filter(([, outcome]) => outcome !== 'refused' && outcome !== '200 without A');
  expect(unexpected).toEqual([]);
  expect(await fingerprint(a.therapist.companyId)).toEqual(before);
});

it("refuses every action to a colleague with another therapist's real ids, shows none of her records and changes none of them", async () => {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { importDataActive: true } });
  const a = await clinicWithEverything(owner, true);
  const colleague = await colleagueOf(t, owner);
  const bCaller: Caller = { ...colleague, companyId: owner.companyId };
  const b = await ownRecordsOf(bCaller.token);
  // A's own records and what is written in them; the clinic's shared things (its id, the owner, its intake form's
  // questions) are the colleague's to know.
  const shared = new Set([a.therapist.companyId, a.colleagueId, a.formFieldId]);
  const secrets = [...Object.entries(a).filter(([key, value]) => typeof value === 'string' && !shared.has(value) && key !== 'colleagueId').map(([, value]) => value as string), a.therapist.therapistId, 'Kjær'];
  const before = await fingerprint(owner.companyId, bCaller.therapistId);
  const outcomes = await callEverySample(a, b, bCaller, secrets);
  const seen = Object.fromEntries(
    Object.entries(outcomes)
      .filter(([key, outcome]) => outcome !== 'refused' && outcome !== '200 without A' || key in colleagueMay)
      .map(([key, outcome]) => [key, outcome.startsWith('200 leaks') && colleagueMay[key] ? '200 shows A' : outcome]),
  );
  expect(seen).toEqual(Object.fromEntries(Object.entries(colleagueMay).map(([key, { outcome }]) => [key, outcome])));
  expect(await fingerprint(owner.companyId, bCaller.therapistId)).toEqual(before);
});

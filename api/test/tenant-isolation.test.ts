/**
 * Tenant isolation with real ids (issue 14): clinic A has one of everything; clinic B's owner calls every action that
 * takes an id with *valid* input naming A's real records. Each call is refused (403/404) or answers without any of
 * A's data, and afterwards A's data is exactly as it was. The table must have a row for every action whose input
 * holds an id (found by walking the contracts), so a new one cannot ship without being tried here.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { actions, contactMessages, copenhagenDateKey, copenhagenWallTime, objectId, type ActionName } from '@klinik/core';
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

interface ClinicA {
  owner: SignedInOwner;
  colleagueId: string;
  treatmentId: string;
  clientId: string;
  bookingId: string;
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
}

async function ok<A extends ActionName>(action: A, input: Record<string, unknown>, token: string) {
  const answer = await t.call(action, input as never, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { data: Record<string, unknown> & { id: string } } & Record<string, unknown>;
}

async function clinicWithEverything(): Promise<ClinicA> {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  await ok('setCompany', { companyName: 'Fysio A', email: 'a@fysio-a.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, owner.token);
  const treatmentId = (await ok('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).data.id;
  const invoiced = (await ok('addBooking', { treatmentId, from: at(1, 9), client: newClient('5678') }, owner.token)).data;
  const clientId = invoiced.clientId as string;
  await ok('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  const bookingId = (await ok('addBooking', { treatmentId, from: at(2, 9), clientId }, owner.token)).data.id;
  const leaveId = (await ok('addLeave', { from: at(3, 9), to: at(3, 12), reason: 'Kursus' }, owner.token)).data.id;
  const opening = (await ok('addOpeningHours', { from: at(4, 8), to: at(4, 16) }, owner.token)).data as unknown;
  const openingHoursId = (Array.isArray(opening) ? (opening[0] as { id: string }) : (opening as { id: string })).id;
  const event = (await ok('addEvent', { title: 'Yoga', description: '', limit: 8, min: 1, dates: [{ from: at(5, 10), to: at(5, 12), latestDays: 1 }] }, owner.token)).data;
  const eventDateId = ((event.dates as { id: string }[]) ?? [])[0]!.id;
  const participant = await t.models.EventDateClient.create({ companyId: owner.companyId, eventId: event.id, eventDateId, clientId, nameFirst: 'Signe', nameLast: 'Kjær', email: 'signe@example.dk' });
  const journalId = (await ok('addJournal', { bookingId }, owner.token)).data.id;
  const fields = (await ok('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token)).data as unknown as { id: string }[];
  const formFieldId = (await ok('addClientFormField', { fieldName: 'Allergier', fieldType: 'text', isRequired: false }, owner.token)).data.id;
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', owner.token);
  form.set('clientId', clientId);
  form.set('kind', 'journal');
  form.set('journalId', journalId);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const uploaded = (await (await fetch(t.url, { method: 'POST', body: form })).json()) as { data: { id: string }[] };
  const invoiceId = (await ok('addInvoice', { bookingId: invoiced.id, settings: { type: true, discount: 0, moms: true } }, owner.token)).data.id;
  await ok('setInvoicePaid', { id: invoiceId, paidOn: copenhagenDateKey(t.clock.now()), method: 'bank' }, owner.token);
  const mergedInvoiceId = (await ok('addMergedInvoice', { clientId, from: at(1, 0), to: at(2, 0), invoiceIds: [invoiceId] }, owner.token)).data.id;
  // A public intake form sent without the clinic's link waits for review (issue 14).
  await ok('clientSubmitClientForm', { therapistID: owner.therapistId, client: { ...newClient('9876'), address: 'Vej 1', post: '5000', town: 'Odense' }, answers: [] }, owner.token);
  const submissionId = ((await ok('getPublicSubmissions', {}, owner.token)).data as unknown as { id: string }[])[0]!.id;
  const newsletterId = (await ok('addNewsletter', { subject: 'Nyt fra klinikken', message: '<p>Hej</p>' }, owner.token)).data.id;
  await ok('setClient', { id: clientId, changes: { newsletter: true } }, owner.token);
  await ok('sendNewsletterToAll', { id: newsletterId }, owner.token);
  // The support team's files for A, and an import A ran (issue 17).
  const supportUpload = await t.models.SupportUpload.create({ companyId: owner.companyId, therapistId: owner.therapistId, teamUserId: owner.therapistId, files: [], status: 'received' });
  const importRun = await t.models.ImportRun.create({ companyId: owner.companyId, therapistId: owner.therapistId, source: 'form', email: 'a@fysio-a.test', status: 'done', reportSentAt: 1 });
  return {
    owner,
    colleagueId: colleague.therapistId,
    treatmentId,
    clientId,
    bookingId,
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
  };
}

/** `b` is clinic B's own records, for inputs that mix B's records with A's. */
interface ClinicB {
  treatmentId: string;
  newsletterId: string;
}
type Sample = (a: ClinicA, b: ClinicB) => Record<string, unknown>;
const period = { from: at(1, 0), to: at(8, 0) };

/** Valid input naming clinic A's records, for every action that takes an id (public actions name a therapist on purpose). */
const samples: Partial<Record<ActionName, Sample | Sample[]>> = {
  getTreatment: (a) => ({ id: a.treatmentId }),
  addTreatment: (a) => ({ name: 'Indbrud', price: 100, duration: 1800, pause: 0, therapistId: a.owner.therapistId }),
  setTreatment: (a) => ({ id: a.treatmentId, name: 'Ændret', price: 1, duration: 1800, pause: 0 }),
  deleteTreatment: (a) => ({ id: a.treatmentId }),
  getTreatmentsFromTherapist: (a) => ({ therapistId: a.owner.therapistId }),
  getAvailableTreatmentsFromTherapist: (a) => ({ therapistId: a.owner.therapistId }),
  getBookingsFromTherapist: (a) => ({ ...period, therapistId: a.owner.therapistId }),
  getBooking: (a) => ({ id: a.bookingId }),
  addBooking: [(a, b) => ({ treatmentId: b.treatmentId, from: at(6, 9), clientId: a.clientId }), (a) => ({ treatmentId: a.treatmentId, from: at(6, 9), client: newClient('9999') })],
  setBooking: (a) => ({ id: a.bookingId, from: at(6, 13) }),
  deleteBooking: (a) => ({ id: a.bookingId }),
  getBookingsFromClient: (a) => ({ clientId: a.clientId }),
  getLeavesForDay: (a) => ({ from: at(3, 0), to: at(4, 0), therapistId: a.owner.therapistId }),
  addLeave: (a) => ({ from: at(6, 15), to: at(6, 16), reason: 'Indbrud', therapistId: a.owner.therapistId }),
  deleteLeave: (a) => ({ id: a.leaveId }),
  getOpeningHoursFromTherapist: (a) => ({ ...period, therapistId: a.owner.therapistId }),
  addOpeningHours: (a) => ({ from: at(7, 8), to: at(7, 9), therapistId: a.owner.therapistId }),
  addWeeklyOpeningHours: (a) => ({ therapistId: a.owner.therapistId, pattern: { weekdays: [1], everyWeeks: 1, startDate: '2027-03-08', occurrences: 1, times: [{ start: '08:00', end: '09:00' }] } }),
  deleteOpeningHours: (a) => ({ id: a.openingHoursId }),
  getAllEvent: (a) => ({ therapistId: a.owner.therapistId }),
  setEvent: (a) => ({ id: a.eventId, course: { title: 'Ændret', limit: 8, min: 1 } }),
  deleteEvent: (a) => ({ id: a.eventId }),
  addEventDates: (a) => ({ eventId: a.eventId, dates: [{ from: at(7, 10), to: at(7, 11), latestDays: 1 }] }),
  setEventDate: (a) => ({ id: a.eventDateId, date: { from: at(7, 12), to: at(7, 13), latestDays: 1 } }),
  deleteEventDate: (a) => ({ id: a.eventDateId }),
  getEvent: (a) => ({ id: a.eventId }),
  getEventsFromTherapist: (a) => ({ therapistId: a.owner.therapistId }),
  getEventDatesFromTherapist: (a) => ({ ...period, therapistId: a.owner.therapistId }),
  getEventDateClientsFromTherapist: (a) => ({ eventDateId: a.eventDateId }),
  deleteEventDateClient: (a) => ({ id: a.eventDateClientId }),
  getAllClient: (a) => ({ therapistId: a.owner.therapistId }),
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
  addCustomField: (a) => ({ clientId: a.clientId, name: 'Indbrud', isJournal: false }),
  setCustomField: (a) => ({ id: a.customFieldId, version: 0, value: 'Indbrud' }),
  deleteCustomField: (a) => ({ id: a.customFieldId }),
  saveFieldComment: (a) => ({ clientId: a.clientId, customFieldId: a.customFieldId, customFieldName: 'Noter', value: 'Indbrud' }),
  getClientHistory: (a) => ({ clientId: a.clientId }),
  uploadImages: (a) => ({ clientId: a.clientId, kind: 'journal', journalId: a.journalId }),
  getImages: (a) => ({ clientId: a.clientId }),
  deleteImage: (a) => ({ id: a.imageId }),
  getInvoicePreview: (a) => ({ bookingId: a.bookingId, settings: { type: true }, extraTreatmentIds: [a.treatmentId] }),
  addInvoice: (a) => ({ bookingId: a.bookingId, settings: { type: true }, extraTreatmentIds: [a.treatmentId] }),
  getInvoice: (a) => ({ id: a.invoiceId }),
  getAllInvoice: (a) => ({ therapistId: a.owner.therapistId }),
  getInvoicesByBookingIds: (a) => ({ bookingIds: [a.invoicedBookingId] }),
  getMergedInvoicesByClient: (a) => ({ clientId: a.clientId }),
  getInvoicesForPeriod: (a) => ({ clientId: a.clientId, ...period }),
  addMergedInvoice: (a) => ({ clientId: a.clientId, ...period, invoiceIds: [a.invoiceId] }),
  setMergedInvoice: (a) => ({ id: a.mergedInvoiceId, invoiceIds: [a.invoiceId] }),
  deleteInvoice: (a) => ({ id: a.mergedInvoiceId }),
  invoiceMail: (a) => ({ id: a.invoiceId, to: 'tyv@example.com' }),
  // A's invoice is paid (clinicWithEverything): B marking it paid or unpaid would change it.
  setInvoicePaid: (a) => ({ id: a.invoiceId, paidOn: copenhagenDateKey(t.clock.now()), method: 'cash' }),
  setInvoiceUnpaid: (a) => ({ id: a.invoiceId }),
  sendInvoiceReminder: (a) => ({ id: a.invoiceId }),
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
};

/**
 * Refusals that answer 400 with a field's message, because the record named in that field does not exist for the
 * caller: as good as 404 (the message is the same for a record of another clinic and one that never existed).
 */
const refusedAsMissingField: Record<string, string> = {
  'addBooking#1': 'Fejl: Behandling er påkrævet.',
  'addClient#0': 'Spørgsmålet findes ikke',
  'sendNewsletterToSelection#1': contactMessages.selectionUnknown,
};

/** A fingerprint of everything of clinic A: every tenant collection's documents, hashed. */
async function fingerprint(companyId: string): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const name of TENANT_MODELS) {
    const model = t.models[name] as unknown as { find(filter: object): { sort(s: object): { lean(): Promise<unknown[]> } } };
    const docs = await model.find({ companyId }).sort({ _id: 1 }).lean();
    prints[name] = createHash('sha256').update(JSON.stringify(docs)).digest('hex');
  }
  prints.company = createHash('sha256').update(JSON.stringify(await t.models.Company.findById(companyId).lean())).digest('hex');
  return prints;
}

it('has a sample for every non-public action that takes an id', () => {
  // The platform administrator's and the support team's actions reach across clinics by design; no clinic's caller
  // gets past their access (the authorization matrix), so they have no sample here.
  const clinicCalled = (name: ActionName) => !['public', 'superadmin', 'team'].includes(actions[name].access);
  const needed = (Object.keys(actions) as ActionName[]).filter((name) => clinicCalled(name) && takesId(actions[name].input));
  expect(needed.filter((name) => !samples[name])).toEqual([]);
  expect(Object.keys(samples).filter((name) => !needed.includes(name as ActionName))).toEqual([]);
});

it("refuses every action with another clinic's real ids, shows none of its data and changes none of it", async () => {
  const a = await clinicWithEverything();
  const bOwner = await clinicWithTrial(t);
  const b = {
    ...bOwner,
    treatmentId: (await ok('addTreatment', { name: 'Egen', price: 100, duration: 1800, pause: 0 }, bOwner.token)).data.id,
    newsletterId: (await ok('addNewsletter', { subject: 'B', message: '<p>B</p>' }, bOwner.token)).data.id,
  };
  await t.models.Company.updateOne({ _id: bOwner.companyId }, { $set: { importDataActive: true } });
  const secrets = [...Object.values(a).filter((value): value is string => typeof value === 'string'), a.owner.therapistId, a.owner.companyId, 'Kjær'];
  const before = await fingerprint(a.owner.companyId);
  const outcomes: Record<string, string> = {};
  const calls = (Object.entries(samples) as [ActionName, Sample | Sample[]][]).flatMap(([action, sample]) => (Array.isArray(sample) ? sample : [sample]).map((one, index) => [action, one, index] as const));
  for (const [action, sample, index] of calls) {
    const input = sample(a, b);
    let answer: { status: number; body: unknown };
    if (action === 'uploadImages') {
      const form = new FormData();
      form.set('action', action);
      form.set('token', b.token);
      for (const [key, value] of Object.entries(input)) form.set(key, String(value));
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#993366' } }).png().toBuffer();
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
      const response = await fetch(t.url, { method: 'POST', body: form });
      answer = { status: response.status, body: await response.json() };
    } else {
      answer = await t.call(action, input, b.token);
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
  const unexpected = Object.entries(outcomes).filter(([, outcome]) => outcome !== 'refused' && outcome !== '200 without A');
  expect(unexpected).toEqual([]);
  expect(await fingerprint(a.owner.companyId)).toEqual(before);
});

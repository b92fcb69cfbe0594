/**
 * What a signed-in client changes in 'Mine tider', through the real endpoint and the real outbox: cancelling and
 * moving within the therapist's notice (the calendar, the booking page, the reminders and both mails follow; a booking
 * with a journal stays; two moves into one free time give one), another client's booking (404, nothing changes), their
 * own details (a new e-mail only after its confirmation link; name and CPR refused), and 'Hent mine data' with the
 * clinic's journal rule (included, or a request in the therapist's 'Henvendelser').
 */
import { Types } from 'mongoose';
import { copenhagenWallTime, DAY_MS, messages, portalMessages, schedulingMessages } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { slotClaims } from '../src/data/concurrency/slot-claims.js';
import { tenantDb } from '../src/data/tenant-db.js';
import { reminderCandidates } from '../src/domain/contact/planner.js';
import { PENDING_MAX_MS, sweepStaleSubmissions } from '../src/domain/online-booking/stale-submissions.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { readCalendar } from './support/ical.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

let t: TestApi;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
  t.clock.set(NOW);
});
afterAll(async () => {
  await t.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
/** Tuesday 1 December 2026, 10:00 Copenhagen time. */
const NOW = at(1, 10);
const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };

let addresses = 0;
const freshAddress = (name: string) => `${name}-${(addresses += 1)}@example.dk`;

interface Clinic extends SignedInOwner {
  treatmentId: string;
}

/** A clinic with its profile, a 45-minute treatment with 15 minutes' pause, and opening hours 08–12 on the 2nd to the 4th. */
async function clinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 }, owner.token)).body.data.id;
  for (const date of [2, 3, 4]) await t.call('addOpeningHours', { from: at(date, 8), to: at(date, 12) }, owner.token);
  return { ...owner, treatmentId };
}

async function staffBooking(owner: Clinic, from: number, who: { client: ReturnType<typeof newClient> } | { clientId: string }) {
  const booked = await t.call('addBooking', { treatmentId: owner.treatmentId, from, ...who }, owner.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  return booked.body.data;
}

const mailsTo = (address: string) => t.models.OutboxMail.find({ to: address }).sort({ createdAt: 1 }).lean();
/** The therapist's mails about a client's change (their address has the clinic's own mails too). */
const noticesTo = async (address: string) => (await mailsTo(address)).filter((mail) => / har (aflyst|flyttet) sin tid$/.test(mail.subject));

/** Signs in as the client with this address the way a client does: a link from the outbox. */
async function signIn(therapistId: string, email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  expect((await t.call('requestClientPortalLink', { therapistId, email })).status).toBe(200);
  await until(async () => (await mailsTo(email)).length > before, `the link mail to ${email}`);
  const token = /#link=([A-Za-z0-9_-]+)/.exec((await mailsTo(email)).at(-1)!.text)![1]!;
  const session = await t.call('clientPortalSignIn', { linkToken: token });
  expect(session.status).toBe(200);
  return session.body.data.portalToken;
}

/** A clinic, a client with a booking on the 3rd at 09:00, signed in to 'Mine tider'. */
async function signedInClient(options: { cpr?: string } = {}) {
  const owner = await clinic();
  const email = freshAddress('klient');
  const booking = await staffBooking(owner, at(3, 9), { client: { ...newClient(options.cpr ?? '1111'), email } });
  const portalToken = await signIn(owner.therapistId, email);
  return { owner, email, booking, clientId: booking.clientId, portalToken };
}

const calendarDay = async (owner: Clinic, date: number) => (await t.call('getBookingsFromTherapist', { from: at(date, 0), to: at(date + 1, 0) }, owner.token)).body.data;
const bookingPage = async (owner: Clinic, date: number) =>
  (await t.call('clientGetAvailable', { therapistId: owner.therapistId, from: at(date, 0), to: at(date + 1, 0), duration: 45 * 60_000, pause: 15 * 60_000 })).body.data;
const claimsOf = (bookingId: string) => t.models.SlotClaim.countDocuments({ ref: new Types.ObjectId(bookingId) });

/** The reminders the planner would make now of bookings starting on the 2nd to the 5th (reminders on for therapist and client). */
async function plannedReminders(owner: Clinic) {
  const therapist = (await t.models.Therapist.findById(owner.therapistId).lean())!;
  const db = tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId));
  return (await reminderCandidates(db, therapist, { after: at(2, 0), until: at(5, 0) }, t.clock.now())).map((job) => ({ ref: job.ref.toString(), at: job.at }));
}

async function remindersOn(owner: Clinic, clientId: string) {
  await t.models.Therapist.updateOne({ _id: owner.therapistId }, { $set: { reminders: true, reminderLeadHours: 24 } });
  expect((await t.call('setClient', { id: clientId, changes: { reminder: true, phonePrivate: '20123456' } }, owner.token)).status).toBe(200);
}

function calendarFileOf(mail: { attachments?: { filename?: string | null; text?: string | null }[] }) {
  const files = (mail.attachments ?? []).filter((attachment) => attachment.filename === 'booking.ics');
  expect(files).toHaveLength(1);
  return readCalendar(files[0]!.text!);
}

afterEach(() => t.clock.set(NOW));

describe('cancelling', () => {
  it('inside the notice is refused with the rule; outside it the calendar, the booking page, the reminders and both mails follow', async () => {
    const { owner, email, booking, clientId, portalToken } = await signedInClient();
    await remindersOn(owner, clientId);
    expect(await plannedReminders(owner)).toEqual([{ ref: booking.id, at: at(3, 9) }]);

    // 23 hours before: inside the 24 hours' notice. Nothing changes. (A day later the session has ended: a new link.)
    t.clock.set(at(2, 10));
    const inside = await t.call('clientPortalCancelBooking', { portalToken: await signIn(owner.therapistId, email), bookingId: booking.id });
    expect([inside.status, inside.body.message]).toEqual([409, portalMessages.insideNotice(24)]);
    expect((await calendarDay(owner, 3)).map((row) => row.id)).toEqual([booking.id]);

    t.clock.set(NOW);
    expect(await bookingPage(owner, 3)).not.toContain(at(3, 9));
    const cancelled = await t.call('clientPortalCancelBooking', { portalToken, bookingId: booking.id });
    expect([cancelled.status, cancelled.body.message]).toEqual([200, portalMessages.bookingCancelled]);
    expect(await calendarDay(owner, 3)).toEqual([]);
    expect(await claimsOf(booking.id)).toBe(0);
    expect(await bookingPage(owner, 3)).toContain(at(3, 9));
    expect(await plannedReminders(owner)).toEqual([]);

    const [mail] = await mailsTo(email).then((mails) => mails.filter((row) => row.subject === 'Din tid hos Fysio Ærø er aflyst'));
    const file = calendarFileOf(mail!);
    expect(file.method).toBe('CANCEL');
    expect(file.events).toMatchObject([{ uid: `booking-${booking.id}@klinik`, sequence: booking.version + 1, status: 'CANCELLED' }]);
    const [notice] = await noticesTo(owner.email);
    expect(notice!.subject).toBe('Signe Kjær har aflyst sin tid');
    expect(notice!.text).toContain('Signe Kjær har aflyst sin tid (Massage) 03-12-2026 kl. 09:00 i Mine tider.');
  });

  it("keeps a booking with a journal (409, call the clinic) and mails no therapist who said no", async () => {
    const { owner, booking, portalToken } = await signedInClient();
    expect((await t.call('addJournal', { bookingId: booking.id }, owner.token)).status).toBe(200);
    const refused = await t.call('clientPortalCancelBooking', { portalToken, bookingId: booking.id });
    expect([refused.status, refused.body.message]).toEqual([409, portalMessages.keptByClinic]);
    expect((await calendarDay(owner, 3)).map((row) => row.id)).toEqual([booking.id]);
    expect(await claimsOf(booking.id)).toBeGreaterThan(0);

    await t.call('setOnlineBookingSettings', { portalChangeMail: false }, owner.token);
    const other = await staffBooking(owner, at(4, 9), { clientId: booking.clientId });
    expect((await t.call('clientPortalCancelBooking', { portalToken, bookingId: other.id })).status).toBe(200);
    expect(await noticesTo(owner.email)).toEqual([]);
  });
});

describe('moving', () => {
  it('offers the booking page\'s times with its own counted free and outside the notice, and moves as the calendar does', async () => {
    const { owner, email, booking, clientId, portalToken } = await signedInClient();
    await remindersOn(owner, clientId);
    const free = await t.call('getClientPortalFreeTimes', { portalToken, bookingId: booking.id, from: at(3, 0), to: at(4, 0) });
    expect(free.status).toBe(200);
    // 09:15 overlaps the booking itself: offered only because its own time counts free. The booking page does not.
    expect(free.body.data).toEqual(expect.arrayContaining([at(3, 8), at(3, 9), at(3, 9, 15), at(3, 11, 15)]));
    expect(await bookingPage(owner, 3)).not.toContain(at(3, 9, 15));
    // Tomorrow from 08:00 is inside the 24 hours' notice (now 10:00); from 10:15 it is outside.
    const tomorrow = (await t.call('getClientPortalFreeTimes', { portalToken, bookingId: booking.id, from: at(2, 0), to: at(3, 0) })).body.data;
    expect(tomorrow[0]).toBe(at(2, 10, 15));

    const moved = await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: at(4, 10) });
    expect([moved.status, moved.body.message]).toEqual([200, portalMessages.bookingMoved]);
    expect(moved.body.data).toMatchObject({ id: booking.id, from: at(4, 10), to: at(4, 10, 45), mayChange: true });
    expect(await calendarDay(owner, 3)).toEqual([]);
    const [row] = await calendarDay(owner, 4);
    expect(row).toMatchObject({ id: booking.id, from: at(4, 10), to: at(4, 10, 45), version: booking.version + 1 });
    // The old time is free on the booking page at once; the reminder follows the booking.
    expect(await bookingPage(owner, 3)).toContain(at(3, 9));
    expect(await plannedReminders(owner)).toEqual([{ ref: booking.id, at: at(4, 10) }]);

    const [mail] = (await mailsTo(email)).filter((item) => item.subject === 'Din tid hos Fysio Ærø er flyttet');
    const file = calendarFileOf(mail!);
    expect(file.method).toBe('REQUEST');
    expect(file.events).toMatchObject([{ uid: `booking-${booking.id}@klinik`, sequence: row!.version, from: at(4, 10), to: at(4, 10, 45) }]);
    const [notice] = await noticesTo(owner.email);
    expect(notice!.subject).toBe('Signe Kjær har flyttet sin tid');
    expect(notice!.text).toContain('Signe Kjær har flyttet sin tid (Massage) fra 03-12-2026 kl. 09:00 til 04-12-2026 kl. 10:00 i Mine tider.');
  });

  it('refuses a time not offered, today, or inside the notice, changing nothing', async () => {
    const { owner, email, booking, portalToken } = await signedInClient();
    const other = await staffBooking(owner, at(4, 9), { client: { ...newClient('2222'), email: freshAddress('anden') } });
    const tries = [
      { from: at(4, 9, 30), status: 409, message: portalMessages.timeTaken },
      { from: at(4, 13), status: 409, message: portalMessages.timeTaken },
      { from: at(2, 10), status: 409, message: portalMessages.insideNotice(24) },
      { from: at(1, 11), status: 400 },
    ];
    for (const attempt of tries) {
      const answer = await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: attempt.from });
      expect({ from: attempt.from, status: answer.status }).toEqual({ from: attempt.from, status: attempt.status });
      if (attempt.message) expect(answer.body.message).toBe(attempt.message);
    }
    expect((await calendarDay(owner, 3)).map((row) => [row.id, row.from, row.version])).toEqual([[booking.id, at(3, 9), booking.version]]);
    expect((await calendarDay(owner, 4)).map((row) => row.id)).toEqual([other.id]);
    // The booking's own time is not inside the notice any more once the clock is: nothing may move then.
    t.clock.set(at(2, 9, 30));
    const late = await t.call('clientPortalMoveBooking', { portalToken: await signIn(owner.therapistId, email), bookingId: booking.id, from: at(4, 10) });
    expect([late.status, late.body.message]).toEqual([409, portalMessages.insideNotice(24)]);
  });

  it('gives one of two simultaneous moves into one free time; the other answers 409 and changes nothing', async () => {
    const owner = await clinic();
    const [firstEmail, secondEmail] = [freshAddress('foerst'), freshAddress('anden')];
    const first = { email: firstEmail, booking: await staffBooking(owner, at(3, 8), { client: { ...newClient('3333'), email: firstEmail } }) };
    const second = { email: secondEmail, booking: await staffBooking(owner, at(3, 10), { client: { ...newClient('4444'), email: secondEmail } }) };
    const [firstToken, secondToken] = [await signIn(owner.therapistId, first.email), await signIn(owner.therapistId, second.email)];
    const answers = await Promise.all([
      t.call('clientPortalMoveBooking', { portalToken: firstToken, bookingId: first.booking.id, from: at(4, 9) }),
      t.call('clientPortalMoveBooking', { portalToken: secondToken, bookingId: second.booking.id, from: at(4, 9) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body.message).toBe(portalMessages.timeTaken);
    const day4 = await calendarDay(owner, 4);
    expect(day4).toHaveLength(1);
    expect(day4[0]).toMatchObject({ from: at(4, 9), version: 1 });
    const loser = day4[0]!.id === first.booking.id ? second.booking : first.booking;
    expect((await calendarDay(owner, 3)).map((row) => [row.id, row.from, row.version])).toEqual([[loser.id, loser.from, 0]]);
    // The loser holds its old time's claims only: 45 minutes in five-minute units.
    expect([await claimsOf(loser.id), await claimsOf(day4[0]!.id)]).toEqual([9, 9]);
  });

  it('loses to a claim made after the time was offered (another request between the check and the claim): 409, nothing changed', async () => {
    const { owner, booking, portalToken } = await signedInClient();
    // The time is free on the booking page, but its claims are held: a request that got there first is mid-way.
    const slots = slotClaims(t.api.services.models, new Types.ObjectId(owner.companyId));
    const other = new Types.ObjectId();
    await slots.claim(slots.ids(new Types.ObjectId(owner.therapistId), { from: at(4, 11), to: at(4, 11, 15) }), other, 'booking', t.clock.now());
    expect(await bookingPage(owner, 4)).toContain(at(4, 11));
    const lost = await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: at(4, 11) });
    expect([lost.status, lost.body.message]).toEqual([409, portalMessages.timeTaken]);
    expect((await calendarDay(owner, 3)).map((row) => [row.id, row.from, row.version])).toEqual([[booking.id, at(3, 9), booking.version]]);
    expect(await claimsOf(booking.id)).toBe(9);
    expect(await claimsOf(other.toString())).toBe(3);
  });
});

describe("another client's booking", () => {
  it('answers 404 to free times, cancel and move, as an unknown id, and nothing changes', async () => {
    const { owner, portalToken } = await signedInClient();
    const others = await staffBooking(owner, at(4, 9), { client: { ...newClient('5555'), email: freshAddress('nabo') } });
    const elsewhere = await signedInClient({ cpr: '6666' });
    for (const bookingId of [others.id, elsewhere.booking.id, new Types.ObjectId().toString()]) {
      const answers = [
        await t.call('getClientPortalFreeTimes', { portalToken, bookingId, from: at(3, 0), to: at(4, 0) }),
        await t.call('clientPortalCancelBooking', { portalToken, bookingId }),
        await t.call('clientPortalMoveBooking', { portalToken, bookingId, from: at(3, 11) }),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array(3).fill([404, messages.notFound]));
    }
    expect((await calendarDay(owner, 4)).map((row) => [row.id, row.from, row.version])).toEqual([[others.id, at(4, 9), 0]]);
    expect((await calendarDay(elsewhere.owner, 3)).map((row) => [row.id, row.version])).toEqual([[elsewhere.booking.id, 0]]);
  });
});

describe('own details', () => {
  it('saves phone and address on the client, refuses name and CPR, and applies a new e-mail only from its link', async () => {
    const { owner, email, booking, clientId, portalToken } = await signedInClient();
    const saved = await t.call('setClientPortalDetails', { portalToken, phonePrivate: '+45 40 50 60 70', address: 'Åvej 2', post: '4000', town: 'Roskilde' });
    expect([saved.status, saved.body.message]).toEqual([200, portalMessages.detailsSaved]);
    expect(saved.body.data).toMatchObject({ phonePrivate: '+4540506070', address: 'Åvej 2', post: '4000', town: 'Roskilde', email, pendingEmail: '' });
    const record = (await t.call('getClient', { id: clientId }, owner.token)).body.data;
    expect(record).toMatchObject({ phonePrivate: '+4540506070', address: 'Åvej 2', post: '4000', town: 'Roskilde' });
    const history = (await t.call('getClientHistory', { clientId }, owner.token)).body.data;
    expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'town', value: 'Roskilde', changedBy: portalMessages.changedByClient })]));

    for (const field of [{ nameFirst: 'Anden' }, { CPR6Digit: '020202' }, { CPRLast4Digit: '9999' }]) {
      const refused = await t.post({ action: 'setClientPortalDetails', portalToken, ...field });
      expect(refused.status).toBe(400);
    }
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data).toMatchObject({ nameFirst: 'Signe', CPR6Digit: '010190', CPRLast4Digit: '1111' });

    const wrong = freshAddress('forkert');
    const right = freshAddress('ny');
    await t.call('setClientPortalDetails', { portalToken, email: wrong });
    const pending = await t.call('setClientPortalDetails', { portalToken, email: right });
    expect([pending.status, pending.body.message]).toEqual([200, portalMessages.emailConfirmSent]);
    expect(pending.body.data).toMatchObject({ email, pendingEmail: right });
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data.email).toBe(email);
    const tokenIn = async (address: string) => /#email=([A-Za-z0-9_-]+)/.exec((await mailsTo(address))[0]!.text)![1]!;
    const [wrongToken, rightToken] = [await tokenIn(wrong), await tokenIn(right)];
    expect((await mailsTo(right))[0]!.text).toContain(`/MineTider?therapistId=${owner.therapistId}#email=${rightToken}`);
    // Only the address typed last can be confirmed.
    expect((await t.call('confirmClientPortalEmail', { linkToken: wrongToken })).status).toBe(401);
    const confirmed = await t.call('confirmClientPortalEmail', { linkToken: rightToken });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, portalMessages.emailConfirmed]);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data.email).toBe(right);
    // The calendar's copy on the booking follows, as after the clinic's own change.
    expect((await calendarDay(owner, 3)).find((row) => row.id === booking.id)!.email).toBe(right);
    const again = await t.call('confirmClientPortalEmail', { linkToken: rightToken });
    expect([again.status, again.body.message]).toEqual([401, portalMessages.linkInvalid]);

    // A link opened after 15 minutes changes nothing.
    const later = freshAddress('sent');
    await t.call('setClientPortalDetails', { portalToken, email: later });
    t.clock.advance(15 * 60_000 + 1000);
    const expired = await t.call('confirmClientPortalEmail', { linkToken: await tokenIn(later) });
    expect([expired.status, expired.body.message]).toEqual([401, portalMessages.linkInvalid]);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data.email).toBe(right);
  });
});

describe("'Hent mine data'", () => {
  it('holds the booking; journals on request go to the Henvendelser, and come with the data when the clinic includes them', async () => {
    const { owner, email, booking, clientId, portalToken } = await signedInClient();
    const journal = (await t.call('addJournal', { bookingId: booking.id }, owner.token)).body.data;
    expect((await t.call('setJournal', { id: journal.id, version: journal.version, changes: { effect: 'Bedre bevægelighed i nakken' } }, owner.token)).status).toBe(200);

    const onRequest = (await t.call('clientPortalExport', { portalToken })).body.data;
    expect(onRequest).toMatchObject({
      client: { nameFirst: 'Signe', CPR: '010190-1111', email },
      bookings: [{ from: new Date(at(3, 9)).toISOString(), treatment: 'Massage' }],
      journals: portalMessages.journalOnRequest,
    });
    expect(JSON.stringify(onRequest)).not.toContain('Bedre bevægelighed');

    const asked = await t.call('requestClientPortalJournal', { portalToken });
    expect([asked.status, asked.body.message]).toEqual([200, portalMessages.journalRequested]);
    expect((await t.call('requestClientPortalJournal', { portalToken })).status).toBe(200);
    const queue = (await t.call('getPublicSubmissions', {}, owner.token)).body.data;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'journal-request', person: { nameFirst: 'Signe', nameLast: 'Kjær', email }, matchingClientId: clientId });
    // Unlike what strangers hand in, it is not swept after 14 days unanswered: the client has a right to an answer.
    await sweepStaleSubmissions(t.api.services.models, t.clock.now() + PENDING_MAX_MS + DAY_MS);
    expect((await t.call('getPublicSubmissions', {}, owner.token)).body.data.map((row) => row.id)).toEqual([queue[0]!.id]);
    // Approving tells the client the clinic sends it; the request goes.
    expect((await t.call('acceptPublicSubmission', { id: queue[0]!.id, clientId }, owner.token)).status).toBe(200);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toContain('Din journal hos Fysio Ærø');
    expect((await t.call('getPublicSubmissions', {}, owner.token)).body.data).toEqual([]);

    expect((await t.call('setOnlineBookingSettings', { journalExport: 'included' }, owner.token)).status).toBe(200);
    const included = (await t.call('clientPortalExport', { portalToken })).body.data as { journals: { effect: string; date: string }[] };
    expect(included.journals).toMatchObject([{ effect: 'Bedre bevægelighed i nakken', date: new Date(at(3, 9)).toISOString() }]);
    const refused = await t.call('requestClientPortalJournal', { portalToken });
    expect([refused.status, refused.body.message]).toEqual([409, portalMessages.journalIncluded]);
  });
});

it('keeps the calendar edit that came first: a move of a stale version loses', async () => {
  // The calendar and the portal claim alike (slots.move on `version`): the portal reads the booking fresh, so a move
  // after a calendar edit works on the edited booking and its version goes on from there.
  const { owner, booking, portalToken } = await signedInClient();
  const edited = await t.call('setBooking', { id: booking.id, version: booking.version, from: at(3, 10) }, owner.token);
  expect(edited.status).toBe(200);
  const moved = await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: at(4, 8) });
  expect(moved.status).toBe(200);
  expect((await calendarDay(owner, 4))[0]).toMatchObject({ id: booking.id, version: 2 });
  const stale = await t.call('setBooking', { id: booking.id, version: 1, from: at(4, 11) }, owner.token);
  expect([stale.status, stale.body.message]).toEqual([409, schedulingMessages.changedMeanwhile]);
});

/**
 * The public online booking through the real endpoint: every public action with good and bad input,
 * the races for a slot and for the last course seat, the CPR lookup's limits, the confirmation mail, and proof
 * that no public answer carries another client's name, e-mail, phone or CPR.
 */
import { copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ smtpUrl: smtp.url, rateLimits: generous });
  // Tuesday 1 December 2026, 10:00 Copenhagen time.
  t.clock.set(copenhagenWallTime(2026, 12, 1, 10));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
const week = { from: at(1, 0), to: at(8, 0) };

interface Clinic {
  owner: SignedInOwner;
  treatmentId: string;
}

async function bookableClinic(options: { bookingMail?: boolean } = {}): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 }, owner.token)).body.data.id;
  // Opening hours today and tomorrow, 08:00–12:00.
  await t.call('addOpeningHours', { from: at(1, 8), to: at(1, 12) }, owner.token);
  await t.call('addOpeningHours', { from: at(2, 8), to: at(2, 12) }, owner.token);
  if (options.bookingMail) await t.call('setOnlineBookingSettings', { bookingMail: true, bookingMailText: 'Husk at komme 5 minutter før.' }, owner.token);
  return { owner, treatmentId };
}

const publicBooking = (clinic: Clinic, from: number, client: { client: ReturnType<typeof newClient> } = { client: newClient('1111') }) => ({
  therapistId: clinic.owner.therapistId,
  treatmentId: clinic.treatmentId,
  from,
  reason: 'Ondt i nakken',
  consent: true as const,
  ...client,
});

describe('what the page may see', () => {
  it('shows the therapist and clinic, the treatments, and free times from tomorrow only', async () => {
    const clinic = await bookableClinic();
    const info = await t.call('clientGetTherapistInfo', { therapistId: clinic.owner.therapistId });
    expect(info.body.data).toMatchObject({ nameFirst: 'Mette', companyName: 'Fysio Ærø', companyEmail: 'kontakt@fysio-aeroe.test', bookingFormEnabled: true, isAvailable: true });
    const treatments = await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.owner.therapistId });
    expect(treatments.body.data).toEqual([{ id: clinic.treatmentId, name: 'Massage', duration: 2700, pause: 900, price: 450, payment: null }]);
    const free = await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 45 * 60_000, pause: 15 * 60_000 });
    // Today (the 1st) is never offered; tomorrow 08:00 to 11:15, every 15 minutes.
    expect(free.body.data[0]).toBe(at(2, 8));
    expect(free.body.data.at(-1)).toBe(at(2, 11, 15));
    expect(free.body.data.every((start) => start >= at(2, 0))).toBe(true);
  });

  it('refuses an unknown therapist, a range over 7 days, and wrong shapes', async () => {
    const clinic = await bookableClinic();
    expect((await t.call('clientGetTherapistInfo', { therapistId: '0123456789abcdef01234567' })).status).toBe(404);
    expect((await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, from: at(1, 0), to: at(20, 0), duration: 2700000, pause: 0 })).status).toBe(400);
    expect((await t.post({ action: 'clientGetAvailable', therapistId: { $ne: null }, ...week, duration: 1, pause: 0 })).status).toBe(400);
  });
});

describe('clientAddBooking', () => {
  it('books a new client tomorrow, in the therapist calendar, and mails the confirmation with the clinic text', async () => {
    const clinic = await bookableClinic({ bookingMail: true });
    const client = { ...newClient('2222'), email: 'ny-klient@example.dk' };
    const answer = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client }));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Din booking er nu oprettet.');
    const calendar = await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.owner.token);
    expect(calendar.body.data).toMatchObject([{ nameFirst: 'Signe', treatmentName: 'Massage', from: at(2, 9), to: at(2, 9, 45), reason: 'Ondt i nakken' }]);
    const mail = await smtp.waitForMail('ny-klient@example.dk');
    expect(mail.subject).toBe('Bekræftelse af din booking hos Fysio Ærø');
    expect(mail.text).toContain('Husk at komme 5 minutter før.');
    expect(mail.text).toContain('02-12-2026 kl. 09:00');
    // 'Mine tider' of this booking page (no token: the page asks for the e-mail).
    expect(mail.text).toContain(`Se, flyt eller aflys dine tider på Mine tider: http://localhost:3000/MineTider?therapistId=${clinic.owner.therapistId}\n`);
    expect(mail.html).toContain(`<a href="http://localhost:3000/MineTider?therapistId=${clinic.owner.therapistId}">`);
    // The booked time and its pause are no longer offered.
    const free = await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 45 * 60_000, pause: 15 * 60_000 });
    expect(free.body.data.filter((start) => start > at(2, 8) && start < at(2, 10))).toEqual([]);
  });

  it('sends no mail when the therapist has it off', async () => {
    const clinic = await bookableClinic();
    const client = { ...newClient('3333'), email: 'uden-mail@example.dk' };
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client }))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.some((mail) => mail.to.includes('uden-mail@example.dk'))).toBe(false);
  });

  it("refuses today with the spec's message, and times that are not offered", async () => {
    const clinic = await bookableClinic();
    const today = await t.call('clientAddBooking', publicBooking(clinic, at(1, 11)));
    expect(today.status).toBe(400);
    expect(today.body.message).toBe('Du kan kun bestille tider i morgen og frem. Hvis du har brug for at booke til i dag, bedes du kontakte klinikken for at aftale en tid.');
    for (const from of [at(2, 7), at(2, 11, 30), at(3, 9), at(2, 9, 5)]) {
      expect((await t.call('clientAddBooking', publicBooking(clinic, from))).status).toBe(409);
    }
    expect(await t.models.Booking.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
  });

  it('refuses when the form is off, for a treatment of another therapist, and without consent or reason', async () => {
    const clinic = await bookableClinic();
    const other = await bookableClinic();
    expect((await t.call('clientAddBooking', { ...publicBooking(clinic, at(2, 9)), treatmentId: other.treatmentId })).status).toBe(400);
    expect((await t.post({ action: 'clientAddBooking', ...publicBooking(clinic, at(2, 9)), consent: false })).body.errors?.consent).toBe('Du skal give samtykke for at booke');
    expect((await t.call('clientAddBooking', { ...publicBooking(clinic, at(2, 9)), reason: ' ' })).body.errors?.reason).toBe('Årsag til henvendelse er påkrævet');
    const badClient = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: { ...newClient(), email: 'nej', CPR6Digit: '12' } }));
    expect(badClient.body.errors).toMatchObject({ 'client.email': 'Invalid email adresse', 'client.CPR6Digit': 'Fødselsdag skal være 6 cifre.' });
    await t.call('setOnlineBookingSettings', { bookingFormEnabled: false }, clinic.owner.token);
    const off = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9)));
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Bookingformular er deaktiveret');
    expect((await t.call('clientGetTherapistInfo', { therapistId: clinic.owner.therapistId })).body.data.bookingFormEnabled).toBe(false);
    expect((await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 2700000, pause: 0 })).body.data).toEqual([]);
  });

  it('gives one of two clients racing for the same time the booking and the other a refusal', async () => {
    const clinic = await bookableClinic();
    const answers = await Promise.all([
      t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client: newClient('4441') })),
      t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client: newClient('4442') })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.owner.companyId })).toBe(1);
    // The loser's new client record went again.
    expect(await t.models.Client.countDocuments({ companyId: clinic.owner.companyId })).toBe(1);
  });

  it('books the client on record when name and e-mail match, and never makes a second record', async () => {
    const clinic = await bookableClinic();
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: newClient('5555') }, clinic.owner.token);
    // The same person, typed with other case and spacing.
    const again = { ...newClient('5555'), nameFirst: ' signe ', email: 'SIGNE@example.dk' };
    const answer = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: again }));
    expect(answer.status).toBe(200);
    expect(await t.models.Client.countDocuments({ companyId: clinic.owner.companyId })).toBe(1);
    const bookings = await t.models.Booking.find({ companyId: clinic.owner.companyId }).lean();
    expect(bookings).toHaveLength(2);
    expect(new Set(bookings.map((booking) => booking.clientId.toString())).size).toBe(1);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
  });

  it('limits CPR look-ups per address', async () => {
    // Its own API and database, so the allowance it uses up does not touch the other tests.
    const limited = await startTestApi({ rateLimits: { ...DEFAULT_RATE_LIMITS, getClientsFromTherapistCompanyOnlineBooking: { points: 10, durationSeconds: 900 } } });
    limited.clock.startFreshRateLimitWindows();
    try {
      const owner = await clinicWithTrial(limited);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push((await limited.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: owner.therapistId, CPR: `01019${String(attempt).padStart(5, '0')}` })).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('course sign-up', () => {
  async function courseWithDay(limit: number, latestDays = 1) {
    const clinic = await bookableClinic();
    const eventId = (await t.call('addEvent', { title: 'Nakkeskole', description: '<p>Øvelser</p>', limit, min: 1 }, clinic.owner.token)).body.data.id;
    const dateId = (await t.call('addEventDates', { eventId, dates: [{ from: at(10, 17), to: at(10, 19), latestDays }] }, clinic.owner.token)).body.data[0]!.id;
    return { clinic, eventId, dateId };
  }

  it('lists open courses and days, seats clients while there is room, then the waiting list', async () => {
    const { clinic, eventId, dateId } = await courseWithDay(1);
    expect((await t.call('clientGetEventsFromTherapist', { therapistId: clinic.owner.therapistId })).body.data.map((row) => row.title)).toEqual(['Nakkeskole']);
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]).toMatchObject({ id: dateId, clients: 0, limit: 1, full: false, deadline: at(9, 17) });
    const first = await t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], client: newClient('7001'), consent: true });
    expect(first.body).toMatchObject({ message: 'Du er tilmeldt kurset', data: [{ eventDateId: dateId, isWaiting: false }] });
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]!.full).toBe(true);
    const second = await t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], client: { ...newClient('7002'), nameFirst: 'Vera', email: 'vera@example.dk' }, consent: true });
    expect(second.body).toMatchObject({ message: 'Du er skrevet på ventelisten', data: [{ isWaiting: true }] });
    const list = await t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, clinic.owner.token);
    expect(list.body.data.map((row) => [row.nameFirst, row.isWaiting])).toEqual([['Signe', false], ['Vera', true]]);
    // Removing the participant gives the seat to the first on the waiting list, who is told by mail.
    expect((await t.call('deleteEventDateClient', { id: list.body.data[0]!.id }, clinic.owner.token)).status).toBe(200);
    const after = await t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, clinic.owner.token);
    expect(after.body.data.map((row) => [row.nameFirst, row.isWaiting])).toEqual([['Vera', false]]);
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]).toMatchObject({ clients: 1, full: true });
    const mail = await smtp.waitForMail('vera@example.dk');
    expect(mail.subject).toBe('Du har fået en plads på Nakkeskole');
    expect(mail.text).toContain('du er nu tilmeldt Nakkeskole');
    // Removing the last one leaves an empty day; nobody is waiting.
    await t.call('deleteEventDateClient', { id: after.body.data[0]!.id }, clinic.owner.token);
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]).toMatchObject({ clients: 0, full: false });
    expect(await t.models.CourseSeat.countDocuments({ eventDateId: dateId })).toBe(0);
  });

  it('moves exactly as many people up as seats were freed when removals race', async () => {
    const { clinic, eventId, dateId } = await courseWithDay(2);
    for (const last4 of ['7101', '7102', '7103', '7104', '7105']) {
      await t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], client: newClient(last4), consent: true });
    }
    const seated = (await t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, clinic.owner.token)).body.data.filter((row) => !row.isWaiting);
    expect(seated).toHaveLength(2);
    const answers = await Promise.all(seated.map((row) => t.call('deleteEventDateClient', { id: row.id }, clinic.owner.token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = (await t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, clinic.owner.token)).body.data;
    expect(rows.filter((row) => !row.isWaiting)).toHaveLength(2);
    expect(rows.filter((row) => row.isWaiting)).toHaveLength(1);
    const seats = await t.models.CourseSeat.find({ eventDateId: dateId }).lean();
    expect(seats).toHaveLength(2);
    // Each seat belongs to one of the seated, and nobody holds two.
    expect(new Set(seats.map((seat) => String(seat.ref)))).toEqual(new Set(rows.filter((row) => !row.isWaiting).map((row) => row.id)));
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]).toMatchObject({ clients: 2, full: true });
  });

  it('gives the last seats to exactly as many clients as there are seats, however they race', async () => {
    const { clinic, dateId } = await courseWithDay(2);
    const answers = await Promise.all(
      ['8001', '8002', '8003', '8004', '8005'].map((last4) =>
        t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], client: newClient(last4), consent: true }),
      ),
    );
    expect(answers.map((answer) => answer.body.data?.[0]?.isWaiting).sort()).toEqual([false, false, true, true, true]);
    const rows = (await t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, clinic.owner.token)).body.data;
    expect(rows.filter((row) => !row.isWaiting)).toHaveLength(2);
    expect(await t.models.CourseSeat.countDocuments({ eventDateId: dateId })).toBe(2);
  });

  it('enforces the sign-up deadline, and answers a second sign-up with the place already held', async () => {
    const late = await courseWithDay(5, 9); // closes 9 days before the 10th, i.e. on the 1st at 17:00
    t.clock.set(at(1, 18));
    try {
      const answer = await t.call('clientAddEventDateClients', { therapistId: late.clinic.owner.therapistId, eventDateIds: [late.dateId], client: newClient('9001'), consent: true });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Tilmeldingsfristen for denne kursusdag er overskredet');
      expect((await t.call('clientGetEventDatesFromTherapist', { eventId: late.eventId })).body.data).toEqual([]);
    } finally {
      t.clock.set(at(1, 10));
    }
    const open = await courseWithDay(5);
    const once = await t.call('clientAddEventDateClients', { therapistId: open.clinic.owner.therapistId, eventDateIds: [open.dateId], client: newClient('9002'), consent: true });
    const twice = await t.call('clientAddEventDateClients', { therapistId: open.clinic.owner.therapistId, eventDateIds: [open.dateId], client: newClient('9002'), consent: true });
    // A refusal ('already signed up') would tell that the person is known: the answer is the first one again.
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(once.body);
    expect(await t.models.EventDateClient.countDocuments({ eventDateId: open.dateId })).toBe(1);
  });
});

describe('clientUnsubscribe', () => {
  it('opts the client out with a signed token, and refuses database ids and forged tokens', async () => {
    const clinic = await bookableClinic();
    const booked = await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: newClient('1212') }, clinic.owner.token);
    const { unsubscribeToken } = await import('../src/domain/online-booking/unsubscribe.js');
    const token = unsubscribeToken(t.api.services.tokens, booked.body.data.clientId, clinic.owner.companyId);
    expect((await t.call('clientUnsubscribe', { clientId: booked.body.data.clientId.padEnd(24, '0') })).status).toBe(400);
    expect((await t.call('clientUnsubscribe', { clientId: `${token.slice(0, -4)}AAAA` })).status).toBe(400);
    const answer = await t.call('clientUnsubscribe', { clientId: token });
    expect(answer.body.message).toBe('Du er nu afmeldt nyhedsbreve');
    expect((await t.models.Client.findById(booked.body.data.clientId).lean())?.newsletter).toBe(false);
  });
});

it("never answers another client's name, e-mail, phone or CPR on a public action", async () => {
  const clinic = await bookableClinic();
  const secret = { nameFirst: 'Hemmelig', nameLast: 'Klientsen', CPR6Digit: '241299', CPRLast4Digit: '7777', email: 'hemmelig@example.dk', phonePrivate: '99887766' };
  await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(2, 8), client: secret }, clinic.owner.token);
  const eventId = (await t.call('addEvent', { title: 'Kursus', description: '', limit: 1, min: 0 }, clinic.owner.token)).body.data.id;
  const dateId = (await t.call('addEventDates', { eventId, dates: [{ from: at(12, 17), to: at(12, 18), latestDays: 0 }] }, clinic.owner.token)).body.data[0]!.id;
  // A stranger who knows the CPR number, with their own name and e-mail.
  const stranger = { ...newClient('7777'), CPR6Digit: '241299', email: 'fremmed@example.dk' };
  const answers = [
    await t.call('clientGetTherapistInfo', { therapistId: clinic.owner.therapistId }),
    await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.owner.therapistId }),
    await t.call('clientGetEventsFromTherapist', { therapistId: clinic.owner.therapistId }),
    await t.call('clientGetEventDatesFromTherapist', { eventId }),
    await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 2700000, pause: 0 }),
    await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '2412997777' }),
    await t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], client: stranger, consent: true }),
    await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client: stranger })),
  ];
  const text = JSON.stringify(answers.map((answer) => answer.body));
  for (const value of ['Hemmelig', 'Klientsen', 'hemmelig@example.dk', '99887766']) expect(text).not.toContain(value);
});

describe('a known and an unknown person get the same answer', () => {
  const known = { nameFirst: 'Kendt', nameLast: 'Klient', CPR6Digit: '150580', CPRLast4Digit: '1357', email: 'kendt@example.dk', phonePrivate: '22334455' };
  // A stranger who knows the CPR number, but types their own name and e-mail.
  const strangerWith = (cprLast4: string) => ({ nameFirst: 'Fremmed', nameLast: 'Person', CPR6Digit: '150580', CPRLast4Digit: cprLast4, email: `fremmed${cprLast4}@example.dk`, phonePrivate: '66778899' });

  async function clinicWithKnownClient() {
    const clinic = await bookableClinic({ bookingMail: true });
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: known }, clinic.owner.token);
    return clinic;
  }

  it('CPR lookup, booking and course sign-up: identical status and body; the held one touches no record', async () => {
    const clinic = await clinicWithKnownClient();
    const therapistId = clinic.owner.therapistId;
    const lookups = await Promise.all(['1357', '2468'].map((last4) => t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId, CPR: `150580${last4}` })));
    expect(lookups.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { data: [] }],
      [200, { data: [] }],
    ]);

    const knownBooking = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: strangerWith('1357') }));
    const unknownBooking = await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client: strangerWith('2468') }));
    expect([knownBooking.status, knownBooking.body]).toEqual([unknownBooking.status, unknownBooking.body]);
    expect(knownBooking.status).toBe(200);
    // Both strangers got the same receipt at the address they gave; nothing went to the client on record.
    expect((await smtp.waitForMail('fremmed1357@example.dk')).subject).toBe((await smtp.waitForMail('fremmed2468@example.dk')).subject);
    // Both times are gone from the page, as a booked time is.
    const free = await t.call('clientGetAvailable', { therapistId, ...week, duration: 45 * 60_000, pause: 15 * 60_000 });
    expect(free.body.data.filter((start) => start >= at(2, 9) && start < at(2, 11))).toEqual([]);
    // The known record is untouched: no booking on it from the stranger; the stranger's request waits for the therapist.
    const client = await t.models.Client.findOne({ companyId: clinic.owner.companyId, cprKey: '1505801357' }).lean();
    expect(client).toMatchObject({ nameFirst: 'Kendt', email: 'kendt@example.dk' });
    expect(await t.models.Booking.countDocuments({ companyId: clinic.owner.companyId, clientId: client!._id })).toBe(1);
    expect(await t.models.PublicSubmission.find({ companyId: clinic.owner.companyId }, { kind: 1, 'person.nameFirst': 1, from: 1, _id: 0 }).lean()).toEqual([
      { kind: 'booking', person: { nameFirst: 'Fremmed' }, from: at(2, 9) },
    ]);

    const eventId = (await t.call('addEvent', { title: 'Kursus', description: '', limit: 2, min: 0 }, clinic.owner.token)).body.data.id;
    const dateId = (await t.call('addEventDates', { eventId, dates: [{ from: at(12, 17), to: at(12, 18), latestDays: 0 }] }, clinic.owner.token)).body.data[0]!.id;
    const signUps = [];
    // Known (held) and a number nobody has used yet (seated).
    for (const last4 of ['1357', '9753']) {
      signUps.push(await t.call('clientAddEventDateClients', { therapistId, eventDateIds: [dateId], client: { ...strangerWith(last4), email: `kursus${last4}@example.dk` }, consent: true }));
    }
    expect(signUps.map((answer) => answer.status)).toEqual([200, 200]);
    expect(signUps[0]!.body).toEqual(signUps[1]!.body);
    // The held sign-up counts as taken on the page, as a seated one does.
    expect((await t.call('clientGetEventDatesFromTherapist', { eventId })).body.data[0]).toMatchObject({ clients: 2, full: true });
    expect(await t.models.EventDateClient.countDocuments({ eventDateId: dateId })).toBe(1);
  });

  it('the therapist accepts a held booking onto the client chosen; a time taken meanwhile refuses and keeps it waiting', async () => {
    const clinic = await clinicWithKnownClient();
    await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: strangerWith('1357') }));
    await t.call('clientAddBooking', publicBooking(clinic, at(2, 11), { client: strangerWith('1357') }));
    const held = (await t.call('getPublicSubmissions', {}, clinic.owner.token)).body.data;
    expect(held.map((row) => [row.kind, row.treatmentName, row.from])).toEqual([
      ['booking', 'Massage', at(2, 11)],
      ['booking', 'Massage', at(2, 9)],
    ]);
    const knownId = held[0]!.matchingClientId!;
    expect(knownId).toBeTruthy();
    // 11:00 is taken in the calendar meanwhile: accepting it is refused, and it still waits.
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(2, 11), client: newClient('9898') }, clinic.owner.token);
    expect((await t.call('acceptPublicSubmission', { id: held[0]!.id, clientId: knownId }, clinic.owner.token)).status).toBe(409);
    expect((await t.call('getPublicSubmissions', {}, clinic.owner.token)).body.data).toHaveLength(2);
    const accepted = await t.call('acceptPublicSubmission', { id: held[1]!.id, clientId: knownId }, clinic.owner.token);
    expect(accepted.body.data.clientId).toBe(knownId);
    const calendar = await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.owner.token);
    expect(calendar.body.data.map((booking) => [booking.nameFirst, booking.from])).toEqual(expect.arrayContaining([['Kendt', at(2, 9)]]));
    expect((await t.call('acceptPublicSubmission', { id: held[1]!.id, clientId: knownId }, clinic.owner.token)).status).toBe(404);
  });

  it('takes no new client directly while the therapist takes existing ones only, with the same answer', async () => {
    const clinic = await clinicWithKnownClient();
    await t.models.Therapist.updateOne({ _id: clinic.owner.therapistId }, { isAvailable: false });
    const answers = [
      await t.call('clientAddBooking', publicBooking(clinic, at(2, 8), { client: known })),
      await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { client: strangerWith('2468') })),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { message: 'Din booking er nu oprettet.' }],
      [200, { message: 'Din booking er nu oprettet.' }],
    ]);
    expect(await t.models.Client.countDocuments({ companyId: clinic.owner.companyId })).toBe(1);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: clinic.owner.companyId, kind: 'booking' })).toBe(1);
  });

  it('a known and an unknown person take about as long (same work on both paths)', async () => {
    // Measured interleaved, in pairs whose order alternates, after one of each has warmed the paths up: both paths then
    // meet the same load (a cold cache, a build beside the test), so the comparison holds on a busy two-core machine;
    // a path with an extra slow step (a few hundred milliseconds) still fails it.
    const clinic = await clinicWithKnownClient();
    // Open 08–12 on the 2nd (bookableClinic), the 5th and the 6th: an hour a booking, twelve in all.
    for (const day of [5, 6]) await t.call('addOpeningHours', { from: at(day, 8), to: at(day, 12) }, clinic.owner.token);
    const slots = [2, 5, 6].flatMap((day) => [8, 9, 10, 11].map((hour) => at(day, hour)));
    let next = 0;
    const timed = async (kind: 'known' | 'unknown') => {
      const started = performance.now();
      const answer = await t.call('clientAddBooking', publicBooking(clinic, slots[next++]!, { client: strangerWith(kind === 'known' ? '1357' : `${3000 + next}`) }));
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    await timed('known');
    await timed('unknown');
    const differences: number[] = [];
    const unknownTimes: number[] = [];
    for (let pair = 0; pair < 5; pair++) {
      const [first, second] = pair % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      const times = { [first]: await timed(first), [second]: await timed(second) } as Record<'known' | 'unknown', number>;
      differences.push(times.known - times.unknown);
      unknownTimes.push(times.unknown);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(differences))).toBeLessThan(Math.max(150, median(unknownTimes) * 0.75));
  });

  it('refuses everybody alike while the form is off or the plan has run out', async () => {
    const clinic = await clinicWithKnownClient();
    const tries = () =>
      Promise.all([
        t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '1505801357' }),
        t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '1505802468' }),
        t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: strangerWith('1357') })),
        t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: strangerWith('2468') })),
      ]);
    await t.call('setOnlineBookingSettings', { bookingFormEnabled: false }, clinic.owner.token);
    for (const answer of await tries()) expect([answer.status, answer.body.message]).toEqual([409, 'Bookingformular er deaktiveret']);
    await t.call('setOnlineBookingSettings', { bookingFormEnabled: true }, clinic.owner.token);
    await t.models.Company.updateOne({ _id: clinic.owner.companyId }, { $set: { status: 'expired' } });
    for (const answer of await tries()) expect([answer.status, answer.body.message]).toEqual([409, 'Bookingformular er deaktiveret']);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
  });

});

describe('the public surface under abuse', () => {
  // The real limits (the rest of this file multiplies them), and the caller's address from X-Forwarded-For.
  let s: TestApi;
  beforeAll(async () => {
    s = await startTestApi({ smtpUrl: smtp.url, trustProxyHops: 1 });
    s.clock.set(copenhagenWallTime(2026, 12, 1, 10));
  });
  afterAll(() => s.close());

  const known = { nameFirst: 'Kendt', nameLast: 'Klient', CPR6Digit: '150580', CPRLast4Digit: '1357', email: 'kendt@example.dk', phonePrivate: '22334455' };
  const person = (cprLast4: string, email: string) => ({ nameFirst: 'Fremmed', nameLast: 'Person', CPR6Digit: '150580', CPRLast4Digit: cprLast4, email, phonePrivate: '66778899' });
  const intakePerson = (cprLast4: string, email: string) => ({ ...person(cprLast4, email), address: 'Vej 1', post: '5000', town: 'Odense' });
  const from = (source: string) => ({ headers: { 'x-forwarded-for': source } });

  /** A clinic open 08–20 on the 2nd to the 9th, with a known client, a treatment and a course of eight days. */
  async function busyClinic() {
    const owner = await clinicWithTrial(s);
    const treatmentId = (await s.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 }, owner.token)).body.data.id;
    for (let day = 2; day <= 9; day++) await s.call('addOpeningHours', { from: at(day, 8), to: at(day, 20) }, owner.token);
    await s.call('setOnlineBookingSettings', { bookingMail: true, bookingMailText: '' }, owner.token);
    await s.call('addBooking', { treatmentId, from: at(10, 9), client: known }, owner.token);
    const eventId = (await s.call('addEvent', { title: 'Hold', description: '', limit: 10, min: 0 }, owner.token)).body.data.id;
    const dates = (await s.call('addEventDates', { eventId, dates: Array.from({ length: 8 }, (_, n) => ({ from: at(12 + n, 17), to: at(12 + n, 18), latestDays: 0 })) }, owner.token)).body.data;
    return { owner, treatmentId, dateIds: dates.map((date) => date.id) };
  }
  type Busy = Awaited<ReturnType<typeof busyClinic>>;
  const booking = (clinic: Busy, at: number, client: ReturnType<typeof person>) => ({ action: 'clientAddBooking', therapistId: clinic.owner.therapistId, treatmentId: clinic.treatmentId, from: at, reason: 'Ondt i ryggen', consent: true, client });
  const signUp = (clinic: Busy, dateId: string, client: ReturnType<typeof person>) => ({ action: 'clientAddEventDateClients', therapistId: clinic.owner.therapistId, eventDateIds: [dateId], consent: true, client });

  it('answers any sequence of bookings and sign-ups alike for a known and an unknown person, counting every one', async () => {
    const clinic = await busyClinic();
    /** Twelve submissions from one e-mail and one CPR number: bookings and sign-ups mixed, each for a time of its own. */
    const sequence = async (client: ReturnType<typeof person>, firstDay: number, source: string) => {
      const answers = [];
      for (let n = 0; n < 12; n++) {
        const body = n % 3 === 2 ? signUp(clinic, clinic.dateIds[Math.floor(n / 3)]!, client) : booking(clinic, at(firstDay + (n % 2), 8 + n), client);
        const answer = await s.post(body, from(source));
        answers.push([answer.status, answer.body]);
      }
      return answers;
    };
    // A stranger with a client's CPR number (held each time), and a new person (a new client, then matched each time).
    const knownAnswers = await sequence(person('1357', 'probe-kendt@example.dk'), 2, '203.0.113.10');
    const unknownAnswers = await sequence(person('2468', 'probe-ny@example.dk'), 4, '203.0.113.11');
    expect(knownAnswers).toEqual(unknownAnswers);
    expect(knownAnswers.map(([status]) => status)).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(knownAnswers[10]![1]).toMatchObject({ message: 'Der er sendt mange henvendelser med disse oplysninger i dag. Prøv igen i morgen, eller kontakt klinikken direkte.' });
    // Counted per CPR number too: the client's number with ever new e-mails is refused as soon.
    const byCpr = [];
    for (let n = 0; n < 2; n++) byCpr.push((await s.post(booking(clinic, at(6, 8 + n), person('1357', `ny-adresse-${n}@example.dk`)), from('203.0.113.12'))).status);
    expect(byCpr).toEqual([429, 429]);
  });

  it('never refuses a new or a matched client for a full review queue; a held one beyond it is answered alike and not kept', async () => {
    const clinic = await busyClinic();
    const { HELD_PER_CLINIC } = await import('../src/domain/online-booking/public-identity.js');
    const base = { companyId: clinic.owner.companyId, therapistId: clinic.owner.therapistId, kind: 'intake', person: { ...known, email: 'fuld@example.dk' } };
    await s.models.PublicSubmission.insertMany(Array.from({ length: HELD_PER_CLINIC }, (_, n) => ({ ...base, sourceKey: `198.51.100.${n % 250}` })));
    const answers = [
      await s.post(booking(clinic, at(2, 8), person('2468', 'ny-i-koen@example.dk')), from('203.0.113.20')),
      await s.post(booking(clinic, at(2, 10), known), from('203.0.113.21')),
      await s.post(booking(clinic, at(2, 12), person('1357', 'fremmed-i-koen@example.dk')), from('203.0.113.22')),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(3).fill([200, { message: 'Din booking er nu oprettet.' }]));
    // The new and the matched client are booked; the held one was not kept (the queue stays at its bound).
    const booked = await s.models.Booking.find({ companyId: clinic.owner.companyId, from: { $in: [at(2, 8), at(2, 10), at(2, 12)] } }).lean();
    expect(booked.map((row) => row.from).sort()).toEqual([at(2, 8), at(2, 10)]);
    expect(await s.models.PublicSubmission.countDocuments({ companyId: clinic.owner.companyId })).toBe(HELD_PER_CLINIC);
    expect(s.logs.some((line) => line.includes('a held public submission was not kept'))).toBe(true);
  });

  it('caps what one source can leave waiting; others still get through; the owner hears once when 50 wait', async () => {
    const clinic = await busyClinic();
    const { HELD_PER_SOURCE, REVIEW_QUEUE_MAIL_AT } = await import('../src/domain/online-booking/public-identity.js');
    const intake = (n: number, source: string) =>
      s.post({ action: 'clientSubmitClientForm', therapistID: clinic.owner.therapistId, answers: [], client: intakePerson(String(5000 + n), `formular-${n}@example.dk`) }, from(source));
    const fromOne = [];
    for (let n = 0; n <= HELD_PER_SOURCE; n++) fromOne.push(await intake(n, '203.0.113.30'));
    expect(new Set(fromOne.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).size).toBe(1);
    expect(fromOne[0]!.status).toBe(200);
    const waiting = () => s.models.PublicSubmission.countDocuments({ companyId: clinic.owner.companyId });
    expect(await waiting()).toBe(HELD_PER_SOURCE);
    // Another address of the same IPv6 /64 is the same source; another source is kept.
    expect((await intake(100, '2001:db8:1:2::5')).status).toBe(200);
    expect((await intake(101, '2001:db8:1:2:ffff::9')).status).toBe(200);
    expect(await waiting()).toBe(HELD_PER_SOURCE + 2);
    // Up to the owner's mail: from many sources, as a real queue fills.
    const base = { companyId: clinic.owner.companyId, therapistId: clinic.owner.therapistId, kind: 'intake', person: { ...known } };
    await s.models.PublicSubmission.insertMany(Array.from({ length: REVIEW_QUEUE_MAIL_AT - HELD_PER_SOURCE - 3 }, (_, n) => ({ ...base, sourceKey: `192.0.2.${n}` })));
    expect((await intake(102, '203.0.113.31')).status).toBe(200);
    const mail = await smtp.waitForMail(clinic.owner.email, 10_000, 'Mange henvendelser venter på jer');
    expect(mail.text).toContain(`${REVIEW_QUEUE_MAIL_AT} henvendelser`);
  });

  it('lets the therapist reject many at once, only their own (the owner all)', async () => {
    const clinic = await busyClinic();
    for (let n = 0; n < 3; n++) await s.post({ action: 'clientSubmitClientForm', therapistID: clinic.owner.therapistId, answers: [], client: intakePerson(String(6000 + n), `afvis-${n}@example.dk`) }, from(`203.0.113.${40 + n}`));
    const ids = (await s.call('getPublicSubmissions', {}, clinic.owner.token)).body.data.map((row) => row.id);
    expect(ids).toHaveLength(3);
    const colleague = await colleagueOf(s, clinic.owner);
    const theirs = await s.call('rejectPublicSubmissions', { ids }, colleague.token);
    expect([theirs.status, theirs.body.data?.rejected]).toEqual([200, 0]);
    const other = await clinicWithTrial(s);
    expect((await s.call('rejectPublicSubmissions', { ids }, other.token)).body.data?.rejected).toBe(0);
    const rejected = await s.call('rejectPublicSubmissions', { ids: [ids[0]!, ids[1]!, ids[1]!] }, clinic.owner.token);
    expect([rejected.status, rejected.body.message, rejected.body.data?.rejected]).toEqual([200, '2 henvendelser er afvist', 2]);
    expect((await s.call('getPublicSubmissions', {}, clinic.owner.token)).body.data.map((row) => row.id)).toEqual([ids[2]]);
    expect((await s.call('rejectPublicSubmissions', { ids: [] }, clinic.owner.token)).status).toBe(400);
  });

  it('mails one address at most five booking confirmations a day from one clinic, whatever is typed', async () => {
    const clinic = await busyClinic();
    const victim = 'offer@example.dk';
    for (let n = 0; n < 6; n++) expect((await s.post(booking(clinic, at(3, 8 + n), person(String(7000 + n), victim)), from(`203.0.113.${50 + n}`))).status).toBe(200);
    await until(() => s.logs.some((line) => line.includes('booking confirmation mail not sent')), 'the refused confirmation');
    await until(() => smtp.mails.filter((mail) => mail.to.includes(victim)).length >= 5, 'five confirmations');
    expect(smtp.mails.filter((mail) => mail.to.includes(victim))).toHaveLength(5);
  });

  it('makes new clients without newsletters: only their own confirmed sign-up or the therapist turns them on, on record', async () => {
    const clinic = await busyClinic();
    await s.post(booking(clinic, at(4, 8), person('8001', 'uden-nyhedsbrev@example.dk')), from('203.0.113.60'));
    const client = await s.models.Client.findOne({ companyId: clinic.owner.companyId, email: 'uden-nyhedsbrev@example.dk' }).lean();
    expect(client).toMatchObject({ newsletter: false, newsletterConsent: null });
    await s.call('setClient', { id: client!._id.toString(), changes: { newsletter: true } }, clinic.owner.token);
    const chosen = await s.models.Client.findById(client!._id).lean();
    expect(chosen).toMatchObject({ newsletter: true, newsletterConsent: { by: 'Mette Ørsted' } });
    expect(chosen!.newsletterConsent!.at).toBeLessThanOrEqual(s.clock.now());
  });
});

describe('stale public submissions', () => {
  it('are swept when their time has passed, their course days ended, or they waited 14 days unreviewed; the rest stay', async () => {
    const { sweepStaleSubmissions, PASSED_GRACE_MS, PENDING_MAX_MS } = await import('../src/domain/online-booking/stale-submissions.js');
    const { Types } = await import('mongoose');
    const now = t.clock.now();
    const companyId = new Types.ObjectId();
    const therapistId = new Types.ObjectId();
    const person = { nameFirst: 'Ukendt', nameLast: 'Person', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'u@example.dk', phonePrivate: '12345678' };
    const base = { companyId, therapistId, person, emailKey: 'u@example.dk' };
    const ended = await t.models.EventDate.create({ companyId, therapistId, eventId: new Types.ObjectId(), from: now - PASSED_GRACE_MS - 3 * 3_600_000, to: now - PASSED_GRACE_MS - 3_600_000, latestDays: 0 });
    const coming = await t.models.EventDate.create({ companyId, therapistId, eventId: new Types.ObjectId(), from: now + 86_400_000, to: now + 90_000_000, latestDays: 0 });
    const docs = await t.models.PublicSubmission.create([
      { ...base, kind: 'booking', from: now - PASSED_GRACE_MS - 7_200_000, to: now - PASSED_GRACE_MS - 3_600_000, createdAt: now - 30 * 86_400_000 },
      { ...base, kind: 'booking', from: now + 86_400_000, to: now + 90_000_000, createdAt: now - 86_400_000 },
      { ...base, kind: 'course', eventDateIds: [ended._id], createdAt: now - 86_400_000 },
      { ...base, kind: 'course', eventDateIds: [ended._id, coming._id], createdAt: now - 86_400_000 },
      { ...base, kind: 'intake', createdAt: now - PENDING_MAX_MS - 1 },
      { ...base, kind: 'intake', createdAt: now - 86_400_000 },
    ]);
    expect(await sweepStaleSubmissions(t.models, now)).toBe(3);
    const left = (await t.models.PublicSubmission.find({ companyId }).lean()).map((doc) => doc._id.toString()).sort();
    expect(left).toEqual([docs[1]!, docs[3]!, docs[5]!].map((doc) => doc._id.toString()).sort());
  });
});

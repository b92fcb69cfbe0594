/**
 * The public online booking through the real endpoint (issue 4): every public action with good and bad input,
 * the races for a slot and for the last course seat, the CPR lookup's limits, the confirmation mail, and proof
 * that no public answer carries another client's name, e-mail, phone or CPR.
 */
import jwt from 'jsonwebtoken';
import { copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

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

const publicBooking = (clinic: Clinic, from: number, client: Record<string, unknown> = { client: newClient('1111') }) => ({
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
    expect(treatments.body.data).toEqual([{ id: clinic.treatmentId, name: 'Massage', duration: 2700, pause: 900, price: 450 }]);
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

  it('books an existing client found by the full CPR number, even when the therapist takes no new clients', async () => {
    const clinic = await bookableClinic();
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: newClient('5555') }, clinic.owner.token);
    await t.models.Therapist.updateOne({ _id: clinic.owner.therapistId }, { isAvailable: false });

    expect((await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '010190' })).body.errors?.CPR).toBe('Skriv hele CPR-nummeret (10 cifre)');
    expect((await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '010190-9999' })).body.data).toEqual([]);
    const found = await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '010190-5555' });
    expect(found.body.data).toHaveLength(1);
    const { clientId, name } = found.body.data[0]!;
    expect(name).toBe('S*** K***');
    expect(clientId).not.toContain('5555');
    const client = await t.models.Client.findOne({ companyId: clinic.owner.companyId }).lean();
    expect(clientId).not.toContain(client!._id.toString());

    const refusedNew = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9)));
    expect(refusedNew.status).toBe(409);
    expect(refusedNew.body.message).toBe('Du tager ikke imod nye klienter. Der kan kun bookes tider til eksisterende klienter.');
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { clientId }))).status).toBe(200);

    // A reference is useless in another clinic, and a forged or expired one is refused.
    const other = await bookableClinic();
    expect((await t.call('clientAddBooking', publicBooking(other, at(2, 9), { clientId }))).status).toBe(400);
    const expired = jwt.sign({ cid: clinic.owner.companyId, exp: Math.floor(Date.now() / 1000) - 10 }, t.config.jwtSecret, { algorithm: 'HS256', audience: 'klinik:client-ref', subject: client!._id.toString() });
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { clientId: expired }))).body.message).toBe('Søg dig frem igen: opslaget er udløbet.');
    // And a session token is no client reference.
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { clientId: clinic.owner.token }))).status).toBe(400);
  });

  it("refuses a new client the clinic already has with the spec's message", async () => {
    const clinic = await bookableClinic();
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: newClient('6666') }, clinic.owner.token);
    const answer = await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), { client: newClient('6666') }));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Denne klient eksisterer allerede i din klinik');
  });

  it('limits CPR look-ups per address', async () => {
    // Its own API and database, so the allowance it uses up does not touch the other tests.
    const limited = await startTestApi({ rateLimits: { ...DEFAULT_RATE_LIMITS, getClientsFromTherapistCompanyOnlineBooking: { points: 10, durationSeconds: 900 } } });
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

  it('enforces the sign-up deadline and refuses signing up twice', async () => {
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
    await t.call('clientAddEventDateClients', { therapistId: open.clinic.owner.therapistId, eventDateIds: [open.dateId], client: newClient('9002'), consent: true });
    const found = (await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: open.clinic.owner.therapistId, CPR: '0101909002' })).body.data[0]!;
    const twice = await t.call('clientAddEventDateClients', { therapistId: open.clinic.owner.therapistId, eventDateIds: [open.dateId], clientId: found.clientId, consent: true });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Du er allerede tilmeldt denne kursusdag');
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
  const found = (await t.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: clinic.owner.therapistId, CPR: '2412997777' })).body.data[0]!;
  const answers = [
    await t.call('clientGetTherapistInfo', { therapistId: clinic.owner.therapistId }),
    await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.owner.therapistId, clientId: found.clientId }),
    await t.call('clientGetEventsFromTherapist', { therapistId: clinic.owner.therapistId }),
    await t.call('clientGetEventDatesFromTherapist', { eventId }),
    await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 2700000, pause: 0 }),
    { body: { found } },
    await t.call('clientAddEventDateClients', { therapistId: clinic.owner.therapistId, eventDateIds: [dateId], clientId: found.clientId, consent: true }),
    await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), { clientId: found.clientId })),
  ];
  const text = JSON.stringify(answers.map((answer) => answer.body));
  for (const value of ['Hemmelig', 'Klientsen', '241299', '7777', 'hemmelig@example.dk', '99887766']) expect(text).not.toContain(value);
  expect(text).toContain('H*** K***');
});

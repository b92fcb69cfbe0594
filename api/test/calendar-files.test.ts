/**
 * Calendar files for the client: the .ics of a booking read back by a real parser (ical.js), the confirmation mail
 * read back from a real SMTP server with its .ics, a held request's file naming the booking it becomes, and the
 * move and cancellation updates (same UID, higher SEQUENCE, CANCEL).
 */
import { copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { bookingCalendarFile, bookingUid, calendarAttachment } from '../src/domain/calendar-files/booking-event.js';
import { bookingCancelledMessage, bookingConfirmedMessage, bookingMovedMessage, type BookingMailFacts } from '../src/domain/calendar-files/booking-mails.js';
import { createOutboxMailer } from '../src/adapters/mail/index.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { readCalendar } from './support/ical.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
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
  await t?.close();
  await smtp?.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);

function calendarOf(mail: { attachments?: { filename: string; contentType: string; content: Buffer }[] }) {
  const files = (mail.attachments ?? []).filter((attachment) => attachment.filename === 'booking.ics');
  expect(files).toHaveLength(1);
  expect(files[0]!.contentType).toMatch(/^text\/calendar/);
  return readCalendar(files[0]!.content.toString('utf8'));
}

describe('the calendar file of a booking', () => {
  const event = {
    bookingId: '6750a1b2c3d4e5f6a7b8c9d0',
    sequence: 3,
    from: at(2, 9),
    to: at(2, 9, 45),
    summary: 'Massage; ryg, nakke hos Fysio Ærø',
    location: 'Fysio Ærø, Havnegade 1, 5970 Ærøskøbing',
    description: `Behandler: Mette Ærø\n${'Husk at komme 5 minutter før, og tag håndklæde med. '.repeat(4)}`,
    organizer: { name: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test' },
    attendee: { name: 'Signe', email: 'signe@example.dk' },
    now: at(1, 10),
  };

  it('is one event with a stable UID, the given SEQUENCE and the Copenhagen time, as a real parser reads it', () => {
    const text = bookingCalendarFile({ ...event, method: 'REQUEST' });
    // Folded at 75 octets with CRLF (RFC 5545 §3.1), which the parser unfolds again.
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = readCalendar(text);
    expect(calendar.method).toBe('REQUEST');
    expect(calendar.events).toEqual([
      {
        uid: 'booking-6750a1b2c3d4e5f6a7b8c9d0@klinik',
        sequence: 3,
        from: copenhagenWallTime(2026, 12, 2, 9, 0),
        to: copenhagenWallTime(2026, 12, 2, 9, 45),
        summary: event.summary,
        location: event.location,
        description: event.description,
        status: 'CONFIRMED',
      },
    ]);
    // Summer time too: 1 July 09:00 in Copenhagen is 07:00 UTC.
    const summer = readCalendar(bookingCalendarFile({ ...event, method: 'REQUEST', from: copenhagenWallTime(2027, 7, 1, 9, 0), to: copenhagenWallTime(2027, 7, 1, 10, 0) }));
    expect(new Date(summer.events[0]!.from).toISOString()).toBe('2027-07-01T07:00:00.000Z');
  });

  it('cancels the same event', () => {
    const calendar = readCalendar(bookingCalendarFile({ ...event, method: 'CANCEL', sequence: 4 }));
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events).toMatchObject([{ uid: bookingUid(event.bookingId), sequence: 4, status: 'CANCELLED' }]);
  });

  it('is attached as booking.ics with the method in its content type', () => {
    const attachment = calendarAttachment('BEGIN:VCALENDAR', 'CANCEL');
    expect(attachment).toEqual({ filename: 'booking.ics', contentType: 'text/calendar; method=CANCEL; charset=UTF-8', content: Buffer.from('BEGIN:VCALENDAR') });
  });
});

interface Clinic {
  owner: SignedInOwner;
  treatmentId: string;
}

async function bookableClinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 }, owner.token)).body.data.id;
  await t.call('addOpeningHours', { from: at(2, 8), to: at(2, 12) }, owner.token);
  await t.call('setOnlineBookingSettings', { bookingMail: true, bookingMailText: 'Husk at komme 5 minutter før.' }, owner.token);
  return { owner, treatmentId };
}

const publicBooking = (clinic: Clinic, from: number, client: ReturnType<typeof newClient>) => ({
  therapistId: clinic.owner.therapistId,
  treatmentId: clinic.treatmentId,
  from,
  reason: 'Ondt i nakken',
  consent: true as const,
  client,
});

describe('the confirmation mail', () => {
  it('carries the booking as booking.ics: its UID, SEQUENCE 0 (its version), its time and the clinic', async () => {
    const clinic = await bookableClinic();
    const client = { ...newClient('2222'), email: 'kalender-ny@example.dk' };
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), client))).status).toBe(200);
    const mail = await smtp.waitForMail(client.email);
    expect(mail.text).toContain('Med den vedhæftede kalenderfil kan du lægge tiden i din kalender.');
    const booking = (await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.owner.token)).body.data[0]!;
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('REQUEST');
    expect(calendar.events).toMatchObject([
      { uid: `booking-${booking.id}@klinik`, sequence: booking.version, from: at(2, 9), to: at(2, 9, 45), summary: 'Massage hos Fysio Ærø', status: 'CONFIRMED' },
    ]);
    expect(booking.version).toBe(0);
    expect(calendar.events[0]!.location).toContain('Fysio Ærø');
    // The file is the client's: no reason for the visit, no CPR.
    const raw = mail.attachments[0]!.content.toString('utf8');
    expect(raw).not.toContain('Ondt i nakken');
    expect(raw).not.toContain('010190');
  });

  it("looks the same for a request held for review, and its UID names the booking it becomes when accepted", async () => {
    const clinic = await bookableClinic();
    const known = { nameFirst: 'Kendt', nameLast: 'Klient', CPR6Digit: '150580', CPRLast4Digit: '1357', email: 'kendt-kal@example.dk', phonePrivate: '22334455' };
    await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 9), client: known }, clinic.owner.token);
    // A stranger who types the known CPR number with their own name is held; a new number is booked at once.
    const stranger = { nameFirst: 'Fremmed', nameLast: 'Person', CPR6Digit: '150580', CPRLast4Digit: '1357', email: 'fremmed-kal@example.dk', phonePrivate: '66778899' };
    const newcomer = { ...stranger, CPRLast4Digit: '2468', email: 'nykommer-kal@example.dk' };
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 9), stranger))).status).toBe(200);
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(2, 10), newcomer))).status).toBe(200);
    const [heldMail, bookedMail] = await Promise.all([smtp.waitForMail(stranger.email), smtp.waitForMail(newcomer.email)]);
    const shape = (mail: ReceivedMail) => ({
      subject: mail.subject,
      text: mail.text.replace(/kl\. \d\d:\d\d/, 'kl. X'),
      files: mail.attachments.map((attachment) => [attachment.filename, attachment.contentType]),
    });
    expect(shape(heldMail)).toEqual(shape(bookedMail));
    const held = calendarOf(heldMail).events[0]!;
    const booked = calendarOf(bookedMail).events[0]!;
    expect([held.sequence, booked.sequence]).toEqual([0, 0]);

    const submissions = (await t.call('getPublicSubmissions', {}, clinic.owner.token)).body.data;
    expect(submissions).toHaveLength(1);
    expect(held.uid).toBe(bookingUid(submissions[0]!.id));
    // Accepted onto the client on record (the CPR number is theirs).
    expect((await t.call('acceptPublicSubmission', { id: submissions[0]!.id, clientId: submissions[0]!.matchingClientId! }, clinic.owner.token)).status).toBe(200);
    const calendar = (await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.owner.token)).body.data;
    expect(calendar.map((booking) => bookingUid(booking.id)).sort()).toEqual([booked.uid, held.uid].sort());
  });
});

describe('a move and a cancellation', () => {
  const facts: BookingMailFacts = {
    recipient: { email: 'flyttet@example.dk', name: 'Signe' },
    bookingId: '6750a1b2c3d4e5f6a7b8c9d1',
    sequence: 1,
    from: at(3, 11),
    to: at(3, 11, 45),
    treatment: 'Massage',
    therapist: { nameFirst: 'Mette', nameLast: 'Ærø', email: 'mette@example.dk' },
    company: { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing' },
    now: at(1, 10),
  };

  it('update the event the confirmation added: the same UID, a higher SEQUENCE, then CANCEL; through real SMTP', async () => {
    const first = calendarOf(bookingConfirmedMessage({ ...facts, sequence: 0, from: at(2, 9), to: at(2, 9, 45) }, ''));
    await t.api.services.mailer.send(bookingMovedMessage(facts, at(2, 9)));
    const moved = await smtp.waitForMail('flyttet@example.dk', 10_000, 'Din tid hos Fysio Ærø er flyttet');
    expect(moved.text).toContain('Din tid er flyttet fra 02-12-2026 kl. 09:00.');
    expect(moved.text).toContain('Ny tid: 03-12-2026 kl. 11:00');
    expect(moved.text).toContain('Sted: Fysio Ærø, Havnegade 1, 5970 Ærøskøbing');
    const update = calendarOf(moved);
    expect(update.method).toBe('REQUEST');
    expect(update.events).toMatchObject([{ uid: first.events[0]!.uid, from: at(3, 11), to: at(3, 11, 45), status: 'CONFIRMED' }]);
    expect(update.events[0]!.sequence).toBeGreaterThan(first.events[0]!.sequence);

    await t.api.services.mailer.send(bookingCancelledMessage({ ...facts, sequence: 2 }));
    const cancelled = await smtp.waitForMail('flyttet@example.dk', 10_000, 'Din tid hos Fysio Ærø er aflyst');
    expect(cancelled.text).toContain('Din tid er aflyst.');
    const cancel = calendarOf(cancelled);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toMatchObject([{ uid: first.events[0]!.uid, sequence: 2, status: 'CANCELLED' }]);
    expect(cancelled.attachments[0]).toMatchObject({ contentType: 'text/calendar', contentTypeParams: { method: 'CANCEL', charset: 'UTF-8' } });
  });

  it('keeps the calendar file in the development outbox, readable for a journey', async () => {
    const outbox = createOutboxMailer(t.models, t.api.services.logger, 'http://localhost/dev/outbox');
    await outbox.send(bookingMovedMessage({ ...facts, recipient: { email: 'udbakke-kal@example.dk', name: 'Signe' } }));
    const answer = (await (await fetch(t.url.replace(/\/api$/, '/dev/outbox.json'))).json()) as { mails: { to: string[]; attachments: { filename: string; contentType: string; text: string | null }[] }[] };
    const mail = answer.mails.find((entry) => entry.to.includes('udbakke-kal@example.dk'));
    expect(mail?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([['booking.ics', 'text/calendar; method=REQUEST; charset=UTF-8']]);
    expect(readCalendar(mail!.attachments[0]!.text!).events[0]).toMatchObject({ uid: bookingUid(facts.bookingId), sequence: 1 });
  });
});

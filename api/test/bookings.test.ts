/**
 * Bookings, leaves and opening hours through the real endpoint: the overlap rule enforced by the
 * database under concurrency, moves that keep their duration, the new-client rules, tenancy, and Copenhagen time
 * on the daylight-saving days.
 */
import { copenhagenWallTime, formatCopenhagenTime, schedulingMessages, SLOT_UNIT_MS } from '@klinik/core';
import { sweepOrphanClaims } from '../src/data/concurrency/slot-claims.js';
import { cprHash } from '../src/security/encryption.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { stallNextInvoiceInsert } from './support/stall-insert.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const OVERLAP = 'Denne tidspunkt overlapper med en anden booking. Vælg en anden tidspunkt.';
const nineOn = (day: number, month = 12, hour = 9, minute = 0) => copenhagenWallTime(2026, month, day, hour, minute);

async function withTreatment(owner: { token: string }, minutes = 45) {
  const answer = await t.call('addTreatment', { name: `Behandling ${minutes}`, price: 500, duration: minutes * 60, pause: 0 }, owner.token);
  return answer.body.data.id;
}

async function firstBookingOf(owner: SignedInOwner, from = nineOn(1)) {
  const treatmentId = await withTreatment(owner);
  const booked = await t.call('addBooking', { treatmentId, from, client: newClient() }, owner.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  return { treatmentId, booking: booked.body.data };
}

const INVOICE = { type: true, discount: '0', moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };

/** A clinic with what an invoice needs of it (its client still needs an address). */
async function invoicingClinic(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  const company = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
  expect((await t.call('setCompany', company, owner.token)).status).toBe(200);
  return owner;
}

describe('creating bookings', () => {
  it('books a new client: the client is created, the end follows the treatment, the booking is yellow', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await firstBookingOf(owner);
    expect(booking).toMatchObject({
      from: nineOn(1),
      to: nineOn(1) + 45 * 60_000,
      bookingDate: '2026-12-01',
      state: 'created',
      firstBooking: true,
      nameFirst: 'Signe',
      nameLast: 'Kjær',
      treatmentName: 'Behandling 45',
      therapistId: owner.therapistId,
      version: 0,
    });
    const client = await t.models.Client.findById(booking.clientId).lean();
    expect(client).toMatchObject({ cprKey: cprHash('0101901234'), CPR6Digit: '010190', phonePrivate: '+4520304050' });
    expect(client?.createdBy).toBeDefined();
    expect(await t.models.SlotClaim.countDocuments({ ref: booking.id })).toBe(9);
  });

  it('refuses a booking over another, or partly over it, and allows back-to-back', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner);
    for (const from of [nineOn(1), nineOn(1, 12, 8, 30), nineOn(1, 12, 9, 40)]) {
      const answer = await t.call('addBooking', { treatmentId, from, clientId: booking.clientId }, owner.token);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(OVERLAP);
    }
    expect((await t.call('addBooking', { treatmentId, from: nineOn(1, 12, 9, 45), clientId: booking.clientId }, owner.token)).status).toBe(200);
    expect((await t.call('addBooking', { treatmentId, from: nineOn(1, 12, 8, 15), clientId: booking.clientId }, owner.token)).status).toBe(200);
    const second = await t.call('getBookingsFromTherapist', { from: nineOn(1, 12, 0), to: nineOn(2, 12, 0) }, owner.token);
    expect(second.body.data.map((row) => formatCopenhagenTime(row.from))).toEqual(['08:15', '09:00', '09:45']);
    expect(second.body.data.map((row) => row.firstBooking)).toEqual([false, true, false]);
  });

  it('gives exactly one booking to twenty simultaneous requests for the same slot', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(3));
    const from = nineOn(4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('addBooking', { treatmentId, from, clientId: booking.clientId }, owner.token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409 && answer.body.message === OVERLAP)).toHaveLength(19);
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId, from })).toBe(1);
    // The losers left no claims behind: exactly the winner's nine units are held on that morning.
    const winner = answers.find((answer) => answer.status === 200)!.body.data;
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(18);
    expect(await t.models.SlotClaim.countDocuments({ ref: winner.id })).toBe(9);
  });

  it('refuses bad input with the form messages and changes nothing', async () => {
    const owner = await clinicWithTrial(t);
    const treatmentId = await withTreatment(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: nineOn(5), client: newClient() }, 'treatmentId', 'Fejl: Behandling er påkrævet.'],
      [{ treatmentId, client: newClient() }, 'from', 'Fejl: Tid er påkrævet.'],
      [{ treatmentId, from: nineOn(5) + 60_000, client: newClient() }, 'from', 'Tiden skal ligge på hele 5 minutter'],
      [{ treatmentId, from: nineOn(5) }, 'clientId', 'Vælg en eksisterende klient eller udfyld en ny klient'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), nameFirst: ' ' } }, 'client.nameFirst', 'Fejl: Fornavn er påkrævet.'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), nameLast: '' } }, 'client.nameLast', 'Fejl: Efternavn er påkrævet.'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), CPR6Digit: '010' } }, 'client.CPR6Digit', 'Fejl: Fødselsdag skal være 6 cifre.'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), CPR6Digit: '320190' } }, 'client.CPR6Digit', 'Fejl: Fødselsdag skal være 6 cifre.'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), CPRLast4Digit: '12a4' } }, 'client.CPRLast4Digit', 'Fejl: De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), email: 'signe@' } }, 'client.email', 'Fejl: Invalid email adresse'],
      [{ treatmentId, from: nineOn(5), client: { ...newClient(), phonePrivate: '123-456-78' } }, 'client.phonePrivate', 'Fejl: Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +'],
      [{ treatmentId, from: nineOn(5), to: nineOn(5), client: newClient() }, 'to', 'Sluttidspunkt skal være efter starttidspunkt!'],
      [{ treatmentId, from: nineOn(5), to: nineOn(5) + 13 * 3600_000, client: newClient() }, 'to', 'En booking kan højst vare 12 timer'],
      [{ treatmentId, from: { $gt: 0 }, client: newClient() }, 'from', 'Fejl: Tid er påkrævet.'],
    ];
    for (const [input, field, message] of cases) {
      const answer = await t.post({ action: 'addBooking', token: owner.token, ...input });
      expect([answer.status, answer.body.errors?.[field] ?? answer.body.message]).toEqual([400, message]);
    }
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(0);
  });

  it('accepts CPR numbers that fail the old modulus-11 check', async () => {
    const owner = await clinicWithTrial(t);
    const treatmentId = await withTreatment(owner);
    // 010190-1235 does not pass modulus 11; such numbers are issued since 2007.
    const answer = await t.call('addBooking', { treatmentId, from: nineOn(6), client: newClient('1235') }, owner.token);
    expect(answer.status).toBe(200);
  });

  it('refuses a new client while the therapist takes none, and a client the clinic already has', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(7));
    const again = await t.call('addBooking', { treatmentId, from: nineOn(8), client: newClient() }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Denne klient eksisterer allerede i din klinik');

    await t.models.Therapist.updateOne({ _id: owner.therapistId }, { isAvailable: false });
    const refused = await t.call('addBooking', { treatmentId, from: nineOn(8), client: newClient('9999') }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Du tager ikke imod nye klienter. Der kan kun bookes tider til eksisterende klienter.');
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(1);
    expect((await t.call('addBooking', { treatmentId, from: nineOn(8), clientId: booking.clientId }, owner.token)).status).toBe(200);
  });

  it('removes the new client again when the time is taken', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId } = await firstBookingOf(owner, nineOn(9));
    const answer = await t.call('addBooking', { treatmentId, from: nineOn(9), client: newClient('5555') }, owner.token);
    expect(answer.status).toBe(409);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId, cprKey: '0101905555' })).toBe(0);
  });
});

describe('moving, editing and deleting', () => {
  it('moves a booking to another day keeping its duration, and frees the old time', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(10));
    const moved = await t.call('setBooking', { id: booking.id, from: nineOn(11, 12, 14), version: 0 }, owner.token);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ from: nineOn(11, 12, 14), to: nineOn(11, 12, 14) + 45 * 60_000, bookingDate: '2026-12-11', version: 1 });
    expect(await t.models.SlotClaim.countDocuments({ ref: booking.id })).toBe(9);
    expect((await t.call('addBooking', { treatmentId, from: nineOn(10), clientId: booking.clientId }, owner.token)).status).toBe(200);
  });

  it('moves a booking partly over its own old time', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await firstBookingOf(owner, nineOn(12));
    const moved = await t.call('setBooking', { id: booking.id, from: nineOn(12, 12, 9, 15) }, owner.token);
    expect(moved.status).toBe(200);
    const claims = await t.models.SlotClaim.find({ ref: booking.id }).lean();
    expect(claims.map((claim) => Number(claim._id.split(':')[2])).sort()).toEqual(Array.from({ length: 9 }, (_, i) => nineOn(12, 12, 9, 15) + i * SLOT_UNIT_MS));
  });

  it('refuses a move over another booking and leaves everything as it was', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(13));
    const other = (await t.call('addBooking', { treatmentId, from: nineOn(13, 12, 11), clientId: booking.clientId }, owner.token)).body.data;
    const refused = await t.call('setBooking', { id: other.id, from: nineOn(13, 12, 9, 30) }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(OVERLAP);
    expect((await t.call('getBooking', { id: other.id }, owner.token)).body.data).toMatchObject({ from: nineOn(13, 12, 11), version: 0 });
    expect(await t.models.SlotClaim.countDocuments({ ref: other.id })).toBe(9);
  });

  it('refuses a change from a stale version', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await firstBookingOf(owner, nineOn(14));
    expect((await t.call('setBooking', { id: booking.id, reason: 'Ondt i ryggen', version: 0 }, owner.token)).status).toBe(200);
    const stale = await t.call('setBooking', { id: booking.id, from: nineOn(14, 12, 13), version: 0 }, owner.token);
    expect(stale.status).toBe(409);
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data).toMatchObject({ from: nineOn(14), reason: 'Ondt i ryggen', version: 1 });
  });

  it('lets one of two simultaneous moves into the same free slot win', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(15));
    const other = (await t.call('addBooking', { treatmentId, from: nineOn(15, 12, 12), clientId: booking.clientId }, owner.token)).body.data;
    const answers = await Promise.all([
      t.call('setBooking', { id: booking.id, from: nineOn(16) }, owner.token),
      t.call('setBooking', { id: other.id, from: nineOn(16, 12, 9, 30) }, owner.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('changes the treatment and with it the end', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await firstBookingOf(owner, nineOn(17));
    const longer = await withTreatment(owner, 90);
    const changed = await t.call('setBooking', { id: booking.id, treatmentId: longer }, owner.token);
    expect(changed.body.data).toMatchObject({ treatmentName: 'Behandling 90', to: nineOn(17) + 90 * 60_000 });
  });

  it('refuses deleting an invoiced booking or one with a journal with a Danish 409; once credited it may go', async () => {
    const owner = await invoicingClinic();
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(7));
    await t.call('setClient', { id: booking.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: INVOICE }, owner.token)).status).toBe(200);
    const invoiced = await t.call('deleteBooking', { id: booking.id }, owner.token);
    expect([invoiced.status, invoiced.body.message]).toEqual([409, schedulingMessages.bookingInvoiced]);
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data.state).toBe('invoiced');
    // Credited, the invoice needs the booking no more.
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: { ...INVOICE, type: false } }, owner.token)).status).toBe(200);
    expect((await t.call('deleteBooking', { id: booking.id }, owner.token)).status).toBe(200);

    const journaled = (await t.call('addBooking', { treatmentId, from: nineOn(8), clientId: booking.clientId }, owner.token)).body.data;
    expect((await t.call('addJournal', { bookingId: journaled.id }, owner.token)).status).toBe(200);
    const refused = await t.call('deleteBooking', { id: journaled.id }, owner.token);
    expect([refused.status, refused.body.message]).toEqual([409, schedulingMessages.bookingHasJournal]);
    expect(await t.models.SlotClaim.countDocuments({ ref: journaled.id })).toBeGreaterThan(0);
    expect((await t.call('getBooking', { id: journaled.id }, owner.token)).status).toBe(200);
  });

  it('of a deletion and an invoice issued at the same moment, one happens: never an invoice of a deleted booking', async () => {
    const owner = await invoicingClinic();
    const { booking } = await firstBookingOf(owner, nineOn(9));
    await t.call('setClient', { id: booking.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
    const stall = stallNextInvoiceInsert(t, booking.id);
    let issuing: ReturnType<typeof t.call<'addInvoice'>> | undefined;
    try {
      issuing = t.call('addInvoice', { bookingId: booking.id, settings: INVOICE }, owner.token);
      // The invoice has its claim and is at its insert; the booking has no invoice yet.
      await stall.atInsert;
      const deleted = await t.call('deleteBooking', { id: booking.id }, owner.token);
      expect([deleted.status, deleted.body.message]).toEqual([409, schedulingMessages.bookingInvoiced]);
      stall.release();
      expect((await issuing).status).toBe(200);
      expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data.state).toBe('invoiced');
    } finally {
      stall.release();
      await issuing?.catch(() => undefined);
      stall.restore();
    }
  });

  it('deletes a booking and frees its time', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(18));
    expect((await t.call('deleteBooking', { id: booking.id }, owner.token)).status).toBe(200);
    expect(await t.models.SlotClaim.countDocuments({ ref: booking.id })).toBe(0);
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).status).toBe(404);
    expect((await t.call('addBooking', { treatmentId, from: nineOn(18), clientId: booking.clientId }, owner.token)).status).toBe(200);
  });

  it("lists a client's bookings, newest first", async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(19));
    await t.call('addBooking', { treatmentId, from: nineOn(20), clientId: booking.clientId }, owner.token);
    const list = await t.call('getBookingsFromClient', { clientId: booking.clientId }, owner.token);
    expect(list.body.data.map((row) => row.bookingDate)).toEqual(['2026-12-20', '2026-12-19']);
  });
});

describe('leaves', () => {
  it('refuses a leave over a booking and a booking over a leave; deleting the leave frees the time', async () => {
    const owner = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(21));
    const over = await t.call('addLeave', { from: nineOn(21, 12, 8), to: nineOn(21, 12, 12), reason: 'Tandlæge' }, owner.token);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(OVERLAP);
    const leave = await t.call('addLeave', { from: nineOn(21, 12, 12), to: nineOn(21, 12, 16), reason: 'Tandlæge' }, owner.token);
    expect(leave.status).toBe(200);
    expect(leave.body.data).toMatchObject({ reason: 'Tandlæge', from: nineOn(21, 12, 12), to: nineOn(21, 12, 16) });
    const blocked = await t.call('addBooking', { treatmentId, from: nineOn(21, 12, 15, 30), clientId: booking.clientId }, owner.token);
    expect(blocked.status).toBe(409);
    const listed = await t.call('getLeavesForDay', { from: nineOn(21, 12, 0), to: nineOn(22, 12, 0) }, owner.token);
    expect(listed.body.data.map((row) => row.reason)).toEqual(['Tandlæge']);
    expect((await t.call('deleteLeave', { id: leave.body.data.id }, owner.token)).status).toBe(200);
    expect((await t.call('addBooking', { treatmentId, from: nineOn(21, 12, 15), clientId: booking.clientId }, owner.token)).status).toBe(200);
  });

  it('requires from, to and reason', async () => {
    const owner = await clinicWithTrial(t);
    expect((await t.call('addLeave', { from: nineOn(22), to: nineOn(22, 12, 10), reason: ' ' }, owner.token)).body.errors?.reason).toBe('Fejl: Afsnitt er påkrævet.');
    expect((await t.post({ action: 'addLeave', token: owner.token, from: nineOn(22), reason: 'Kursus' })).status).toBe(400);
    expect((await t.call('addLeave', { from: nineOn(22, 12, 10), to: nineOn(22), reason: 'Kursus' }, owner.token)).body.errors?.to).toBe('Sluttidspunkt skal være efter starttidspunkt!');
  });
});

describe('opening hours', () => {
  it('adds a weekly pattern, skips what already exists, and deletes one interval', async () => {
    const owner = await clinicWithTrial(t);
    const pattern = { weekdays: [1, 3, 5] as (1 | 3 | 5)[], everyWeeks: 1, startDate: '2026-12-07', occurrences: 2, times: [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '16:00' }] };
    const added = await t.call('addWeeklyOpeningHours', { pattern }, owner.token);
    expect(added.status).toBe(200);
    expect(added.body.data).toHaveLength(12);
    expect((await t.call('addWeeklyOpeningHours', { pattern }, owner.token)).body.data).toHaveLength(0);
    const week = await t.call('getOpeningHoursFromTherapist', { from: copenhagenWallTime(2026, 12, 7), to: copenhagenWallTime(2026, 12, 14) }, owner.token);
    expect(week.body.data.map((row) => formatCopenhagenTime(row.from))).toEqual(['08:00', '13:00', '08:00', '13:00', '08:00', '13:00']);
    expect((await t.call('deleteOpeningHours', { id: week.body.data[0]!.id }, owner.token)).status).toBe(200);
    expect((await t.call('getOpeningHoursFromTherapist', { from: copenhagenWallTime(2026, 12, 7), to: copenhagenWallTime(2026, 12, 14) }, owner.token)).body.data).toHaveLength(5);
  });

  it("refuses the dialog's row problems with the spec's messages", async () => {
    const owner = await clinicWithTrial(t);
    const base = { weekdays: [1] as 1[], everyWeeks: 1, startDate: '2026-12-07', occurrences: 1 };
    const backwards = await t.call('addWeeklyOpeningHours', { pattern: { ...base, times: [{ start: '12:00', end: '08:00' }] } }, owner.token);
    expect(backwards.body.errors).toMatchObject({ 'pattern.times.0.start': 'Starttidspunkt skal være før sluttidspunkt!', 'pattern.times.0.end': 'Sluttidspunkt skal være efter starttidspunkt!' });
    const overlapping = await t.call('addWeeklyOpeningHours', { pattern: { ...base, times: [{ start: '08:00', end: '12:00' }, { start: '11:00', end: '14:00' }] } }, owner.token);
    expect(overlapping.body.errors?.['pattern.times.1.start']).toBe('Denne tid overlapper med en anden række!');
    const everyFive = await t.call('addWeeklyOpeningHours', { pattern: { ...base, everyWeeks: 5, times: [{ start: '08:00', end: '12:00' }] } }, owner.token);
    expect(everyFive.status).toBe(400);
    const equal = await t.call('addWeeklyOpeningHours', { pattern: { ...base, times: [{ start: '08:00', end: '08:00' }, { start: '09:00', end: '10:00' }] } }, owner.token);
    expect(equal.body.data).toHaveLength(1);
  });
});

describe('Copenhagen time on the daylight-saving days', () => {
  it('keeps a 09:00 booking at 09:00 on the last Sunday of March and of October', async () => {
    const owner = await clinicWithTrial(t);
    const treatmentId = await withTreatment(owner);
    for (const [month, day, utcHour] of [[3, 29, 7], [10, 25, 8]] as const) {
      const from = copenhagenWallTime(2026, month, day, 9);
      expect(from).toBe(Date.UTC(2026, month - 1, day, utcHour));
      const answer = await t.call('addBooking', { treatmentId, from, client: newClient(`0${month}${day}`.slice(-4)) }, owner.token);
      expect(answer.body.data).toMatchObject({ bookingDate: `2026-${String(month).padStart(2, '0')}-${day}` });
      expect(formatCopenhagenTime(answer.body.data.from)).toBe('09:00');
    }
  });

  it('covers exactly the local week: 167 hours in the spring week, 169 in the autumn week', async () => {
    const owner = await clinicWithTrial(t);
    const treatmentId = await withTreatment(owner, 30);
    const client = (await t.call('addBooking', { treatmentId, from: copenhagenWallTime(2026, 3, 20, 9), client: newClient('4321') }, owner.token)).body.data.clientId;
    for (const [monday, nextMonday, hours] of [
      [copenhagenWallTime(2026, 3, 23), copenhagenWallTime(2026, 3, 30), 167],
      [copenhagenWallTime(2026, 10, 19), copenhagenWallTime(2026, 10, 26), 169],
    ] as const) {
      expect((nextMonday - monday) / 3600_000).toBe(hours);
      const lastSlot = nextMonday - 30 * 60_000; // Sunday 23:30 local
      await t.call('addBooking', { treatmentId, from: lastSlot, clientId: client }, owner.token);
      await t.call('addBooking', { treatmentId, from: nextMonday, clientId: client }, owner.token);
      const week = await t.call('getBookingsFromTherapist', { from: monday, to: nextMonday }, owner.token);
      expect(week.body.data.map((row) => [row.bookingDate, formatCopenhagenTime(row.from)])).toContainEqual([
        hours === 167 ? '2026-03-29' : '2026-10-25',
        '23:30',
      ]);
      expect(week.body.data.some((row) => row.from === nextMonday)).toBe(false);
    }
  });
});

describe('who sees what', () => {
  it("keeps each clinic's bookings, clients, leaves and opening hours to itself", async () => {
    const owner = await clinicWithTrial(t);
    const stranger = await clinicWithTrial(t);
    const { treatmentId, booking } = await firstBookingOf(owner, nineOn(23));
    const leave = (await t.call('addLeave', { from: nineOn(24), to: nineOn(24, 12, 10), reason: 'Privat' }, owner.token)).body.data;
    const strangerTreatment = await withTreatment(stranger);
    const attempts = [
      t.call('getBooking', { id: booking.id }, stranger.token),
      t.call('setBooking', { id: booking.id, from: nineOn(25) }, stranger.token),
      t.call('deleteBooking', { id: booking.id }, stranger.token),
      t.call('getBookingsFromClient', { clientId: booking.clientId }, stranger.token),
      t.call('addBooking', { treatmentId: strangerTreatment, from: nineOn(25), clientId: booking.clientId }, stranger.token),
      t.call('addBooking', { treatmentId, from: nineOn(25), client: newClient('7777') }, stranger.token),
      t.call('getBookingsFromTherapist', { from: nineOn(23, 12, 0), to: nineOn(24, 12, 0), therapistId: owner.therapistId }, stranger.token),
      t.call('deleteLeave', { id: leave.id }, stranger.token),
    ];
    for (const attempt of attempts) expect([400, 403, 404]).toContain((await attempt).status);
    expect((await t.call('getClientsFromTherapistCompany', { search: 'Signe' }, stranger.token)).body.data).toEqual([]);
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data).toMatchObject({ from: nineOn(23), version: 0 });
    expect(await t.models.Leave.countDocuments({ _id: leave.id })).toBe(1);
  });

  it("lets the owner open a colleague's calendar, and a colleague only their own", async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    const { booking } = await firstBookingOf(owner, nineOn(26));
    const colleagueTreatment = await withTreatment(colleague);
    const theirs = (await t.call('addBooking', { treatmentId: colleagueTreatment, from: nineOn(26), client: newClient('2468') }, colleague.token)).body.data;
    expect(theirs.therapistId).toBe(colleague.therapistId);

    const range = { from: nineOn(26, 12, 0), to: nineOn(27, 12, 0) };
    expect((await t.call('getBookingsFromTherapist', { ...range, therapistId: colleague.therapistId }, owner.token)).body.data.map((row) => row.id)).toEqual([theirs.id]);
    const denied = await t.call('getBookingsFromTherapist', { ...range, therapistId: owner.therapistId }, colleague.token);
    expect(denied.status).toBe(403);
    expect((await t.call('getBooking', { id: booking.id }, colleague.token)).status).toBe(404);
    expect((await t.call('setBooking', { id: theirs.id, from: nineOn(27) }, owner.token)).status).toBe(200);
    // Clients: the owner finds every client of the clinic, a therapist the ones they brought.
    expect((await t.call('getClientsFromTherapistCompany', { search: '010190' }, owner.token)).body.data).toHaveLength(2);
    expect((await t.call('getClientsFromTherapistCompany', { search: '010190' }, colleague.token)).body.data.map((row) => row.CPRLast4Digit)).toEqual(['2468']);
  });

  it('finds clients by name words or CPR with or without the dash', async () => {
    const owner = await clinicWithTrial(t);
    await firstBookingOf(owner, nineOn(28));
    for (const search of ['signe', 'Kjær signe', '010190-1234', '0101', 'KJÆR']) {
      expect((await t.call('getClientsFromTherapistCompany', { search }, owner.token)).body.data.map((row) => row.nameFirst)).toEqual(['Signe']);
    }
    expect((await t.call('getClientsFromTherapistCompany', { search: '.*' }, owner.token)).body.data).toEqual([]);
  });
});

it('sweeps claims whose booking never appeared', async () => {
  const owner = await clinicWithTrial(t);
  const { Types } = await import('mongoose');
  const ghost = new Types.ObjectId();
  await t.models.SlotClaim.create({ _id: `${owner.companyId}:${owner.therapistId}:${nineOn(30)}`, ref: ghost, kind: 'booking', createdAt: t.clock.now() - 120_000 });
  expect(await sweepOrphanClaims(t.models, t.clock.now())).toBeGreaterThanOrEqual(1);
  expect(await t.models.SlotClaim.countDocuments({ ref: ghost })).toBe(0);
});

it('sweeps what an interrupted move left behind, through every claim page by page, and keeps what a booking covers', async () => {
  const owner = await clinicWithTrial(t);
  const { booking, treatmentId } = await firstBookingOf(owner, nineOn(29));
  const held = await t.models.SlotClaim.find({ ref: booking.id }).lean();
  expect(held.length).toBeGreaterThan(0);
  // A move to 14:00 cut off after it claimed its new units (the booking still at 09:00), and one cut off after the
  // swap but before the old units were released (units of 07:00 still held by the same booking).
  const unit = (hour: number, minutes: number) => `${owner.companyId}:${owner.therapistId}:${nineOn(29, 12, hour, minutes)}`;
  const leftovers = [unit(14, 0), unit(14, 5), unit(7, 0), unit(7, 5)];
  for (const id of leftovers) await t.models.SlotClaim.create({ _id: id, ref: booking.id, kind: 'booking', createdAt: t.clock.now() - 120_000 });
  // A page of two walks all of them, not only the first page.
  await sweepOrphanClaims(t.models, t.clock.now(), 2);
  expect(await t.models.SlotClaim.countDocuments({ _id: { $in: leftovers } })).toBe(0);
  expect((await t.models.SlotClaim.find({ ref: booking.id }).lean()).map((claim) => claim._id).sort()).toEqual(held.map((claim) => claim._id).sort());
  // And the time is free again for another booking.
  expect((await t.call('addBooking', { treatmentId, from: nineOn(29, 12, 14, 0), clientId: booking.clientId }, owner.token)).status).toBe(200);
});

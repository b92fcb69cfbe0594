/**
 * Danish holidays through the real endpoint: the days of a period with the clinic's choice, a closed holiday offering
 * no free times on the public page and refusing a booking, the owner opening one, and bad input changing nothing.
 */
import { copenhagenDateKey, copenhagenWallTime, DEFAULT_CLOSED_HOLIDAYS, PUBLIC_HOLIDAY_IDS } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
  // Sunday 20 December 2026, 10:00 Copenhagen time: Christmas Eve is a Thursday, Christmas Day a Friday.
  t.clock.set(copenhagenWallTime(2026, 12, 20, 10));
});
afterAll(async () => {
  await t.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
const week = { from: at(21, 0), to: at(28, 0) };

interface Clinic {
  owner: SignedInOwner;
  treatmentId: string;
}

/** Open 08:00–12:00 on the 23rd (an ordinary Wednesday), Christmas Eve and Christmas Day. */
async function clinicOpenOverChristmas(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 }, owner.token)).body.data.id;
  for (const day of [23, 24, 25]) expect((await t.call('addOpeningHours', { from: at(day, 8), to: at(day, 12) }, owner.token)).status).toBe(200);
  return { owner, treatmentId };
}

const freeDays = async (clinic: Clinic) => {
  const free = await t.call('clientGetAvailable', { therapistId: clinic.owner.therapistId, ...week, duration: 45 * 60_000, pause: 15 * 60_000 });
  expect(free.status).toBe(200);
  return [...new Set(free.body.data.map(copenhagenDateKey))];
};

const publicBooking = (clinic: Clinic, from: number, last4: string) => ({
  therapistId: clinic.owner.therapistId,
  treatmentId: clinic.treatmentId,
  from,
  reason: 'Ondt i ryggen',
  consent: true as const,
  client: newClient(last4),
});

describe('getHolidays', () => {
  it('answers the days of the period with name, date, kind, the Copenhagen day and whether the clinic is closed', async () => {
    const owner = await clinicWithTrial(t);
    const answer = await t.call('getHolidays', { from: at(21, 0), to: copenhagenWallTime(2027, 1, 4) }, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: 'juleaftensdag', name: 'Juleaftensdag', dateKey: '2026-12-24', kind: 'optional', closed: true, from: at(24, 0), to: at(25, 0) },
      { id: 'juledag', name: 'Juledag', dateKey: '2026-12-25', kind: 'public', closed: true, from: at(25, 0), to: at(26, 0) },
      { id: 'anden-juledag', name: '2. juledag', dateKey: '2026-12-26', kind: 'public', closed: true, from: at(26, 0), to: at(27, 0) },
      { id: 'nytaarsaftensdag', name: 'Nytårsaftensdag', dateKey: '2026-12-31', kind: 'optional', closed: true, from: at(31, 0), to: copenhagenWallTime(2027, 1, 1) },
      { id: 'nytaarsdag', name: 'Nytårsdag', dateKey: '2027-01-01', kind: 'public', closed: true, from: copenhagenWallTime(2027, 1, 1), to: copenhagenWallTime(2027, 1, 2) },
    ]);
    // Two holidays on one day (Whit Monday on Constitution Day, 2028), Constitution Day open by default; the period is
    // [from, to): a day starting at `to` is not in it.
    const june = await t.call('getHolidays', { from: copenhagenWallTime(2028, 6, 1), to: copenhagenWallTime(2028, 6, 5) }, owner.token);
    expect(june.body.data.map((day) => `${day.dateKey} ${day.name} ${day.closed}`)).toEqual(['2028-06-04 Pinsedag true']);
    const fifth = await t.call('getHolidays', { from: copenhagenWallTime(2028, 6, 5), to: copenhagenWallTime(2028, 6, 6) }, owner.token);
    expect(fifth.body.data.map((day) => `${day.dateKey} ${day.name} ${day.kind} ${day.closed}`)).toEqual(['2028-06-05 2. pinsedag public true', '2028-06-05 Grundlovsdag optional false']);
  });

  it('refuses a period that ends before it starts, one over two years, and wrong shapes', async () => {
    const owner = await clinicWithTrial(t);
    const backwards = await t.call('getHolidays', { from: at(28, 0), to: at(21, 0) }, owner.token);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.to).toBe('Sluttidspunkt skal være efter starttidspunkt!');
    const long = await t.call('getHolidays', { from: at(21, 0), to: copenhagenWallTime(2029, 1, 1) }, owner.token);
    expect(long.status).toBe(400);
    expect(long.body.errors?.to).toBe('Perioden er for lang');
    expect((await t.post({ action: 'getHolidays', token: owner.token, from: { $gt: 0 }, to: at(28, 0) })).status).toBe(400);
    expect((await t.post({ action: 'getHolidays', token: owner.token, from: at(21, 0) })).status).toBe(400);
  });
});

describe('online booking on a holiday', () => {
  it('offers no free times on a closed holiday and refuses a booking then; the day before is bookable', async () => {
    const clinic = await clinicOpenOverChristmas();
    // Christmas Eve and Christmas Day are closed by default, though open in the calendar.
    expect(await freeDays(clinic)).toEqual(['2026-12-23']);
    for (const [from, last4] of [[at(24, 9), '5501'], [at(25, 9), '5502']] as const) {
      const refused = await t.call('clientAddBooking', publicBooking(clinic, from, last4));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Tiden er ikke længere ledig. Vælg en anden tid.');
    }
    expect(await t.models.Booking.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: clinic.owner.companyId })).toBe(0);
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(23, 9), '5503'))).status).toBe(200);
    // The therapist still books the holiday in the calendar: shown, not blocked.
    const manual = await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(25, 10), client: newClient('5504') }, clinic.owner.token);
    expect(manual.status).toBe(200);
  });

  it("the owner opening Christmas Eve makes its times appear and bookable, for that clinic only", async () => {
    const clinic = await clinicOpenOverChristmas();
    const other = await clinicOpenOverChristmas();
    const closed = DEFAULT_CLOSED_HOLIDAYS.filter((id) => id !== 'juleaftensdag');
    const saved = await t.call('setHolidaySettings', { closed: [...closed, 'juledag'] }, clinic.owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Helligdagene er gemt', data: { closed: [...PUBLIC_HOLIDAY_IDS, 'nytaarsaftensdag'] } });
    expect((await t.call('getHolidaySettings', {}, clinic.owner.token)).body.data.closed).toEqual([...PUBLIC_HOLIDAY_IDS, 'nytaarsaftensdag']);
    const days = await t.call('getHolidays', { from: at(24, 0), to: at(26, 0) }, clinic.owner.token);
    expect(days.body.data.map((day) => `${day.id} ${day.closed}`)).toEqual(['juleaftensdag false', 'juledag true']);

    expect(await freeDays(clinic)).toEqual(['2026-12-23', '2026-12-24']);
    expect((await t.call('clientAddBooking', publicBooking(clinic, at(24, 9), '6601'))).status).toBe(200);
    expect(await freeDays(other)).toEqual(['2026-12-23']);

    // An empty list opens every holiday.
    expect((await t.call('setHolidaySettings', { closed: [] }, clinic.owner.token)).body.data.closed).toEqual([]);
    expect(await freeDays(clinic)).toEqual(['2026-12-23', '2026-12-24', '2026-12-25']);
  });
});

describe('setHolidaySettings', () => {
  it('is the owner\'s: a colleague sees the choice and the days but cannot change them', async () => {
    const clinic = await clinicOpenOverChristmas();
    const colleague = await colleagueOf(t, clinic.owner);
    expect((await t.call('getHolidaySettings', {}, colleague.token)).body.data.closed).toEqual([...DEFAULT_CLOSED_HOLIDAYS]);
    expect((await t.call('getHolidays', week, colleague.token)).body.data.map((day) => day.id)).toEqual(['juleaftensdag', 'juledag', 'anden-juledag']);
    expect((await t.call('setHolidaySettings', { closed: [] }, colleague.token)).status).toBe(403);
    expect(await freeDays(clinic)).toEqual(['2026-12-23']);
  });

  it('refuses unknown days and wrong shapes with a Danish message, and changes nothing', async () => {
    const clinic = await clinicOpenOverChristmas();
    const unknown = await t.call('setHolidaySettings', { closed: ['juledag', 'store-bededag'] as never }, clinic.owner.token);
    expect(unknown.status).toBe(400);
    expect(Object.values(unknown.body.errors ?? {})).toContain('Vælg helligdagene fra listen');
    for (const closed of ['juledag', { $ne: null }, [{ $gt: '' }], Array(14).fill('juledag'), null]) {
      expect((await t.post({ action: 'setHolidaySettings', token: clinic.owner.token, closed })).status).toBe(400);
    }
    expect((await t.post({ action: 'setHolidaySettings', token: clinic.owner.token })).status).toBe(400);
    expect((await t.call('getHolidaySettings', {}, clinic.owner.token)).body.data.closed).toEqual([...DEFAULT_CLOSED_HOLIDAYS]);
    expect(await freeDays(clinic)).toEqual(['2026-12-23']);
  });
});

/**
 * The therapist's private calendar feed: made, replaced and ended through the actions, fetched over plain GET the
 * way a phone's calendar does, and read back by a real parser (ical.js). It holds the therapist's own bookings of 30
 * days back to a year ahead, as initials and treatment: never the CPR number, the reason, the name, e-mail or phone.
 */
import { copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { readCalendar } from './support/ical.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const PER_SECRET = 3;
const PER_ADDRESS = 6;
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({
    rateLimits: { ...DEFAULT_RATE_LIMITS, 'calendarFeed:token': { points: PER_SECRET, durationSeconds: 3600 }, 'calendarFeed:address': { points: PER_ADDRESS, durationSeconds: 3600 } },
  });
  // Tuesday 1 December 2026, 10:00 Copenhagen time.
  t.clock.set(copenhagenWallTime(2026, 12, 1, 10));
});
afterAll(async () => {
  await t?.close();
});
// Each test in an hour of its own: the feed's allowances are per hour.
beforeEach(() => t.clock.startFreshRateLimitWindows());

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };

async function clinic(): Promise<{ owner: SignedInOwner; treatmentId: string }> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id;
  return { owner, treatmentId };
}

const fetchFeed = (url: string) => fetch(url);

it("answers the therapist's own bookings as initials and treatment, with the clinic's address, as a real parser reads them", async () => {
  const { owner, treatmentId } = await clinic();
  const client = newClient('4321');
  const booked = await t.call('addBooking', { treatmentId, from: copenhagenWallTime(2026, 12, 3, 9, 0), client, reason: 'Ondt i nakken efter fald' }, owner.token);
  expect(booked.status).toBe(200);
  const clientId = booked.body.data.clientId;
  // Inside the window: 20 days back and 11 months ahead; outside: 40 days back and 13 months ahead.
  const inside = [copenhagenWallTime(2026, 11, 11, 14, 0), copenhagenWallTime(2027, 11, 2, 8, 0)];
  for (const from of [...inside, copenhagenWallTime(2026, 10, 22, 9, 0), copenhagenWallTime(2028, 1, 4, 9, 0)]) {
    expect((await t.call('addBooking', { treatmentId, from, clientId, reason: 'Opfølgning' }, owner.token)).status).toBe(200);
  }
  // A colleague's booking in the same clinic is not in the owner's feed.
  const colleague = await colleagueOf(t, owner);
  const theirTreatment = (await t.call('addTreatment', { name: 'Akupunktur', price: 500, duration: 30 * 60, pause: 0 }, colleague.token)).body.data.id;
  expect((await t.call('addBooking', { treatmentId: theirTreatment, from: copenhagenWallTime(2026, 12, 3, 9, 0), client: { ...newClient('8765'), nameFirst: 'Bent', nameLast: 'Olsen' } }, colleague.token)).status).toBe(200);

  const made = await t.call('renewCalendarFeed', {}, owner.token);
  expect(made.status).toBe(200);
  expect(made.body.message).toBe('Din kalenderadresse er klar. Kopiér den nu: den vises kun denne ene gang.');
  const { url } = made.body.data;
  expect(url).toMatch(/^http:\/\/[^/]+\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);

  const answer = await fetchFeed(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  const text = await answer.text();
  const feed = readCalendar(text);
  expect(feed.events.map((event) => [event.from, event.summary])).toEqual([
    [inside[0], 'SK · Massage'],
    [copenhagenWallTime(2026, 12, 3, 9, 0), 'SK · Massage'],
    [inside[1], 'SK · Massage'],
  ]);
  expect(feed.events[1]).toMatchObject({ uid: `booking-${booked.body.data.id}@klinik`, sequence: 0, to: copenhagenWallTime(2026, 12, 3, 9, 45), location: 'Fysio Ærø, Havnegade 1, 5970 Ærøskøbing', description: '' });
  // Nothing of the record beyond the initials, anywhere in the file; nothing of the colleague's client.
  for (const secret of ['010190', '4321', 'Ondt i nakken', 'Opfølgning', 'Signe', 'Kjær', client.email, '20 30 40 50', 'Bent', 'Olsen', 'Akupunktur']) {
    expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  }

  // The secret is in no log line (the request log names the route only).
  const secret = url.split('/').at(-1)!.replace('.ics', '');
  expect(t.logs.some((line) => line.includes('/calendar-feed/:secret'))).toBe(true);
  expect(t.logs.filter((line) => line.includes(secret))).toEqual([]);

  // A move is the same event with a higher SEQUENCE.
  expect((await t.call('setBooking', { id: booked.body.data.id, from: copenhagenWallTime(2026, 12, 3, 11, 0) }, owner.token)).status).toBe(200);
  const moved = readCalendar(await (await fetchFeed(url)).text()).events.find((event) => event.uid === `booking-${booked.body.data.id}@klinik`);
  expect(moved).toMatchObject({ sequence: 1, from: copenhagenWallTime(2026, 12, 3, 11, 0) });
});

it('shows the address once; a new one ends the old, and deleting ends it', async () => {
  const { owner } = await clinic();
  expect((await t.call('getCalendarFeed', {}, owner.token)).body.data).toEqual({ active: false, createdAt: null });
  const made = (await t.call('renewCalendarFeed', {}, owner.token)).body.data;
  const first = made.url;
  const status = await t.call('getCalendarFeed', {}, owner.token);
  expect(status.body.data).toEqual({ active: true, createdAt: made.createdAt });
  expect(JSON.stringify(status.body)).not.toContain(first.split('/').at(-1)!.replace('.ics', ''));
  expect((await fetchFeed(first)).status).toBe(200);

  const second = (await t.call('renewCalendarFeed', {}, owner.token)).body.data.url;
  expect(second).not.toBe(first);
  expect((await fetchFeed(first)).status).toBe(404);
  expect((await fetchFeed(second)).status).toBe(200);

  expect((await t.call('deleteCalendarFeed', {}, owner.token)).body.message).toBe('Kalenderadressen er slettet. Din kalender henter ikke flere tider fra den.');
  expect((await fetchFeed(second)).status).toBe(404);
  expect((await t.call('getCalendarFeed', {}, owner.token)).body.data.active).toBe(false);
  // Stored as a hash only: the secret itself is nowhere in the database.
  const stored = await t.models.CalendarFeed.find({ companyId: owner.companyId }).lean();
  expect(JSON.stringify(stored)).not.toContain(second.split('/').at(-1)!.replace('.ics', ''));
});

it("is each therapist's own: a colleague's address is theirs, and answers 404 once they are deactivated or the clinic is deleted", async () => {
  const { owner } = await clinic();
  const colleague = await colleagueOf(t, owner);
  const theirs = (await t.call('renewCalendarFeed', {}, colleague.token)).body.data.url;
  const ours = (await t.call('renewCalendarFeed', {}, owner.token)).body.data.url;
  // The owner's own feed is untouched by the colleague's, and the other way round.
  expect((await t.call('getCalendarFeed', {}, colleague.token)).body.data.active).toBe(true);
  expect((await fetchFeed(theirs)).status).toBe(200);
  await t.models.Therapist.updateOne({ _id: colleague.therapistId, companyId: owner.companyId }, { $set: { isActive: false } });
  expect((await fetchFeed(theirs)).status).toBe(404);
  expect((await fetchFeed(ours)).status).toBe(200);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { deletedAt: t.clock.now(), isDisabled: true } });
  expect((await fetchFeed(ours)).status).toBe(404);
});

it('answers 404 to an unknown or malformed address, and limits each secret and each caller address per hour', async () => {
  const { owner } = await clinic();
  const url = (await t.call('renewCalendarFeed', {}, owner.token)).body.data.url;
  const base = url.slice(0, url.lastIndexOf('/'));
  const other = (await t.call('renewCalendarFeed', {}, (await clinic()).owner.token)).body.data.url;
  const statuses: number[] = [];
  for (let n = 0; n <= PER_SECRET; n++) statuses.push((await fetchFeed(url)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  // Another secret from the same address still answers, until the address's allowance is spent; guesses count too.
  expect((await fetchFeed(`${base}/${'A'.repeat(43)}.ics`)).status).toBe(404);
  expect((await fetchFeed(`${base}/kort.ics`)).status).toBe(404);
  expect((await fetchFeed(other)).status).toBe(429);
});

/** Courses through the real endpoint: validation, sanitised descriptions, days that claim time, sign-ups. */
import { copenhagenWallTime } from '@klinik/core';
import { clinicWithTrial, colleagueOf, newClient } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const day = (date: number, hour: number, month = 12) => copenhagenWallTime(2027, month, date, hour);
const course = (overrides: Record<string, unknown> = {}) => ({ title: 'Yoga for ryggen', description: '<p>Blid <strong>yoga</strong></p>', limit: 8, min: 3, ...overrides });

it('creates a course, sanitising the description, and refuses min above max with the spec message', async () => {
  const owner = await clinicWithTrial(t);
  const created = await t.call('addEvent', course({ description: '<p onclick="x()">Hej<script>alert(1)</script> <a href="javascript:evil()">link</a> <a href="https://klinik.dk">ok</a></p>' }), owner.token);
  expect(created.status).toBe(200);
  expect(created.body.data.description).toBe(
    '<p>Hej <a target="_blank" rel="noopener noreferrer">link</a> <a href="https://klinik.dk" target="_blank" rel="noopener noreferrer">ok</a></p>',
  );
  const refused = await t.call('addEvent', course({ min: 9 }), owner.token);
  expect(refused.status).toBe(400);
  expect(refused.body.errors?.min).toBe('Minimum antal deltagere kan ikke være højere end max antal deltagere');
  expect((await t.call('addEvent', course({ title: ' ' }), owner.token)).body.errors?.title).toBe('Titel er påkrævet');
});

it('adds course days that claim the time: all or none, and a booking cannot take them', async () => {
  const owner = await clinicWithTrial(t);
  const eventId = (await t.call('addEvent', course(), owner.token)).body.data.id;
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 400, duration: 3600, pause: 0 }, owner.token)).body.data.id;
  const booked = await t.call('addBooking', { treatmentId, from: day(6, 10), client: newClient() }, owner.token);
  expect(booked.status).toBe(200);

  const clash = await t.call('addEventDates', { eventId, dates: [{ from: day(5, 10), to: day(5, 12), latestDays: 2 }, { from: day(6, 9), to: day(6, 11), latestDays: 2 }] }, owner.token);
  expect(clash.status).toBe(409);
  expect(await t.models.EventDate.countDocuments({ eventId })).toBe(0);

  const added = await t.call('addEventDates', { eventId, dates: [{ from: day(5, 10), to: day(5, 12), latestDays: 2 }, { from: day(7, 10), to: day(7, 12), latestDays: 0 }] }, owner.token);
  expect(added.status).toBe(200);
  expect(added.body.data).toHaveLength(2);
  const refused = await t.call('addBooking', { treatmentId, from: day(5, 11), clientId: booked.body.data.clientId }, owner.token);
  expect(refused.status).toBe(409);

  const inCalendar = await t.call('getEventDatesFromTherapist', { from: day(5, 0), to: day(8, 0) }, owner.token);
  expect(inCalendar.body.data.map((row) => [row.title, row.limit])).toEqual([['Yoga for ryggen', 8], ['Yoga for ryggen', 8]]);

  const [first] = added.body.data;
  const moved = await t.call('setEventDate', { id: first!.id, date: { from: day(5, 13), to: day(5, 15), latestDays: 1 }, version: 0 }, owner.token);
  expect(moved.body.data).toMatchObject({ from: day(5, 13), latestDays: 1, version: 1 });
  // A second change from a stale copy (version 0) is refused with the course wording, and changes nothing.
  const stale = await t.call('setEventDate', { id: first!.id, date: { from: day(5, 16), to: day(5, 17), latestDays: 1 }, version: 0 }, owner.token);
  expect(stale.status).toBe(409);
  expect(stale.body.message).toBe('Kursusdagen er blevet ændret imens. Hent kurset igen og prøv igen.');
  expect((await t.call('addBooking', { treatmentId, from: day(5, 11), clientId: booked.body.data.clientId }, owner.token)).status).toBe(200);

  // Deleting a day answers the course as the server now has it: the dialog shows exactly these days.
  const afterDelete = await t.call('deleteEventDate', { id: first!.id }, owner.token);
  expect(afterDelete.status).toBe(200);
  expect(afterDelete.body.message).toBe('Kursusdagen er slettet');
  expect(afterDelete.body.data.dates.map((date) => date.from)).toEqual([day(7, 10)]);

  expect((await t.call('deleteEvent', { id: eventId }, owner.token)).status).toBe(200);
  expect(await t.models.EventDate.countDocuments({ eventId })).toBe(0);
  expect(await t.models.SlotClaim.countDocuments({ kind: 'course', _id: { $regex: `^${owner.companyId}:` } })).toBe(0);
});

it('creates a course with its days in one call, all or nothing: a refused day leaves no course behind', async () => {
  const owner = await clinicWithTrial(t);
  expect((await t.call('addLeave', { from: day(9, 14), to: day(9, 16), reason: 'Tandlæge' }, owner.token)).status).toBe(200);
  const refused = await t.call('addEvent', course({ dates: [{ from: day(8, 10), to: day(8, 12), latestDays: 1 }, { from: day(9, 14), to: day(9, 16), latestDays: 1 }] }), owner.token);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('Denne tidspunkt overlapper med en anden booking. Vælg en anden tidspunkt.');
  expect((await t.call('getAllEvent', {}, owner.token)).body.total).toBe(0);
  expect(await t.models.SlotClaim.countDocuments({ kind: 'course', _id: { $regex: `^${owner.companyId}:` } })).toBe(0);

  expect((await t.call('addEvent', course({ dates: [] }), owner.token)).body.errors?.dates).toBe('Vælg mindst én kursusdag');
  const created = await t.call('addEvent', course({ dates: [{ from: day(9, 10), to: day(9, 12), latestDays: 1 }, { from: day(8, 10), to: day(8, 12), latestDays: 1 }] }), owner.token);
  expect(created.status).toBe(200);
  expect(created.body.message).toBe('Kurset er oprettet');
  expect(created.body.data.dates.map((date) => date.from)).toEqual([day(8, 10), day(9, 10)]);
});

it('lists courses paginated and searchable; a therapist sees their own, the owner any and filters by therapist', async () => {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  await t.call('addEvent', course({ title: 'Pilates' }), owner.token);
  await t.call('addEvent', course({ title: 'Yoga' }), owner.token);
  await t.call('addEvent', course({ title: 'Mindfulness' }), colleague.token);
  expect((await t.call('getAllEvent', { size: 5 }, owner.token)).body.total).toBe(3);
  expect((await t.call('getAllEvent', { therapistId: colleague.therapistId }, owner.token)).body.data.map((row) => row.title)).toEqual(['Mindfulness']);
  expect((await t.call('getAllEvent', {}, colleague.token)).body.data.map((row) => row.title)).toEqual(['Mindfulness']);
  expect((await t.call('getAllEvent', { therapistId: owner.therapistId }, colleague.token)).status).toBe(403);
  expect((await t.call('getAllEvent', { search: 'yog' }, owner.token)).body.data.map((row) => row.title)).toEqual(['Yoga']);
  expect((await t.call('getCompanyTherapists', {}, colleague.token)).body.data.map((row) => row.nameFirst)).toEqual(['Jonas', 'Mette']);
});

it("reads one course for the calendar's course card: the owner a colleague's too, a therapist only their own", async () => {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  const theirs = (await t.call('addEvent', course({ title: 'Mindfulness', description: '<p>Rolig start</p>' }), colleague.token)).body.data.id;
  const mine = (await t.call('addEvent', course({ title: 'Pilates' }), owner.token)).body.data.id;
  expect((await t.call('getEvent', { id: theirs }, owner.token)).body.data).toMatchObject({ title: 'Mindfulness', description: '<p>Rolig start</p>' });
  expect((await t.call('getEvent', { id: theirs }, colleague.token)).body.data.title).toBe('Mindfulness');
  expect((await t.call('getEvent', { id: mine }, colleague.token)).status).toBe(404);
});

it("keeps another clinic's courses out of reach", async () => {
  const owner = await clinicWithTrial(t);
  const stranger = await clinicWithTrial(t);
  const eventId = (await t.call('addEvent', course(), owner.token)).body.data.id;
  const dateId = (await t.call('addEventDates', { eventId, dates: [{ from: day(10, 10), to: day(10, 12), latestDays: 0 }] }, owner.token)).body.data[0]!.id;
  for (const attempt of [
    t.call('setEvent', { id: eventId, course: course({ title: 'Overtaget' }) }, stranger.token),
    t.call('deleteEvent', { id: eventId }, stranger.token),
    t.call('addEventDates', { eventId, dates: [{ from: day(11, 10), to: day(11, 12), latestDays: 0 }] }, stranger.token),
    t.call('setEventDate', { id: dateId, date: { from: day(12, 10), to: day(12, 12), latestDays: 0 } }, stranger.token),
    t.call('deleteEventDate', { id: dateId }, stranger.token),
    t.call('getEventDateClientsFromTherapist', { eventDateId: dateId }, stranger.token),
    t.call('getEvent', { id: eventId }, stranger.token),
  ]) {
    expect([403, 404]).toContain((await attempt).status);
  }
  expect((await t.models.Event.findById(eventId).lean())?.title).toBe('Yoga for ryggen');
  expect(await t.models.EventDate.countDocuments({ eventId })).toBe(1);
});

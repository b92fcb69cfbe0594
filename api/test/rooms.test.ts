/**
 * Rooms and equipment through the real endpoint: the owner's list and what each treatment needs (with bad input and
 * other callers refused), and bookings that hold their room as they hold their therapist's time: two therapists
 * racing for one room get one booking, a move takes its room along and lets the old time go, free times on the
 * booking page and a series' plan leave out times without a free room, and the sweeper keeps what a booking holds.
 */
import { bookingMessages, copenhagenWallTime, formatCopenhagenTime, roomMessages, seriesMessages, SLOT_UNIT_MS } from '@klinik/core';
import { sweepOrphanClaims } from '../src/data/concurrency/slot-claims.js';
import { offerFreedTimes } from '../src/jobs/waitlist.js';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { stallNextWrite } from './support/stall-insert.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

let t: TestApi;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
  // Tuesday 1 December 2026, 10:00 Copenhagen time.
  t.clock.set(copenhagenWallTime(2026, 12, 1, 10));
});
afterAll(async () => {
  await t.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
const UNITS_PER_HOUR = 3_600_000 / SLOT_UNIT_MS;

interface Therapist {
  token: string;
  therapistId: string;
}

async function treatmentOf(who: Therapist, name = 'Massage'): Promise<string> {
  const answer = await t.call('addTreatment', { name, price: 500, duration: 3600, pause: 0 }, who.token);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id;
}

async function addRoom(owner: SignedInOwner, name: string, kind: 'room' | 'equipment' = 'room'): Promise<string> {
  const answer = await t.call('addRoom', { kind, name }, owner.token);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id;
}

async function needs(owner: SignedInOwner, treatmentId: string, roomIds: string[], equipmentIds: string[] = []): Promise<void> {
  const answer = await t.call('setTreatmentRooms', { treatmentId, roomIds, equipmentIds }, owner.token);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
}

/** A clinic of an owner and a colleague, each with a treatment that needs one of `roomNames` (made here). */
async function clinicWithRooms(roomNames = ['Lokale 1']) {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  const rooms = [];
  for (const name of roomNames) rooms.push(await addRoom(owner, name));
  const ownerTreatment = await treatmentOf(owner);
  const colleagueTreatment = await treatmentOf(colleague, 'Fysioterapi');
  await needs(owner, ownerTreatment, rooms);
  await needs(owner, colleagueTreatment, rooms);
  return { owner, colleague, rooms, ownerTreatment, colleagueTreatment };
}

const book = (who: Therapist, treatmentId: string, from: number, cpr = '1234') => t.call('addBooking', { treatmentId, from, client: newClient(cpr) }, who.token);

async function claimsOf(ref: string): Promise<string[]> {
  return (await t.models.SlotClaim.find({ ref }).lean()).map((claim) => claim._id).sort();
}

function unitIds(companyId: string, laneId: string, from: number, to: number): string[] {
  const ids = [];
  for (let unit = from; unit < to; unit += SLOT_UNIT_MS) ids.push(`${companyId}:${laneId}:${unit}`);
  return ids;
}

describe("the clinic's rooms and equipment", () => {
  it('are kept by the owner, read by every therapist, and refused with Danish messages when wrong', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    const room = await addRoom(owner, 'Lokale 1');
    const device = await addRoom(owner, 'Shockwave', 'equipment');

    // Every therapist reads the list; only the owner changes it.
    const seen = await t.call('getRooms', {}, colleague.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.rooms.map((one) => [one.kind, one.name, one.active])).toEqual([
      ['equipment', 'Shockwave', true],
      ['room', 'Lokale 1', true],
    ]);
    for (const [action, input] of [
      ['addRoom', { kind: 'room', name: 'Lokale 9' }],
      ['setRoom', { id: room, name: 'Ændret' }],
      ['deleteRoom', { id: room }],
      ['setTreatmentRooms', { treatmentId: await treatmentOf(colleague), roomIds: [room] }],
    ] as const) {
      expect((await t.call(action, input as never, colleague.token)).status).toBe(403);
    }

    // Bad input changes nothing.
    const refused = async (action: 'addRoom' | 'setRoom' | 'setTreatmentRooms', input: unknown, message: string) => {
      const answer = await t.call(action, input as never, owner.token);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    };
    await refused('addRoom', { kind: 'room', name: '  ' }, roomMessages.nameRequired);
    await refused('addRoom', { kind: 'køkken', name: 'Køkken' }, roomMessages.kindRequired);
    await refused('addRoom', { kind: 'room', name: 'lokale 1' }, roomMessages.nameTaken);
    await refused('setRoom', { id: device, name: 'LOKALE 1' }, roomMessages.nameTaken);
    expect((await t.call('addRoom', { kind: 'room', name: { $gt: '' } } as never, owner.token)).status).toBe(400);
    const treatmentId = await treatmentOf(owner);
    await refused('setTreatmentRooms', { treatmentId, roomIds: [device] }, roomMessages.notARoom);
    await refused('setTreatmentRooms', { treatmentId, equipmentIds: [room] }, roomMessages.notEquipment);
    await refused('setTreatmentRooms', { treatmentId, roomIds: ['0123456789abcdef01234567'] }, roomMessages.unknown);
    // Another clinic's room is as unknown as a made-up one.
    const other = await clinicWithTrial(t);
    const theirs = await addRoom(other, 'Deres lokale');
    await refused('setTreatmentRooms', { treatmentId, roomIds: [theirs] }, roomMessages.unknown);
    expect((await t.call('setRoom', { id: theirs, active: false }, owner.token)).status).toBe(404);
    expect((await t.call('deleteRoom', { id: theirs }, owner.token)).status).toBe(404);
    expect((await t.call('getRooms', {}, owner.token)).body.data).toEqual({ rooms: seen.body.data.rooms, treatments: [] });

    // The owner's changes.
    expect((await t.call('setTreatmentRooms', { treatmentId, roomIds: [room], equipmentIds: [device] }, owner.token)).status).toBe(200);
    const renamed = await t.call('setRoom', { id: room, name: 'Lokale A', active: false }, owner.token);
    expect(renamed.body.data).toEqual({ id: room, kind: 'room', name: 'Lokale A', active: false });
    expect((await t.call('getRooms', {}, colleague.token)).body.data.treatments).toEqual([{ treatmentId, roomIds: [room], equipmentIds: [device] }]);
  });

  it('cannot be deleted while a future booking holds it; then it goes, and treatments stop needing it', async () => {
    const { owner, rooms, ownerTreatment } = await clinicWithRooms();
    const booked = await book(owner, ownerTreatment, at(3, 9));
    expect(booked.body.data.roomId).toBe(rooms[0]);
    const refused = await t.call('deleteRoom', { id: rooms[0]! }, owner.token);
    expect([refused.status, refused.body.message]).toEqual([409, roomMessages.hasFutureBookings]);
    expect(await t.models.Room.countDocuments({ _id: rooms[0] })).toBe(1);

    expect((await t.call('deleteBooking', { id: booked.body.data.id }, owner.token)).status).toBe(200);
    expect((await t.call('deleteRoom', { id: rooms[0]! }, owner.token)).status).toBe(200);
    expect((await t.call('getRooms', {}, owner.token)).body.data).toEqual({ rooms: [], treatments: [] });
    // The treatment is booked without a room now.
    const after = await book(owner, ownerTreatment, at(3, 9), '2222');
    expect(after.status).toBe(200);
    expect(after.body.data.roomId).toBeUndefined();
  });

  it('refuses a treatment whose rooms are all out of use, and one whose equipment is', async () => {
    const { owner, rooms, ownerTreatment } = await clinicWithRooms();
    await t.call('setRoom', { id: rooms[0]!, active: false }, owner.token);
    const noRoom = await book(owner, ownerTreatment, at(3, 9));
    expect([noRoom.status, noRoom.body.message]).toEqual([409, roomMessages.noActiveRoom]);
    await t.call('setRoom', { id: rooms[0]!, active: true }, owner.token);
    const device = await addRoom(owner, 'Shockwave', 'equipment');
    await needs(owner, ownerTreatment, rooms, [device]);
    await t.call('setRoom', { id: device, active: false }, owner.token);
    const broken = await book(owner, ownerTreatment, at(3, 9));
    expect([broken.status, broken.body.message]).toEqual([409, roomMessages.equipmentInactive('Shockwave')]);
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(0);
  });
});

describe('a booking holds its room', () => {
  it('two therapists racing for one room: one booking, a Danish 409 for the other, nothing of it left', async () => {
    const { owner, colleague, rooms, ownerTreatment, colleagueTreatment } = await clinicWithRooms();
    // The owner's request stops at its room's claim, after it found the room free; the colleague's books meanwhile.
    const roomUnit = `${owner.companyId}:${rooms[0]}:`;
    const stalled = stallNextWrite(t.api.services.models.SlotClaim, 'insertMany', (args) => Array.isArray(args[0]) && String((args[0] as { _id: string }[])[0]?._id).startsWith(roomUnit));
    try {
      const first = book(owner, ownerTreatment, at(3, 9), '1111');
      await stalled.atInsert;
      const second = await book(colleague, colleagueTreatment, at(3, 9, 30), '2222');
      expect(second.status).toBe(200);
      stalled.release();
      const lost = await first;
      expect([lost.status, lost.body.message]).toEqual([409, roomMessages.roomTaken]);
    } finally {
      stalled.restore();
    }
    const bookings = await t.models.Booking.find({ companyId: owner.companyId }).lean();
    expect(bookings.map((booking) => [booking.therapistId.toString(), booking.roomId?.toString()])).toEqual([[colleague.therapistId, rooms[0]]]);
    // Only the winner's units: its therapist's hour and the room's, none of the owner's (nor the client made for it).
    const winner = bookings[0]!._id.toString();
    expect(await claimsOf(winner)).toEqual(
      [...unitIds(owner.companyId, colleague.therapistId, at(3, 9, 30), at(3, 10, 30)), ...unitIds(owner.companyId, rooms[0]!, at(3, 9, 30), at(3, 10, 30))].sort(),
    );
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(2 * UNITS_PER_HOUR);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(1);
  });

  it('fired at the same moment by two therapists: exactly one wins', async () => {
    const { owner, colleague, ownerTreatment, colleagueTreatment } = await clinicWithRooms();
    const answers = await Promise.all([book(owner, ownerTreatment, at(4, 9), '1111'), book(colleague, colleagueTreatment, at(4, 9), '2222')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(roomMessages.roomTaken);
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId })).toBe(1);
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(2 * UNITS_PER_HOUR);
  });

  it('takes a free room of several, and refuses when every room is taken; equipment is needed whole', async () => {
    const { owner, colleague, rooms, ownerTreatment, colleagueTreatment } = await clinicWithRooms(['Lokale 1', 'Lokale 2']);
    const third = await colleagueOf(t, owner);
    const thirdTreatment = await treatmentOf(third, 'Akupunktur');
    await needs(owner, thirdTreatment, rooms);
    const a = await book(owner, ownerTreatment, at(3, 9), '1111');
    const b = await book(colleague, colleagueTreatment, at(3, 9), '2222');
    expect([a.body.data.roomId, b.body.data.roomId]).toEqual([rooms[0], rooms[1]]);
    const c = await book(third, thirdTreatment, at(3, 9, 45), '3333');
    expect([c.status, c.body.message]).toEqual([409, roomMessages.roomTaken]);

    const device = await addRoom(owner, 'Shockwave', 'equipment');
    await needs(owner, thirdTreatment, [], [device]);
    await needs(owner, colleagueTreatment, [], [device]);
    expect((await book(third, thirdTreatment, at(3, 13), '3333')).body.data.equipmentIds).toEqual([device]);
    const busy = await book(colleague, colleagueTreatment, at(3, 13, 30), '4444');
    expect([busy.status, busy.body.message]).toEqual([409, roomMessages.equipmentTaken('Shockwave')]);
  });

  it('a move takes the room along, lets the old time go, and changes room when its own is taken', async () => {
    const { owner, colleague, rooms, ownerTreatment, colleagueTreatment } = await clinicWithRooms(['Lokale 1', 'Lokale 2']);
    const booked = (await book(owner, ownerTreatment, at(3, 9), '1111')).body.data;
    const moved = await t.call('setBooking', { id: booked.id, from: at(3, 11) }, owner.token);
    expect(moved.status).toBe(200);
    expect(moved.body.data.roomId).toBe(rooms[0]);
    expect(await claimsOf(booked.id)).toEqual([...unitIds(owner.companyId, owner.therapistId, at(3, 11), at(3, 12)), ...unitIds(owner.companyId, rooms[0]!, at(3, 11), at(3, 12))].sort());
    // Lokale 1 at 9 is free again: the colleague gets it (the first room of the list).
    expect((await book(colleague, colleagueTreatment, at(3, 9), '2222')).body.data.roomId).toBe(rooms[0]);

    // The colleague holds Lokale 1 at 14; the owner's booking moved there takes Lokale 2.
    await book(colleague, colleagueTreatment, at(3, 14), '3333');
    const switched = await t.call('setBooking', { id: booked.id, from: at(3, 14) }, owner.token);
    expect(switched.body.data.roomId).toBe(rooms[1]);
    expect(await claimsOf(booked.id)).toEqual([...unitIds(owner.companyId, owner.therapistId, at(3, 14), at(3, 15)), ...unitIds(owner.companyId, rooms[1]!, at(3, 14), at(3, 15))].sort());
    // Both rooms taken at 14 now: a third booking there is refused, and a refused move changes nothing.
    const other = (await book(owner, ownerTreatment, at(3, 16), '4444')).body.data;
    const refused = await t.call('setBooking', { id: other.id, from: at(3, 14, 30) }, owner.token);
    expect([refused.status, refused.body.message]).toEqual([409, roomMessages.roomTaken]);
    expect(await claimsOf(other.id)).toEqual([...unitIds(owner.companyId, owner.therapistId, at(3, 16), at(3, 17)), ...unitIds(owner.companyId, rooms[0]!, at(3, 16), at(3, 17))].sort());
    // Deleting lets the room go too.
    expect((await t.call('deleteBooking', { id: booked.id }, owner.token)).status).toBe(200);
    expect(await claimsOf(booked.id)).toEqual([]);
  });

  it("the sweeper keeps a booking's room units and removes the room units it no longer covers", async () => {
    const { owner, rooms, ownerTreatment } = await clinicWithRooms();
    const booked = (await book(owner, ownerTreatment, at(3, 9))).body.data;
    const held = await claimsOf(booked.id);
    const leftover = `${owner.companyId}:${rooms[0]}:${at(3, 15)}`;
    await t.models.SlotClaim.create({ _id: leftover, ref: booked.id, kind: 'booking', createdAt: t.clock.now() - 120_000 });
    await t.models.SlotClaim.updateMany({ ref: booked.id }, { $set: { createdAt: t.clock.now() - 120_000 } });
    await sweepOrphanClaims(t.models, t.clock.now());
    expect(await claimsOf(booked.id)).toEqual(held);
  });
});

describe('free times respect rooms', () => {
  const stranger = { ...newClient('5555'), nameFirst: 'Ida', nameLast: 'Holm', email: 'ida@example.dk' };

  it("the booking page leaves out times when the treatment's only room is taken by a colleague", async () => {
    const { owner, colleague, colleagueTreatment, ownerTreatment } = await clinicWithRooms();
    await t.call('addOpeningHours', { from: at(2, 8), to: at(2, 12) }, owner.token);
    await book(colleague, colleagueTreatment, at(2, 9), '2222');
    const week = { therapistId: owner.therapistId, from: at(1, 0), to: at(8, 0), duration: 3_600_000, pause: 0 };
    const times = async (input: object) => ((await t.call('clientGetAvailable', { ...week, ...input })).body.data).map(formatCopenhagenTime);
    // The owner is free all morning; the room is not from 9 to 10.
    expect(await times({})).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(await times({ treatmentId: ownerTreatment })).toEqual(['08:00', '10:00', '10:15', '10:30', '10:45', '11:00']);
    // An unknown treatment is refused, not ignored.
    expect((await t.call('clientGetAvailable', { ...week, treatmentId: '0123456789abcdef01234567' })).status).toBe(400);
    // And the booking itself is refused at a time the page does not offer.
    const online = await t.call('clientAddBooking', { therapistId: owner.therapistId, treatmentId: ownerTreatment, from: at(2, 9, 30), reason: 'Ondt i ryggen', consent: true, client: stranger });
    expect([online.status, online.body.message]).toEqual([409, bookingMessages.slotGone]);
    const offered = await t.call('clientAddBooking', { therapistId: owner.therapistId, treatmentId: ownerTreatment, from: at(2, 10), reason: 'Ondt i ryggen', consent: true, client: stranger });
    expect(offered.status).toBe(200);
    const stored = await t.models.Booking.findOne({ companyId: owner.companyId, therapistId: owner.therapistId, from: at(2, 10) }).lean();
    expect(stored?.roomId?.toString()).toBe((await t.models.Room.findOne({ companyId: owner.companyId }).lean())!._id.toString());
  });

  it("a series lists the date whose room is taken, offers starts with a free room, and saves every date with its room", async () => {
    const { owner, colleague, rooms, ownerTreatment, colleagueTreatment } = await clinicWithRooms();
    const tuesday = (week: number, hour = 10, minute = 0) => at(8 + week * 7, hour, minute);
    // The colleague holds the room 10–11 on the third Tuesday; the owner is open 8–16 that day.
    await book(colleague, colleagueTreatment, tuesday(2), '2222');
    await t.call('addOpeningHours', { from: tuesday(2, 8), to: tuesday(2, 16) }, owner.token);
    const clientId = (await book(owner, ownerTreatment, at(3, 8), '1111')).body.data.clientId;
    const series = { treatmentId: ownerTreatment, from: tuesday(0), clientId, repeat: { intervalWeeks: 1, count: 4 } };

    const checked = await t.call('addBookingSeries', { ...series, check: true }, owner.token);
    expect(checked.body.data.dates.filter((date) => date.conflict).map((date) => [date.index, date.conflict])).toEqual([[2, 'room']]);
    expect(checked.body.data.dates[2]!.freeStarts.map(formatCopenhagenTime)).toEqual(['08:30', '08:45', '09:00', '11:00', '11:15', '11:30']);
    const refused = await t.call('addBookingSeries', series, owner.token);
    expect([refused.status, refused.body.message, Object.keys(refused.body.errors ?? {})]).toEqual([409, seriesMessages.conflicts(1), ['dates.2']]);
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId, seriesId: { $exists: true } })).toBe(0);

    const saved = await t.call('addBookingSeries', { ...series, choices: [{ index: 2, from: tuesday(2, 11) }] }, owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data.bookings.map((booking) => [formatCopenhagenTime(booking.from), booking.roomId])).toEqual([
      ['10:00', rooms[0]],
      ['10:00', rooms[0]],
      ['11:00', rooms[0]],
      ['10:00', rooms[0]],
    ]);
    for (const booking of saved.body.data.bookings) expect(await claimsOf(booking.id)).toHaveLength(2 * UNITS_PER_HOUR);
    // 'This and the following' moved onto the colleague's hour is refused for the room, and changes nothing.
    const moved = await t.call('setBookingSeries', { id: saved.body.data.bookings[1]!.id, scope: 'following', from: tuesday(1, 9, 30) }, owner.token);
    expect([moved.status, Object.keys(moved.body.errors ?? {})]).toEqual([409, ['dates.2']]);
  });
});

describe("'Mine tider' respects rooms", () => {
  const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };

  it('offers moves only where the room is free, and a move takes the room along', async () => {
    const { owner, colleague, rooms, ownerTreatment, colleagueTreatment } = await clinicWithRooms();
    expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
    await t.call('addOpeningHours', { from: at(3, 8), to: at(3, 12) }, owner.token);
    const email = 'mine-tider-lokale@example.dk';
    const booking = (await t.call('addBooking', { treatmentId: ownerTreatment, from: at(3, 8), client: { ...newClient('7777'), email } }, owner.token)).body.data;
    await book(colleague, colleagueTreatment, at(3, 11), '8888');

    expect((await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email })).status).toBe(200);
    await until(async () => (await t.models.OutboxMail.countDocuments({ to: email })) > 0, 'the link mail');
    const mail = await t.models.OutboxMail.findOne({ to: email }).lean();
    const linkToken = /#link=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const portalToken = (await t.call('clientPortalSignIn', { linkToken })).body.data.portalToken;

    const free = await t.call('getClientPortalFreeTimes', { portalToken, bookingId: booking.id, from: at(3, 0), to: at(4, 0) });
    // The owner is free all morning; the room is the colleague's from 11.
    expect(free.body.data.map(formatCopenhagenTime)).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00', '09:15', '09:30', '09:45', '10:00']);
    const refused = await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: at(3, 10, 30) });
    expect(refused.status).toBe(409);
    expect((await t.call('clientPortalMoveBooking', { portalToken, bookingId: booking.id, from: at(3, 10) })).status).toBe(200);
    expect(await claimsOf(booking.id)).toEqual([...unitIds(owner.companyId, owner.therapistId, at(3, 10), at(3, 11)), ...unitIds(owner.companyId, rooms[0]!, at(3, 10), at(3, 11))].sort());
  });
});

describe('the waiting list respects rooms', () => {
  /**
   * The owner's 10:00 on Monday 7 December (a treatment without a room) is cancelled; on the list is someone for the
   * owner's treatment that needs the clinic's one room, Mondays 10–11. With `roomTaken`, the colleague holds the room
   * then.
   */
  async function freedWithRoom(roomTaken: boolean) {
    const { owner, colleague, ownerTreatment, colleagueTreatment } = await clinicWithRooms();
    const talk = await treatmentOf(owner, 'Samtale');
    const waiting = await book(owner, talk, at(14, 8), '3001');
    expect(waiting.status).toBe(200);
    const entry = await t.call('addWaitlistEntry', { clientId: waiting.body.data.clientId, treatmentId: ownerTreatment, days: [1], fromTime: '10:00', toTime: '11:00' }, owner.token);
    expect(entry.status).toBe(200);
    const cancelled = await book(owner, talk, at(7, 10), '3002');
    expect(cancelled.status).toBe(200);
    if (roomTaken) expect((await book(colleague, colleagueTreatment, at(7, 10), '3003')).status).toBe(200);
    expect((await t.call('deleteBooking', { id: cancelled.body.data.id }, owner.token)).status).toBe(200);
    await offerFreedTimes({ models: t.api.services.models, now: () => t.clock.now(), logger: t.api.services.logger });
    return t.models.WaitlistOffer.find({ therapistId: owner.therapistId }).lean();
  }

  it('offers a freed time only when the room its treatment needs is free then', async () => {
    // The room held by the colleague: an offer whose acceptance could only be refused goes to nobody.
    expect(await freedWithRoom(true)).toHaveLength(0);
    // The same with the room free: offered.
    expect((await freedWithRoom(false)).map((offer) => offer.from)).toEqual([at(7, 10)]);
  });
});

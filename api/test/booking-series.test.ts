/**
 * Recurring series through the real endpoint: every date checked against the slot claims before anything is saved,
 * the collisions listed with free starts, saved whole or not at all (also when two series race for one date), the
 * limits, and 'this and the following' moves and cancellations.
 */
import { copenhagenWallTime, formatCopenhagenTime, schedulingMessages, seriesMessages, SLOT_UNIT_MS } from '@klinik/core';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { stallNextWrite } from './support/stall-insert.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const WEEK = 7;
/** Tuesday 1 December 2026 and the weeks after it, Copenhagen time. */
const tuesday = (week: number, hour = 10, minute = 0) => copenhagenWallTime(2026, 12, 1 + week * WEEK, hour, minute);
const UNITS_PER_HOUR = 3_600_000 / SLOT_UNIT_MS;

async function clinicWithClient(): Promise<{ owner: SignedInOwner; treatmentId: string; clientId: string }> {
  const owner = await clinicWithTrial(t);
  const treatmentId = (await t.call('addTreatment', { name: 'Fysioterapi', price: 500, duration: 3600, pause: 0 }, owner.token)).body.data.id;
  // The client's first booking, on a Monday well before the series.
  const first = await t.call('addBooking', { treatmentId, from: copenhagenWallTime(2026, 11, 2, 8), client: newClient() }, owner.token);
  expect(first.status).toBe(200);
  return { owner, treatmentId, clientId: first.body.data.clientId };
}

/**
 * Holds the next claim insert of more than `rows` units (a series') until released: a request stalled between its
 * check and its claim. The other inserts pass.
 */
const stallNextBigClaim = (rows: number) => stallNextWrite(t.api.services.models.SlotClaim, 'insertMany', (args) => Array.isArray(args[0]) && args[0].length > rows);

async function seriesBookings(owner: SignedInOwner) {
  return t.models.Booking.find({ companyId: owner.companyId, seriesId: { $exists: true } }).sort({ from: 1 }).lean();
}

async function claimsOf(owner: SignedInOwner) {
  return t.models.SlotClaim.find({ _id: { $regex: `^${owner.companyId}:` } }).lean();
}

describe('a new series', () => {
  it('lists a third date that collides with free starts that day, saves nothing, then saves whole with a choice', async () => {
    const { owner, treatmentId, clientId } = await clinicWithClient();
    // Another client at 10:00 on the third Tuesday; the therapist is open 8–16 that day.
    expect((await t.call('addBooking', { treatmentId, from: tuesday(2), client: newClient('2222') }, owner.token)).status).toBe(200);
    expect((await t.call('addOpeningHours', { from: tuesday(2, 8), to: tuesday(2, 16) }, owner.token)).status).toBe(200);
    const claimsBefore = (await claimsOf(owner)).length;
    const series = { treatmentId, from: tuesday(0), clientId, reason: 'Genoptræning', repeat: { intervalWeeks: 1, count: 10 } };

    const checked = await t.call('addBookingSeries', { ...series, check: true }, owner.token);
    expect(checked.status).toBe(200);
    expect(checked.body.data.dates).toHaveLength(10);
    expect(checked.body.data.dates.filter((date) => date.conflict).map((date) => [date.index, date.conflict])).toEqual([[2, 'booking']]);
    const offered = checked.body.data.dates[2]!.freeStarts.map(formatCopenhagenTime);
    expect(offered).toEqual(['08:30', '08:45', '09:00', '11:00', '11:15', '11:30']);
    expect(checked.body.data.bookings).toEqual([]);

    const refused = await t.call('addBookingSeries', series, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(seriesMessages.conflicts(1));
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['dates.2']);
    expect(await seriesBookings(owner)).toHaveLength(0);
    expect((await claimsOf(owner)).length).toBe(claimsBefore);

    const saved = await t.call('addBookingSeries', { ...series, choices: [{ index: 2, from: tuesday(2, 11) }] }, owner.token);
    expect(saved.status).toBe(200);
    const stored = await seriesBookings(owner);
    expect(stored.map((booking) => [booking.seriesIndex, formatCopenhagenTime(booking.from)])).toEqual(
      Array.from({ length: 10 }, (_, index) => [index, index === 2 ? '11:00' : '10:00']),
    );
    expect(new Set(stored.map((booking) => booking.seriesId!.toString())).size).toBe(1);
    expect(stored.every((booking) => booking.reason === 'Genoptræning' && booking.firstBooking === false)).toBe(true);
    expect((await claimsOf(owner)).length).toBe(claimsBefore + 10 * UNITS_PER_HOUR);
    // Ordinary bookings: the week view shows them, with their place in the series.
    const week = await t.call('getBookingsFromTherapist', { from: tuesday(3, 0), to: tuesday(4, 0) }, owner.token);
    expect(week.body.data.map((booking) => [booking.seriesIndex, booking.seriesId])).toEqual([[3, saved.body.data.seriesId]]);
  });

  it('skips a date the therapist chose to skip, and keeps a leave on it', async () => {
    const { owner, treatmentId, clientId } = await clinicWithClient();
    expect((await t.call('addLeave', { from: tuesday(1, 9), to: tuesday(1, 12), reason: 'Tandlæge' }, owner.token)).status).toBe(200);
    const series = { treatmentId, from: tuesday(0), clientId, repeat: { intervalWeeks: 2, until: '2026-12-29' } };
    const checked = await t.call('addBookingSeries', { ...series, check: true }, owner.token);
    // Every second week: 1, 15 and 29 December; the leave is on the 8th, so nothing collides.
    expect(checked.body.data.dates.map((date) => [formatCopenhagenTime(date.from), date.conflict])).toEqual([
      ['10:00', null],
      ['10:00', null],
      ['10:00', null],
    ]);
    const weekly = { ...series, repeat: { intervalWeeks: 1, count: 3 } };
    const leave = await t.call('addBookingSeries', { ...weekly, check: true }, owner.token);
    expect(leave.body.data.dates[1]).toMatchObject({ conflict: 'leave' });
    const saved = await t.call('addBookingSeries', { ...weekly, choices: [{ index: 1, from: null }] }, owner.token);
    expect(saved.status).toBe(200);
    expect((await seriesBookings(owner)).map((booking) => booking.seriesIndex)).toEqual([0, 2]);
  });

  it('refuses more than 52 dates, an interval outside 1–4, an end before the start and fewer than 2 dates, saving nothing', async () => {
    const { owner, treatmentId, clientId } = await clinicWithClient();
    const base = { treatmentId, from: tuesday(0), clientId };
    const cases: [Record<string, unknown>, string][] = [
      [{ intervalWeeks: 1, count: 53 }, seriesMessages.tooMany],
      [{ intervalWeeks: 1, until: '2027-12-31' }, seriesMessages.tooMany],
      [{ intervalWeeks: 5, count: 10 }, seriesMessages.interval],
      [{ intervalWeeks: 0, count: 10 }, seriesMessages.interval],
      [{ intervalWeeks: 1, until: '2026-11-30' }, seriesMessages.untilBeforeStart],
      [{ intervalWeeks: 1, count: 1 }, seriesMessages.tooFew],
      [{ intervalWeeks: 1 }, seriesMessages.untilOrCount],
      [{ intervalWeeks: 1, count: { $gt: 1 } }, seriesMessages.tooFew],
    ];
    for (const [repeat, message] of cases) {
      const answer = await t.call('addBookingSeries', { ...base, repeat } as never, owner.token);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    // 52 weekly dates are allowed (checked only: nothing saved).
    const most = await t.call('addBookingSeries', { ...base, repeat: { intervalWeeks: 1, count: 52 }, check: true }, owner.token);
    expect([most.status, most.body.data.dates.length]).toEqual([200, 52]);
    expect(await seriesBookings(owner)).toHaveLength(0);
  });

  it('of two series racing for the same dates one is saved whole, the other saves nothing and leaves no claim', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, treatmentId, clientId } = await clinicWithClient();
      const claimsBefore = (await claimsOf(owner)).length;
      // Weeks 0–5 and weeks 3–8: weeks 3, 4 and 5 are wanted by both.
      const [a, b] = await Promise.all([
        t.call('addBookingSeries', { treatmentId, from: tuesday(0), clientId, repeat: { intervalWeeks: 1, count: 6 } }, owner.token),
        t.call('addBookingSeries', { treatmentId, from: tuesday(3), clientId, repeat: { intervalWeeks: 1, count: 6 } }, owner.token),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? a : b;
      const loser = a.status === 200 ? b : a;
      expect(Object.keys(loser.body.errors ?? {}).sort()).toEqual(a.status === 200 ? ['dates.0', 'dates.1', 'dates.2'] : ['dates.3', 'dates.4', 'dates.5']);
      const stored = await seriesBookings(owner);
      expect(stored.map((booking) => booking._id.toString()).sort()).toEqual(winner.body.data.bookings.map((booking) => booking.id).sort());
      const claims = await claimsOf(owner);
      expect(claims.length).toBe(claimsBefore + 6 * UNITS_PER_HOUR);
      const winners = new Set(stored.map((booking) => booking._id.toString()));
      expect(claims.filter((claim) => claim.kind === 'booking' && !winners.has(claim.ref.toString()))).toHaveLength(claimsBefore);
    }
  });

  it('a date taken between the check and the claim: 409 naming it, and nothing of the series stays', async () => {
    const { owner, treatmentId, clientId } = await clinicWithClient();
    const claimsBefore = (await claimsOf(owner)).map((claim) => claim._id).sort();
    const stall = stallNextBigClaim(UNITS_PER_HOUR);
    try {
      const series = t.call('addBookingSeries', { treatmentId, from: tuesday(0), clientId, repeat: { intervalWeeks: 1, count: 8 } }, owner.token);
      await stall.atInsert;
      // The fifth Tuesday goes to someone else while the series waits at its claim.
      const other = await t.call('addBooking', { treatmentId, from: tuesday(4, 10, 30), client: newClient('3333') }, owner.token);
      expect(other.status).toBe(200);
      stall.release();
      const answer = await series;
      expect(answer.status).toBe(409);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['dates.4']);
      expect(await seriesBookings(owner)).toHaveLength(0);
      const claims = (await claimsOf(owner)).filter((claim) => claim.ref.toString() !== other.body.data.id);
      expect(claims.map((claim) => claim._id).sort()).toEqual(claimsBefore);
    } finally {
      stall.release();
      stall.restore();
    }
  });
});

describe('this and the following', () => {
  async function fourTuesdays() {
    const context = await clinicWithClient();
    const saved = await t.call('addBookingSeries', { treatmentId: context.treatmentId, from: tuesday(0), clientId: context.clientId, repeat: { intervalWeeks: 1, count: 4 } }, context.owner.token);
    expect(saved.status).toBe(200);
    return { ...context, bookings: saved.body.data.bookings };
  }

  it('moves the second and later dates to 14:00 all or nothing: a collision lists the date and moves none', async () => {
    const { owner, bookings } = await fourTuesdays();
    const second = bookings[1]!;
    const claimsBefore = (await claimsOf(owner)).map((claim) => claim._id).sort();
    expect((await t.call('addLeave', { from: tuesday(3, 14), to: tuesday(3, 15), reason: 'Møde' }, owner.token)).status).toBe(200);
    const move = { id: second.id, scope: 'following' as const, from: tuesday(1, 14), reason: 'Ny tid' };

    const refused = await t.call('setBookingSeries', move, owner.token);
    expect(refused.status).toBe(409);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['dates.3']);
    expect((await seriesBookings(owner)).map((booking) => formatCopenhagenTime(booking.from))).toEqual(['10:00', '10:00', '10:00', '10:00']);
    const leaveUnits = UNITS_PER_HOUR;
    expect((await claimsOf(owner)).length).toBe(claimsBefore.length + leaveUnits);

    const checked = await t.call('setBookingSeries', { ...move, check: true }, owner.token);
    expect(checked.body.data.dates.map((date) => [date.index, date.conflict])).toEqual([
      [1, null],
      [2, null],
      [3, 'leave'],
    ]);

    const moved = await t.call('setBookingSeries', { ...move, choices: [{ index: 3, from: null }] }, owner.token);
    expect(moved.status).toBe(200);
    const stored = await seriesBookings(owner);
    expect(stored.map((booking) => [formatCopenhagenTime(booking.from), booking.reason])).toEqual([
      ['10:00', ''],
      ['14:00', 'Ny tid'],
      ['14:00', 'Ny tid'],
      ['10:00', ''],
    ]);
    // The old units of the moved dates are free again, the new ones held: as many claims as before plus the leave.
    const claims = await claimsOf(owner);
    expect(claims.length).toBe(claimsBefore.length + leaveUnits);
    const secondUnits = claims.filter((claim) => claim.ref.toString() === second.id).map((claim) => Number(claim._id.split(':')[2]));
    expect(formatCopenhagenTime(Math.min(...secondUnits))).toBe('14:00');
    expect((await t.call('addBooking', { treatmentId: stored[0]!.treatmentId!.toString(), from: tuesday(1), clientId: stored[0]!.clientId.toString() }, owner.token)).status).toBe(200);
  });

  it('a later date changed meanwhile: 409, and the dates already moved go back with their old time held', async () => {
    const { owner, bookings } = await fourTuesdays();
    const claimsBefore = (await claimsOf(owner)).map((claim) => `${claim._id}:${claim.ref.toString()}`).sort();
    const Booking = t.api.services.models.Booking as unknown as Record<string, unknown> & { findOneAndUpdate: (...args: unknown[]) => unknown };
    const original = Booking.findOneAndUpdate;
    const own = Object.hasOwn(Booking, 'findOneAndUpdate');
    let edited = false;
    // Someone else saves the third date just before the series reaches it.
    Booking.findOneAndUpdate = function (this: unknown, ...args: unknown[]) {
      const filter = args[0] as { _id?: unknown; version?: unknown };
      if (!edited && String(filter._id) === bookings[2]!.id && filter.version !== undefined) {
        edited = true;
        const query = original.apply(this, args) as { lean(): PromiseLike<unknown> };
        return { lean: () => t.models.Booking.updateOne({ _id: bookings[2]!.id }, { $inc: { version: 1 } }).then(() => query.lean()) };
      }
      return original.apply(this, args);
    };
    try {
      const answer = await t.call('setBookingSeries', { id: bookings[1]!.id, scope: 'following', from: tuesday(1, 14) }, owner.token);
      expect([answer.status, answer.body.message]).toEqual([409, schedulingMessages.changedMeanwhile]);
    } finally {
      if (own) Booking.findOneAndUpdate = original;
      else Reflect.deleteProperty(Booking, 'findOneAndUpdate');
    }
    expect(edited).toBe(true);
    expect((await seriesBookings(owner)).map((booking) => formatCopenhagenTime(booking.from))).toEqual(['10:00', '10:00', '10:00', '10:00']);
    expect((await claimsOf(owner)).map((claim) => `${claim._id}:${claim.ref.toString()}`).sort()).toEqual(claimsBefore);
  });

  it("cancels this and the following, keeping a date with a journal and saying so; 'this' alone cancels one", async () => {
    const { owner, bookings } = await fourTuesdays();
    expect((await t.call('addJournal', { bookingId: bookings[2]!.id }, owner.token)).status).toBe(200);
    const only = await t.call('deleteBookingSeries', { id: bookings[0]!.id, scope: 'this' }, owner.token);
    expect([only.status, only.body.data.deleted]).toEqual([200, [bookings[0]!.id]]);

    const answer = await t.call('deleteBookingSeries', { id: bookings[1]!.id, scope: 'following' }, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.deleted).toEqual([bookings[1]!.id, bookings[3]!.id]);
    expect(answer.body.data.kept).toEqual([{ id: bookings[2]!.id, from: tuesday(2), reason: schedulingMessages.bookingHasJournal }]);
    expect((await seriesBookings(owner)).map((booking) => booking._id.toString())).toEqual([bookings[2]!.id]);
    const refs = new Set((await claimsOf(owner)).map((claim) => claim.ref.toString()));
    expect([bookings[0]!.id, bookings[1]!.id, bookings[3]!.id].filter((id) => refs.has(id))).toEqual([]);
  });

  it("refuses 'this and the following' for a booking outside a series, and a choice on another day", async () => {
    const { owner, treatmentId, clientId, bookings } = await fourTuesdays();
    const single = (await t.call('addBooking', { treatmentId, from: tuesday(6), clientId }, owner.token)).body.data;
    for (const call of [t.call('setBookingSeries', { id: single.id, scope: 'following', from: tuesday(6, 12) }, owner.token), t.call('deleteBookingSeries', { id: single.id, scope: 'following' }, owner.token)]) {
      const answer = await call;
      expect([answer.status, answer.body.message]).toEqual([400, seriesMessages.notInSeries]);
    }
    const elsewhere = await t.call('setBookingSeries', { id: bookings[0]!.id, scope: 'following', from: tuesday(0, 12), choices: [{ index: 1, from: tuesday(2, 12) }] }, owner.token);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, seriesMessages.choiceSameDay]);
    expect((await seriesBookings(owner)).map((booking) => formatCopenhagenTime(booking.from))).toEqual(['10:00', '10:00', '10:00', '10:00']);
  });
});

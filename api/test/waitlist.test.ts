/**
 * The waiting list for ordinary treatments: people put on it (by the therapist, or from 'Mine tider'), a freed time
 * offered to the first suitable person by SMS and mail through the message jobs, the offer's link taken once however
 * many accept at the same moment, a lapsed offer passed on to the next, a time taken meanwhile offered to nobody else.
 * The planner's step runs as the API's timer runs it (runMessageJobs), on the test's clock; mails and SMS go to the
 * development outbox.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copenhagenWallTime, unitStarts, WAITLIST_OFFER_TTL_MS, waitlistMessages as M } from '@klinik/core';
import { runMessageJobs } from '../src/jobs/messages.js';
import { offerFreedTimes, sweepWaitlist, WAITLIST_HISTORY_MS } from '../src/jobs/waitlist.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

/** Mondays in 2027 (1 March is a Monday). */
const monday = (hour: number, minute = 0) => copenhagenWallTime(2027, 3, 1, hour, minute);
const HOUR = 3_600_000;

async function ok<A extends Parameters<TestApi['call']>[0]>(action: A, input: Record<string, unknown>, token?: string) {
  const answer = await t.call(action, input as never, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as { message: string; data: Record<string, unknown> & { id: string } } & Record<string, unknown>;
}

type Clinic = SignedInOwner & { treatmentId: string };
let clinics = 0;

async function clinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  clinics += 1;
  await ok('setCompany', { companyName: `Fysio Venteliste ${clinics}`, email: 'kontakt@fysio.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, owner.token);
  // SMS go only for a clinic whose own e-mail is confirmed.
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { emailConfirmed: true } });
  const treatmentId = (await ok('addTreatment', { name: 'Massage', price: 450, duration: 60 * 60, pause: 0 }, owner.token)).data.id;
  return { ...owner, treatmentId };
}

let people = 0;
/** A client of the clinic (made by a booking in June, out of the way), with an address of their own. */
async function person(owner: Clinic): Promise<{ clientId: string; email: string }> {
  people += 1;
  const email = `venter${people}@example.dk`;
  const booked = (await ok('addBooking', { treatmentId: owner.treatmentId, from: copenhagenWallTime(2027, 6, 1, 8) + people * HOUR, client: { ...newClient(String(1000 + people)), nameFirst: `Venter${people}`, email } }, owner.token)).data;
  return { clientId: booked.clientId as string, email };
}

async function onList(owner: Clinic, who: { clientId: string }, hours: { fromTime: string; toTime: string } = { fromTime: '08:00', toTime: '12:00' }, days = [1]) {
  return (await ok('addWaitlistEntry', { clientId: who.clientId, treatmentId: owner.treatmentId, days, ...hours }, owner.token)).data;
}

/** A booking of someone not on the list at `from`, cancelled: the freed time. */
async function cancelAt(owner: Clinic, from: number): Promise<void> {
  const other = (await ok('addBooking', { treatmentId: owner.treatmentId, from, client: { ...newClient('9000'), nameFirst: 'Aflyser', email: 'aflyser@example.dk' } }, owner.token)).data;
  await ok('deleteBooking', { id: other.id }, owner.token);
}

const planAndSend = () => runMessageJobs(t.api.services, 'waitlist-test');

async function mailsTo(email: string) {
  return t.models.OutboxMail.find({ to: email }).sort({ createdAt: 1 }).lean();
}

/** The offer link's parts, read back from the mail. */
function linkIn(text: string): { therapistId: string; offer: string } | null {
  const match = /\/Venteliste\?therapistId=([a-f0-9]{24})#offer=([A-Za-z0-9_-]+)/.exec(text);
  return match ? { therapistId: match[1]!, offer: match[2]! } : null;
}

async function offerMailTo(email: string): Promise<{ therapistId: string; offer: string }> {
  const mails = await mailsTo(email);
  const link = mails.map((mail) => linkIn(mail.text)).find(Boolean);
  if (!link) throw new Error(`no offer mailed to ${email}: ${JSON.stringify(mails.map((mail) => mail.subject))}`);
  return link;
}

async function waitlistOf(owner: Clinic) {
  return (await ok('getWaitlist', {}, owner.token)).data as unknown as { id: string; clientId: string; source: string; offers: { from: number; state: string }[] }[];
}

/** A signed-in 'Mine tider' session of a client, as the mailed link's sign-in makes it. */
async function portalSession(owner: Clinic, clientId: string): Promise<string> {
  const portalToken = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.models.PortalSession.create({ _id: createHash('sha256').update(portalToken).digest('hex'), companyId: owner.companyId, clientId, therapistId: owner.therapistId, lastUsedAt: now, createdAt: now });
  return portalToken;
}

beforeEach(() => {
  // Every test starts on a Sunday night before the Monday it frees times on.
  t.clock.set(copenhagenWallTime(2027, 2, 28, 20));
});

describe('the list', () => {
  it('takes a client with days and hours, lists and removes them; bad input is refused in Danish and saves nothing', async () => {
    const owner = await clinic();
    const signe = await person(owner);
    const added = await ok('addWaitlistEntry', { clientId: signe.clientId, treatmentId: owner.treatmentId, days: [3, 1, 1], fromTime: '08:00', toTime: '12:30' }, owner.token);
    expect(added.message).toBe(M.added);
    expect(added.data).toMatchObject({ clientId: signe.clientId, treatmentName: 'Massage', days: [1, 3], fromTime: '08:00', toTime: '12:30', state: 'active', source: 'calendar', offers: [] });
    expect((await waitlistOf(owner)).map((entry) => entry.id)).toEqual([added.data.id]);

    const refused = async (input: Record<string, unknown>, status: number, message: string) => {
      const answer = await t.call('addWaitlistEntry', { clientId: signe.clientId, treatmentId: owner.treatmentId, days: [1], fromTime: '08:00', toTime: '12:00', ...input }, owner.token);
      expect({ status: answer.status, message: (answer.body as { message?: string }).message }).toEqual({ status, message });
    };
    await refused({}, 409, M.alreadyOnList);
    await refused({ days: [] }, 400, M.daysRequired);
    await refused({ days: [8] }, 400, M.daysRequired);
    await refused({ fromTime: '12:00', toTime: '08:00' }, 400, M.hoursOrder);
    await refused({ fromTime: '25:00' }, 400, M.timeFormat);
    const operator = await t.call('addWaitlistEntry', { clientId: { $gt: '' }, treatmentId: owner.treatmentId, days: [1], fromTime: '08:00', toTime: '12:00' } as never, owner.token);
    expect(operator.status).toBe(400);
    expect(await t.models.WaitlistEntry.countDocuments({ companyId: owner.companyId })).toBe(1);

    expect((await ok('removeWaitlistEntry', { id: added.data.id }, owner.token)).message).toBe(M.removed);
    expect(await waitlistOf(owner)).toEqual([]);
    expect((await t.call('removeWaitlistEntry', { id: added.data.id }, owner.token)).status).toBe(404);
  });

  it("takes a signed-in client from 'Mine tider' onto the booking page's therapist's list", async () => {
    const owner = await clinic();
    const signe = await person(owner);
    const portalToken = await portalSession(owner, signe.clientId);
    const joined = await ok('clientPortalJoinWaitlist', { portalToken, treatmentId: owner.treatmentId, days: [1, 2], fromTime: '08:00', toTime: '17:00' });
    expect(joined.message).toBe(M.joined);
    expect(await waitlistOf(owner)).toMatchObject([{ clientId: signe.clientId, source: 'portal' }]);
    expect((await t.call('clientPortalJoinWaitlist', { portalToken: 'x'.repeat(40), treatmentId: owner.treatmentId, days: [1], fromTime: '08:00', toTime: '17:00' })).status).toBe(401);
  });

  it("puts only the signed-in client on the list from 'Mine tider'; another client, another clinic's treatment and bad wishes are refused and save nothing", async () => {
    const owner = await clinic();
    const signe = await person(owner);
    const other = await person(owner);
    const portalToken = await portalSession(owner, signe.clientId);
    const elsewhere = await clinic();
    const wishes = { portalToken, treatmentId: owner.treatmentId, days: [1], fromTime: '08:00', toTime: '17:00' };
    const refused = async (input: Record<string, unknown>, status: number, message?: string) => {
      const answer = await t.call('clientPortalJoinWaitlist', { ...wishes, ...input });
      expect(answer.status).toBe(status);
      if (message) expect((answer.body as { message?: string }).message).toBe(message);
    };
    // The link proved who the client is: there is no client to name (strict input), whatever is sent.
    await refused({ clientId: other.clientId }, 400);
    await refused({ treatmentId: elsewhere.treatmentId }, 400);
    await refused({ treatmentId: { $gt: '' } }, 400);
    await refused({ days: [] }, 400, M.daysRequired);
    await refused({ fromTime: '17:00', toTime: '08:00' }, 400, M.hoursOrder);
    await refused({ toTime: '7 pm' }, 400, M.timeFormat);
    expect(await t.models.WaitlistEntry.countDocuments({ companyId: { $in: [owner.companyId, elsewhere.companyId] } })).toBe(0);

    await ok('clientPortalJoinWaitlist', wishes);
    await refused({}, 409, M.alreadyOnList);
    expect(await waitlistOf(owner)).toMatchObject([{ clientId: signe.clientId, source: 'portal', days: [1], fromTime: '08:00', toTime: '17:00' }]);
    expect(await waitlistOf(elsewhere)).toEqual([]);
  });
});

describe('from the public booking page', () => {
  it("one answer for the client on record, a stranger naming them and a new person: the first and the last are on the list, the stranger is held until accepted", async () => {
    const owner = await clinic();
    const signe = await person(owner);
    const known = { ...newClient(String(1000 + people)), nameFirst: `Venter${people}`, email: signe.email };
    const join = (client: Record<string, unknown>, wishes: Record<string, unknown> = {}) =>
      t.call('clientJoinWaitlist', { therapistId: owner.therapistId, treatmentId: owner.treatmentId, client, consent: true, days: [1, 3], fromTime: '08:00', toTime: '12:00', ...wishes } as never);
    const answers = [
      await join(known),
      // The same CPR number with another e-mail: not who the clinic has on record.
      await join({ ...known, email: 'someone.else@example.dk' }),
      await join({ ...newClient('7777'), nameFirst: 'Ny', email: 'ny@example.dk' }),
      // On the list already: answered as the first time.
      await join(known),
    ];
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { message: M.joinRequested } });

    const list = await waitlistOf(owner);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ clientId: signe.clientId, source: 'booking-page', days: [1, 3], fromTime: '08:00', toTime: '12:00' });
    expect(list[1]).toMatchObject({ source: 'booking-page' });
    expect(list[1]!.clientId).not.toBe(signe.clientId);
    const held = (await ok('getPublicSubmissions', {}, owner.token)).data as unknown as { id: string; kind: string; treatmentName: string; person: { email: string } }[];
    expect(held.map((row) => ({ kind: row.kind, treatment: row.treatmentName, email: row.person.email }))).toEqual([{ kind: 'waitlist', treatment: 'Massage', email: 'someone.else@example.dk' }]);

    // Accepted onto a client already on the list for it: refused, and the request waits again.
    const twice = await t.call('acceptPublicSubmission', { id: held[0]!.id, clientId: signe.clientId }, owner.token);
    expect({ status: twice.status, message: (twice.body as { message?: string }).message }).toEqual({ status: 409, message: M.alreadyOnList });
    expect(await t.models.PublicSubmission.countDocuments({ companyId: owner.companyId })).toBe(1);
    // Off the list, then accepted onto the client the therapist recognises: on it again, with the wishes given.
    await ok('removeWaitlistEntry', { id: list[0]!.id }, owner.token);
    await ok('acceptPublicSubmission', { id: held[0]!.id, clientId: signe.clientId }, owner.token);
    expect(await waitlistOf(owner)).toMatchObject([{ clientId: list[1]!.clientId }, { clientId: signe.clientId, source: 'booking-page', days: [1, 3] }]);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: owner.companyId })).toBe(0);
  });

  it('refuses bad input in Danish and saves nothing', async () => {
    const owner = await clinic();
    const base = { therapistId: owner.therapistId, treatmentId: owner.treatmentId, client: { ...newClient('4321'), email: 'ny2@example.dk' }, consent: true, days: [1], fromTime: '08:00', toTime: '12:00' };
    const refused = async (input: Record<string, unknown>, message?: string) => {
      const answer = await t.call('clientJoinWaitlist', { ...base, ...input } as never);
      expect(answer.status).toBe(400);
      if (message) expect((answer.body as { message?: string }).message).toBe(message);
    };
    await refused({ fromTime: '12:00', toTime: '08:00' }, M.hoursOrder);
    await refused({ days: [] }, M.daysRequired);
    await refused({ consent: false });
    await refused({ treatmentId: { $gt: '' } });
    await refused({ treatmentId: (await clinic()).treatmentId });
    expect(await t.models.WaitlistEntry.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(0);
  });
});

describe('offers', () => {
  it('offers a cancelled time to the first person whose days and hours suit it, by SMS and mail with the link', async () => {
    const owner = await clinic();
    const afternoons = await person(owner);
    const first = await person(owner);
    const second = await person(owner);
    await onList(owner, afternoons, { fromTime: '13:00', toTime: '17:00' });
    await onList(owner, first);
    await onList(owner, second);
    await cancelAt(owner, monday(10));
    const offeredAt = t.clock.now();
    expect(await offerFreedTimes({ models: t.api.services.models, now: () => t.clock.now(), logger: t.api.services.logger })).toBe(1);
    await planAndSend();

    const link = await offerMailTo(first.email);
    expect(link.therapistId).toBe(owner.therapistId);
    expect((await mailsTo(first.email)).at(-1)?.subject).toBe(`Ledig tid hos Fysio Venteliste ${clinics}`);
    const sms = await t.models.OutboxSms.find({ text: { $regex: link.offer } }).lean();
    expect(sms).toHaveLength(1);
    expect(await mailsTo(afternoons.email)).toHaveLength(0);
    expect(await mailsTo(second.email)).toHaveLength(0);
    const list = await waitlistOf(owner);
    expect(list.map((entry) => entry.offers.map((offer) => ({ from: offer.from, state: offer.state })))).toEqual([[], [{ from: monday(10), state: 'offered' }], []]);

    const shown = await ok('getWaitlistOffer', link);
    expect(shown.data).toMatchObject({ from: monday(10), to: monday(11), treatmentName: 'Massage', state: 'offered' });
    // Held for 30 minutes from when it was offered.
    const heldFor = (shown.data.expiresAt as number) - offeredAt;
    expect(heldFor >= WAITLIST_OFFER_TTL_MS && heldFor <= WAITLIST_OFFER_TTL_MS + (t.clock.now() - offeredAt)).toBe(true);
  });

  it('a moved booking frees its old time, a removed leave its time', async () => {
    const owner = await clinic();
    const signe = await person(owner);
    await onList(owner, signe, { fromTime: '08:00', toTime: '18:00' });
    const booking = (await ok('addBooking', { treatmentId: owner.treatmentId, from: monday(9), client: { ...newClient('9001'), email: 'flytter@example.dk' } }, owner.token)).data;
    await ok('setBooking', { id: booking.id, from: monday(15) }, owner.token);
    const leave = (await ok('addLeave', { from: monday(12), to: monday(13), reason: 'Møde' }, owner.token)).data;
    await ok('deleteLeave', { id: leave.id }, owner.token);
    const freed = await t.models.FreedTime.find({ companyId: owner.companyId }).sort({ createdAt: 1, from: 1 }).lean();
    expect(freed.map((time) => [time.from, time.to])).toEqual([
      [monday(9), monday(10)],
      [monday(12), monday(13)],
    ]);
  });

  it("a series moved from one date on frees each moved date's old time", async () => {
    const owner = await clinic();
    const signe = await person(owner);
    await onList(owner, signe, { fromTime: '08:00', toTime: '18:00' });
    const week = 7 * 24 * HOUR;
    const series = await ok('addBookingSeries', { treatmentId: owner.treatmentId, from: monday(9), clientId: signe.clientId, repeat: { intervalWeeks: 1, count: 3 } }, owner.token);
    const dates = (series.data.bookings as { id: string; from: number }[]).sort((a, b) => a.from - b.from);
    expect(dates).toHaveLength(3);
    // The second and third Mondays move to 15:00; the first stays.
    await ok('setBookingSeries', { id: dates[1]!.id, scope: 'following', from: monday(15) + week }, owner.token);
    const freed = await t.models.FreedTime.find({ companyId: owner.companyId }).sort({ from: 1 }).lean();
    expect(freed.map((time) => [time.from, time.to])).toEqual([
      [monday(9) + week, monday(10) + week],
      [monday(9) + 2 * week, monday(10) + 2 * week],
    ]);
  });
});

describe("the client's own changes", () => {
  it("a cancellation in 'Mine tider' frees its time", async () => {
    const owner = await clinic();
    await onList(owner, await person(owner), { fromTime: '08:00', toTime: '18:00' }, [3]);
    const wednesday = (hour: number) => copenhagenWallTime(2027, 3, 3, hour);
    const booking = (await ok('addBooking', { treatmentId: owner.treatmentId, from: wednesday(9), client: { ...newClient('9003'), email: 'selv@example.dk' } }, owner.token)).data;
    const portalToken = await portalSession(owner, booking.clientId as string);
    expect((await t.call('clientPortalCancelBooking', { portalToken, bookingId: booking.id })).status).toBe(200);
    expect((await t.models.FreedTime.find({ companyId: owner.companyId }).lean()).map((time) => [time.from, time.to])).toEqual([[wednesday(9), wednesday(10)]]);
  });
});

describe('taking an offer', () => {
  async function offered(owner: Clinic, count = 1) {
    const waiting = [];
    for (let n = 0; n < count; n += 1) {
      const who = await person(owner);
      await onList(owner, who);
      waiting.push(who);
    }
    await cancelAt(owner, monday(10));
    await planAndSend();
    return waiting;
  }

  it('books the time once for ten simultaneous accepts, refuses the other nine and a later one, and leaves no stray claims', async () => {
    const owner = await clinic();
    const [signe] = await offered(owner);
    const link = await offerMailTo(signe!.email);

    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('acceptWaitlistOffer', link)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 200)?.body).toMatchObject({ message: M.accepted, data: { from: monday(10), to: monday(11) } });
    expect(new Set(answers.filter((answer) => answer.status === 409).map((answer) => (answer.body as { message: string }).message))).toEqual(new Set([M.offerUsed]));

    const bookings = await t.models.Booking.find({ companyId: owner.companyId, from: monday(10) }).lean();
    expect(bookings.map((booking) => booking.clientId.toString())).toEqual([signe!.clientId]);
    const units = unitStarts(monday(10), monday(11)).map((unit) => `${owner.companyId}:${owner.therapistId}:${unit}`);
    const claims = await t.models.SlotClaim.find({ _id: { $in: units } }).lean();
    expect(claims.map((claim) => claim.ref.toString())).toEqual(units.map(() => bookings[0]!._id.toString()));
    // No claim of the clinic whose holder does not exist.
    const all = await t.models.SlotClaim.find({ _id: { $regex: `^${owner.companyId}:` } }).lean();
    const holders = new Set((await t.models.Booking.find({ companyId: owner.companyId }, { _id: 1 }).lean()).map((booking) => booking._id.toString()));
    expect(all.filter((claim) => !holders.has(claim.ref.toString()))).toEqual([]);

    const again = await t.call('acceptWaitlistOffer', link);
    expect({ status: again.status, message: (again.body as { message: string }).message }).toEqual({ status: 409, message: M.offerUsed });
    expect((await ok('getWaitlistOffer', link)).data.state).toBe('accepted');
    // Booked: off the active list.
    expect(await waitlistOf(owner)).toEqual([]);
  });

  it('refuses an offer after it lapsed, saving nothing, and offers the time to the next person', async () => {
    const owner = await clinic();
    const [first, next] = await offered(owner, 2);
    const link = await offerMailTo(first!.email);
    t.clock.advance(WAITLIST_OFFER_TTL_MS + 1000);
    const late = await t.call('acceptWaitlistOffer', link);
    expect({ status: late.status, message: (late.body as { message: string }).message }).toEqual({ status: 409, message: M.offerLapsed });
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId, from: monday(10) })).toBe(0);

    await planAndSend();
    const nextLink = await offerMailTo(next!.email);
    expect((await waitlistOf(owner)).map((entry) => entry.offers.map((offer) => offer.state))).toEqual([['lapsed'], ['offered']]);
    // Still refused once the planner has closed it.
    expect((await t.call('acceptWaitlistOffer', link)).status).toBe(409);
    expect((await ok('acceptWaitlistOffer', nextLink)).data).toEqual({ from: monday(10), to: monday(11) });
  });

  it("answers 'Tiden er desværre taget' for a time booked meanwhile and offers it to nobody else", async () => {
    const owner = await clinic();
    const [first, next] = await offered(owner, 2);
    const link = await offerMailTo(first!.email);
    await ok('addBooking', { treatmentId: owner.treatmentId, from: monday(10), client: { ...newClient('9002'), email: 'ringede@example.dk' } }, owner.token);
    const taken = await t.call('acceptWaitlistOffer', link);
    expect({ status: taken.status, message: (taken.body as { message: string }).message }).toEqual({ status: 409, message: M.slotTaken });
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId, from: monday(10), clientId: first!.clientId })).toBe(0);

    t.clock.advance(WAITLIST_OFFER_TTL_MS + 1000);
    await planAndSend();
    expect(await mailsTo(next!.email)).toHaveLength(0);
    expect(await t.models.FreedTime.find({ companyId: owner.companyId }, { state: 1 }).lean()).toMatchObject([{ state: 'closed' }]);

    // A month on, the sweeper removes the closed time and its finished offer; the people still waiting stay.
    const count = async () =>
      Promise.all([t.models.FreedTime, t.models.WaitlistOffer, t.models.WaitlistOfferOutcome, t.models.WaitlistEntry].map((model) => (model as typeof t.models.FreedTime).countDocuments({ companyId: owner.companyId })));
    expect(await count()).toEqual([1, 1, 1, 2]);
    expect(await sweepWaitlist(t.api.services.models, t.clock.now())).toBe(0);
    t.clock.advance(WAITLIST_HISTORY_MS);
    expect(await sweepWaitlist(t.api.services.models, t.clock.now())).toBeGreaterThanOrEqual(3);
    expect(await count()).toEqual([0, 0, 0, 2]);
  });

  it('answers an unknown or malformed link with one Danish text, saving nothing', async () => {
    const owner = await clinic();
    const unknown = await t.call('acceptWaitlistOffer', { therapistId: owner.therapistId, offer: randomBytes(24).toString('base64url') });
    expect({ status: unknown.status, message: (unknown.body as { message: string }).message }).toEqual({ status: 404, message: M.offerUnknown });
    expect((await t.call('getWaitlistOffer', { therapistId: owner.therapistId, offer: 'kort' })).status).toBe(400);
    expect((await t.call('acceptWaitlistOffer', { therapistId: owner.therapistId, offer: { $gt: '' } } as never)).status).toBe(400);
    expect(await t.models.WaitlistOfferOutcome.countDocuments({ companyId: owner.companyId })).toBe(0);
  });
});

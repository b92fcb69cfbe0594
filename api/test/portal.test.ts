/**
 * 'Mine tider' through the real endpoint and the real outbox: the sign-in link (one answer whatever the address, one
 * mail with a link per record on a shared address, single use, 15 minutes, the per-recipient cap), the session (30
 * minutes idle, kept alive by use, ended by 'Log ud'), what a client sees (their own bookings, seats and invoices,
 * nothing of another client of the clinic or of another clinic), and booking again straight onto the client.
 */
import { copenhagenWallTime, portalMessages } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { isGsm7, smsParts } from '../src/adapters/sms/index.js';
import { reminderSms, SMS_MAX_PARTS } from '../src/domain/contact/texts.js';
import { portalUrl } from '../src/domain/portal/session.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

let t: TestApi;
beforeAll(async () => {
  // Generous action limits, so the tests reach the rules they are about; the per-recipient caps of mails the public
  // pages make are kept as configured (the cap test counts them).
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  const rateLimits = { ...generous, 'publicMail:recipient': DEFAULT_RATE_LIMITS['publicMail:recipient']!, 'publicMail:recipientPlatform': DEFAULT_RATE_LIMITS['publicMail:recipientPlatform']! };
  t = await startTestApi({ rateLimits });
  // Tuesday 1 December 2026, 10:00 Copenhagen time.
  t.clock.set(copenhagenWallTime(2026, 12, 1, 10));
});
afterAll(async () => {
  await t.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const INVOICE_SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: false, followUpText: false };

let addresses = 0;
/** An address no other test uses (the per-recipient caps count across the file). */
const freshAddress = (name: string) => `${name}-${(addresses += 1)}@example.dk`;

interface Clinic extends SignedInOwner {
  treatmentId: string;
}

/** A clinic on a trial with its profile, a 45-minute treatment and opening hours 08–12 on the 2nd to the 4th. */
async function clinic(options: { bookingMail?: boolean } = {}): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatmentId = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id;
  for (const date of [2, 3, 4]) await t.call('addOpeningHours', { from: at(date, 8), to: at(date, 12) }, owner.token);
  if (options.bookingMail) await t.call('setOnlineBookingSettings', { bookingMail: true, bookingMailText: 'Husk at komme 5 minutter før.' }, owner.token);
  return { ...owner, treatmentId };
}

/** A booking by the clinic's staff; a new client (given) or one on record (clientId). */
async function staffBooking(owner: Clinic, from: number, who: { client: ReturnType<typeof newClient> } | { clientId: string }, token = owner.token, therapistId?: string) {
  const booked = await t.call('addBooking', { treatmentId: owner.treatmentId, from, ...who, ...(therapistId ? { therapistId } : {}) }, token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  return booked.body.data as { id: string; clientId: string };
}

const mailsTo = (address: string) => t.models.OutboxMail.find({ to: address }).sort({ createdAt: 1 }).lean();
const linkTokens = (text: string) => [...text.matchAll(/#link=([A-Za-z0-9_-]+)/g)].map((match) => match[1]!);

/** Asks for a link and answers the token of the mail it brings (the address must be a client's). */
async function linkFor(therapistId: string, email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  expect((await t.call('requestClientPortalLink', { therapistId, email })).status).toBe(200);
  await until(async () => (await mailsTo(email)).length > before, `the link mail to ${email}`);
  const mail = (await mailsTo(email)).at(-1)!;
  const [token] = linkTokens(mail.text);
  return token!;
}

async function signIn(therapistId: string, email: string): Promise<string> {
  const answer = await t.call('clientPortalSignIn', { linkToken: await linkFor(therapistId, email) });
  expect(answer.status).toBe(200);
  return answer.body.data.portalToken;
}

describe('the sign-in link', () => {
  it('mails a link for a known address and nothing for an unknown one, with the same answer and one link written each', async () => {
    const owner = await clinic();
    const known = freshAddress('kendt');
    const unknown = freshAddress('ukendt');
    await staffBooking(owner, at(3, 9), { client: { ...newClient('1111'), email: known } });
    const links = () => t.models.PortalLink.countDocuments({ companyId: owner.companyId });
    const before = await links();

    const strange = await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email: unknown });
    expect(await links()).toBe(before + 1);
    const client = await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email: known.toUpperCase() });
    expect(await links()).toBe(before + 2);
    expect([client.status, JSON.stringify(client.body)]).toEqual([strange.status, JSON.stringify(strange.body)]);
    expect(client.body).toEqual({ message: portalMessages.linkSent });

    // The known address's mail (asked for after the unknown one) has come; the unknown one has none.
    await until(async () => (await mailsTo(known.toUpperCase())).length === 1, 'the link mail');
    const [mail] = await mailsTo(known.toUpperCase());
    expect(mail!.subject).toBe('Dit link til Mine tider hos Fysio Ærø');
    const [token] = linkTokens(mail!.text);
    expect(mail!.text).toContain(portalUrl('http://localhost:3000', owner.therapistId, { link: token! }));
    expect(await t.models.OutboxMail.countDocuments({ to: unknown })).toBe(0);
    // The unknown address's link can open nothing.
    expect(await t.models.PortalLink.countDocuments({ companyId: owner.companyId, expiresAt: { $gt: t.clock.now() } })).toBe(1);
  });

  it('sends two records on one address one mail with a link each, each link opening its own record', async () => {
    const owner = await clinic();
    const family = freshAddress('familie');
    await staffBooking(owner, at(3, 9), { client: { ...newClient('1111'), nameFirst: 'Mor', email: family } });
    await staffBooking(owner, at(3, 10), { client: { ...newClient('2222'), nameFirst: 'Barn', email: family } });
    expect((await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email: family })).status).toBe(200);
    await until(async () => (await mailsTo(family)).length === 1, 'the link mail');
    const [mail] = await mailsTo(family);
    expect(mail!.text).toContain('Mine tider for Mor:');
    expect(mail!.text).toContain('Mine tider for Barn:');
    const tokens = linkTokens(mail!.text);
    expect(tokens).toHaveLength(2);
    const names = [];
    for (const token of tokens) {
      const session = await t.call('clientPortalSignIn', { linkToken: token });
      const page = await t.call('getClientPortal', { portalToken: session.body.data.portalToken });
      names.push(page.body.data.client.nameFirst);
      expect(page.body.data.upcoming).toHaveLength(1);
    }
    expect(names.sort()).toEqual(['Barn', 'Mor']);
  });

  it('works once, and not after 15 minutes', async () => {
    const owner = await clinic();
    const email = freshAddress('en-gang');
    await staffBooking(owner, at(3, 9), { client: { ...newClient('1111'), email } });
    const token = await linkFor(owner.therapistId, email);
    const first = await t.call('clientPortalSignIn', { linkToken: token });
    expect(first.status).toBe(200);
    const again = await t.call('clientPortalSignIn', { linkToken: token });
    expect([again.status, again.body.message]).toEqual([401, portalMessages.linkInvalid]);

    const late = await linkFor(owner.therapistId, email);
    t.clock.advance(15 * 60_000 + 1000);
    try {
      const expired = await t.call('clientPortalSignIn', { linkToken: late });
      expect([expired.status, expired.body.message]).toEqual([401, portalMessages.linkInvalid]);
    } finally {
      t.clock.set(at(1, 10));
    }
  });

  it("stops the sixth link mail of a day to one address, and the answers do not change", async () => {
    const owner = await clinic();
    const email = freshAddress('mange');
    await staffBooking(owner, at(3, 9), { client: { ...newClient('1111'), email } });
    const stranger = await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email: freshAddress('fremmed') });
    for (let request = 1; request <= 6; request += 1) {
      const answer = await t.call('requestClientPortalLink', { therapistId: owner.therapistId, email });
      expect([answer.status, JSON.stringify(answer.body)]).toEqual([stranger.status, JSON.stringify(stranger.body)]);
      if (request <= 5) await until(async () => (await mailsTo(email)).length === request, `link mail ${request}`);
    }
    await until(() => t.logs.some((line) => line.includes('portal link mail not sent: the recipient has had its mails from this clinic for today')), 'the refused sixth mail');
    expect(await mailsTo(email)).toHaveLength(5);
    // Every request wrote its link, sent or not: the work done does not tell the cap either.
    expect(await t.models.PortalLink.countDocuments({ companyId: owner.companyId, expiresAt: { $gt: t.clock.now() } })).toBe(6);
  });
});

describe('the portal session', () => {
  it('ends after 30 idle minutes, is kept alive by use, and ends at sign-out', async () => {
    const owner = await clinic();
    const email = freshAddress('session');
    await staffBooking(owner, at(3, 9), { client: { ...newClient('1111'), email } });
    const portalToken = await signIn(owner.therapistId, email);
    try {
      for (let step = 0; step < 3; step += 1) {
        t.clock.advance(25 * 60_000);
        expect((await t.call('getClientPortal', { portalToken })).status).toBe(200);
      }
      t.clock.advance(30 * 60_000);
      const idle = await t.call('getClientPortal', { portalToken });
      expect([idle.status, idle.body.message]).toEqual([401, portalMessages.signedOut]);
    } finally {
      t.clock.set(at(1, 10));
    }

    const second = await signIn(owner.therapistId, email);
    expect((await t.call('getClientPortal', { portalToken: second })).status).toBe(200);
    expect((await t.call('clientPortalSignOut', { portalToken: second })).body.message).toBe(portalMessages.sessionEnded);
    const ended = await t.call('getClientPortal', { portalToken: second });
    expect([ended.status, ended.body.message]).toEqual([401, portalMessages.signedOut]);
  });
});

describe('what a client sees', () => {
  it("shows the client's own bookings with every therapist, seats and invoices, and nothing of anyone else's", async () => {
    const owner = await clinic();
    const colleague = await colleagueOf(t, owner);
    const mine = freshAddress('min');
    const shared = freshAddress('delt');
    // Signe: a past booking (invoiced), one tomorrow inside the notice, one with the colleague, and one invoiced later on.
    const past = await staffBooking(owner, at(1, 8), { client: { ...newClient('1111'), email: mine } });
    const signeId = past.clientId;
    await t.call('setClient', { id: signeId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
    const tomorrow = await staffBooking(owner, at(2, 9), { clientId: signeId });
    const colleagueTreatment = (await t.call('addTreatment', { name: 'Akupunktur', price: 500, duration: 30 * 60, pause: 0, therapistId: colleague.therapistId }, owner.token)).body.data.id;
    const withColleague = await staffBooking({ ...owner, treatmentId: colleagueTreatment }, at(3, 9), { clientId: signeId }, owner.token, colleague.therapistId);
    const invoicedLater = await staffBooking(owner, at(4, 9), { clientId: signeId });
    const pastInvoice = (await t.call('addInvoice', { bookingId: past.id, settings: INVOICE_SETTINGS }, owner.token)).body.data;
    const laterInvoice = (await t.call('addInvoice', { bookingId: invoicedLater.id, settings: INVOICE_SETTINGS }, owner.token)).body.data;
    expect([pastInvoice.number, laterInvoice.number]).toEqual(['0001-26', '0002-26']);
    expect((await t.call('setInvoicePaid', { id: pastInvoice.id, paidOn: '2026-12-01', method: 'bank' }, owner.token)).status).toBe(200);
    // A course day Signe has a seat on.
    const course = (await t.call('addEvent', { title: 'Pilates', description: '', limit: 4, min: 0, dates: [{ from: at(10, 10), to: at(10, 11), latestDays: 1 }] }, owner.token)).body.data;
    const eventDateId = (course.dates as { id: string }[])[0]!.id;
    await t.models.EventDateClient.create({ companyId: owner.companyId, eventId: course.id, eventDateId, clientId: signeId, isWaiting: true, nameFirst: 'Signe', nameLast: 'Kjær', email: mine });

    // Another client of the same clinic, on the shared address, with a booking and an invoice of her own.
    const other = await staffBooking(owner, at(2, 11), { client: { ...newClient('2222'), nameFirst: 'Anden', email: shared } });
    await t.call('setClient', { id: other.clientId, changes: { address: 'Bvej 1', post: '4000', town: 'Roskilde' } }, owner.token);
    const otherInvoice = (await t.call('addInvoice', { bookingId: other.id, settings: INVOICE_SETTINGS }, owner.token)).body.data;
    // Another clinic with a client on Signe's address.
    const elsewhere = await clinic();
    const theirs = await staffBooking(elsewhere, at(3, 10), { client: { ...newClient('1111'), nameFirst: 'Fremmed', email: mine } });

    const portalToken = await signIn(owner.therapistId, mine);
    const page = (await t.call('getClientPortal', { portalToken })).body.data;
    expect(page.client).toEqual({ nameFirst: 'Signe', nameLast: 'Kjær', email: mine, phonePrivate: '+4520304050', address: 'Åvej 2', post: '4000', town: 'Roskilde', pendingEmail: '' });
    expect(page.clinic).toEqual({ name: 'Fysio Ærø', phone: '62521234', email: 'kontakt@fysio-aeroe.test', address: 'Havnegade 1, 5970 Ærøskøbing', therapistId: owner.therapistId, cancelNoticeHours: 24, journalExport: 'on-request' });
    expect(page.upcoming.map((booking) => booking.id)).toEqual([tomorrow.id, withColleague.id, invoicedLater.id]);
    expect(page.past.map((booking) => booking.id)).toEqual([past.id]);
    const [inside, colleagues, invoiced] = page.upcoming;
    // Tomorrow 09:00 is inside the 24 hours: neither moved nor cancelled here.
    expect(inside).toMatchObject({ mayChange: false, mayCancel: false, changeDeadline: at(1, 9), treatmentName: 'Massage', address: 'Havnegade 1, 5970 Ærøskøbing' });
    expect(colleagues).toMatchObject({ therapistId: colleague.therapistId, therapistName: 'Jonas Bæk', treatmentName: 'Akupunktur', mayChange: true, mayCancel: true, changeDeadline: at(2, 9) });
    // Invoiced: it may be moved, not cancelled (the calendar keeps an invoiced booking).
    expect(invoiced).toMatchObject({ mayChange: true, mayCancel: false });
    expect(page.courses).toEqual([{ eventDateId, title: 'Pilates', from: at(10, 10), to: at(10, 11), isWaiting: true }]);
    expect(page.invoices).toEqual([
      { id: laterInvoice.id, kind: 'invoice', number: '0002-26', date: laterInvoice.createdAt, totalOre: laterInvoice.totalOre, paid: false },
      { id: pastInvoice.id, kind: 'invoice', number: '0001-26', date: pastInvoice.createdAt, totalOre: pastInvoice.totalOre, paid: true },
    ]);
    const text = JSON.stringify(page);
    for (const foreign of [other.id, otherInvoice.id, theirs.id, 'Anden', 'Fremmed', 'Bvej']) expect(text).not.toContain(foreign);

    // Her own invoice as issued (what the PDF is drawn from); another client's, or an unknown id, is not found.
    const snapshot = await t.call('getClientPortalInvoice', { portalToken, invoiceId: pastInvoice.id });
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.data).toEqual(pastInvoice.image[0]);
    const foreign = await t.call('getClientPortalInvoice', { portalToken, invoiceId: otherInvoice.id });
    const unknown = await t.call('getClientPortalInvoice', { portalToken, invoiceId: '0123456789abcdef01234567' });
    expect([foreign.status, JSON.stringify(foreign.body)]).toEqual([404, JSON.stringify(unknown.body)]);

    // The other clinic's record on the same address sees only its own.
    const theirToken = await signIn(elsewhere.therapistId, mine);
    const theirPage = (await t.call('getClientPortal', { portalToken: theirToken })).body.data;
    expect([theirPage.client.nameFirst, theirPage.upcoming.map((booking) => booking.id), theirPage.invoices]).toEqual(['Fremmed', [theirs.id], []]);
    expect((await t.call('getClientPortalInvoice', { portalToken: theirToken, invoiceId: pastInvoice.id })).status).toBe(404);
    // And the other client of Signe's clinic sees only hers.
    const otherPage = (await t.call('getClientPortal', { portalToken: await signIn(owner.therapistId, shared) })).body.data;
    expect([otherPage.client.nameFirst, otherPage.upcoming.map((booking) => booking.id), otherPage.invoices.map((invoice) => invoice.id)]).toEqual(['Anden', [other.id], [otherInvoice.id]]);
  });
});

describe('booking again', () => {
  it('books straight onto the client, mails the confirmation with its calendar file, and holds nothing for review', async () => {
    const owner = await clinic({ bookingMail: true });
    const email = freshAddress('igen');
    const first = await staffBooking(owner, at(2, 8), { client: { ...newClient('1111'), email } });
    const portalToken = await signIn(owner.therapistId, email);
    const booked = await t.call('clientPortalAddBooking', { portalToken, therapistId: owner.therapistId, treatmentId: owner.treatmentId, from: at(3, 9), reason: 'Ondt i ryggen' });
    expect(booked.status).toBe(200);
    expect(booked.body.message).toBe(portalMessages.booked);
    expect(booked.body.data).toMatchObject({ from: at(3, 9), to: at(3, 9, 45), treatmentName: 'Massage', therapistId: owner.therapistId, mayChange: true, mayCancel: true });
    const stored = await t.models.Booking.findOne({ companyId: owner.companyId, _id: booked.body.data.id }).lean();
    expect(stored).toMatchObject({ from: at(3, 9), source: 'online', reason: 'Ondt i ryggen' });
    expect(stored!.clientId.toString()).toBe(first.clientId);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(1);
    const confirmation = (await mailsTo(email)).find((mail) => mail.subject === 'Bekræftelse af din booking hos Fysio Ærø');
    expect(confirmation!.text).toContain('03-12-2026 kl. 09:00');
    expect(confirmation!.text).toContain(`Mine tider: ${portalUrl('http://localhost:3000', owner.therapistId)}\n`);
    expect(confirmation!.attachments.map((file) => file.filename)).toEqual(['booking.ics']);
    expect(confirmation!.attachments[0]!.text).toContain(`UID:booking-${booked.body.data.id}@klinik`);
    expect((await t.call('getClientPortal', { portalToken })).body.data.upcoming.map((booking) => booking.id)).toEqual([first.id, booked.body.data.id]);
  });

  it("checks what the booking page checks, and knows no other clinic's therapist", async () => {
    const owner = await clinic();
    const email = freshAddress('tjek');
    await staffBooking(owner, at(2, 8), { client: { ...newClient('1111'), email } });
    const portalToken = await signIn(owner.therapistId, email);
    const input = { portalToken, therapistId: owner.therapistId, treatmentId: owner.treatmentId, from: at(3, 9), reason: 'Ondt' };
    const elsewhere = await clinic();
    const foreign = await t.call('clientPortalAddBooking', { ...input, therapistId: elsewhere.therapistId, treatmentId: elsewhere.treatmentId });
    const unknown = await t.call('clientPortalAddBooking', { ...input, therapistId: '0123456789abcdef01234567' });
    expect([foreign.status, JSON.stringify(foreign.body)]).toEqual([404, JSON.stringify(unknown.body)]);
    expect((await t.call('clientPortalAddBooking', { ...input, from: at(1, 11) })).status).toBe(400);
    expect((await t.call('clientPortalAddBooking', { ...input, treatmentId: elsewhere.treatmentId })).status).toBe(400);
    const closed = await t.call('clientPortalAddBooking', { ...input, from: at(3, 14) });
    expect([closed.status, closed.body.message]).toEqual([409, portalMessages.timeTaken]);
    expect((await t.call('clientPortalAddBooking', { ...input, portalToken: 'x'.repeat(43) })).status).toBe(401);
    expect(await t.models.Booking.countDocuments({ companyId: { $in: [owner.companyId, elsewhere.companyId] }, from: { $in: [at(3, 9), at(1, 11), at(3, 14)] } })).toBe(0);
  });

  it('gives one booking when two ask for one time at once', async () => {
    const owner = await clinic();
    const email = freshAddress('kaploeb');
    await staffBooking(owner, at(2, 8), { client: { ...newClient('1111'), email } });
    const portalToken = await signIn(owner.therapistId, email);
    const input = { portalToken, therapistId: owner.therapistId, treatmentId: owner.treatmentId, from: at(4, 10), reason: 'Ondt' };
    const answers = await Promise.all([t.call('clientPortalAddBooking', input), t.call('clientPortalAddBooking', input)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(portalMessages.timeTaken);
    expect(await t.models.Booking.countDocuments({ companyId: owner.companyId, from: at(4, 10) })).toBe(1);
  });
});

describe("the 'Mine tider' line of an SMS reminder", () => {
  const link = portalUrl('https://app.klinik.dk', '0123456789abcdef01234567');
  const reminder = (texts: { name: string; address: string; what: string; therapist: string }) =>
    reminderSms({ clinic: { name: texts.name, address: texts.address }, at: at(30, 10), what: texts.what, therapistName: texts.therapist, portalLink: link });

  it('stays within the SMS parts allowed at its longest, in the GSM alphabet', () => {
    const long = 'Æ'.repeat(200);
    const text = reminder({ name: long, address: long, what: long, therapist: long });
    // Cut clinic texts and all: still the GSM 7-bit alphabet (one character outside it and the gateway sends UCS-2, 70
    // characters a part).
    expect(isGsm7(text)).toBe(true);
    expect(smsParts(text)).toBeLessThanOrEqual(SMS_MAX_PARTS);
  });

  it('carries the link only where it costs no extra part', () => {
    // A usual reminder fits one part; the link would make it two, so it stays out.
    const short = reminder({ name: 'Klinik Nord', address: 'Storegade 1, 8000 Aarhus C', what: 'Massage', therapist: 'Anna Holm' });
    expect(smsParts(short)).toBe(1);
    expect(short).not.toContain('Mine tider');
    // One that takes two parts anyway has room for it in the second.
    const longer = reminder({ name: 'Fysioterapeuterne i Nørre Snede', address: 'Vestergade 117, 1. sal, 8766 Nørre Snede', what: 'Genoptræning efter operation', therapist: 'Anne-Marie Kristoffersen' });
    expect(longer).toMatch(/\nMine tider: https:\/\/app\.klinik\.dk\/MineTider\?therapistId=0123456789abcdef01234567$/);
    expect(smsParts(longer)).toBe(smsParts(longer.slice(0, longer.indexOf('\nMine tider'))));
  });
});

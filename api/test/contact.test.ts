/**
 * Contact: newsletters, their sendings with a working unsubscribe link, follow-up mails, SMS reminders
 * with the free quota and the year to date, and the public newsletter sign-up. The message jobs run as the API's
 * timer would run them (runMessageJobs), on the test's clock; mails go to a real SMTP server, SMS to the outbox.
 */
import { Types } from 'mongoose';
import { contactMessages as M, copenhagenWallTime, EXTRA_SMS_PRICE_ORE, messageSkipReasons as SKIP } from '@klinik/core';
import { smsParts } from '../src/adapters/sms/index.js';
import { tenantDb } from '../src/data/tenant-db.js';
import { recordSms, yearToDate } from '../src/domain/contact/sms-ledger.js';
import { runMessageJobs } from '../src/jobs/messages.js';
import { billSmsMonths } from '../src/jobs/sms-billing.js';
import { sweepOnce } from '../src/jobs/sweeper.js';
import { buyProOnCheckout, clinicWithTrial, colleagueOf, newClient, payingWithCard, registerAndLogin, registration, uniqueEmail, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, TEST_ADMIN, testConfig, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

const HOUR = 3_600_000;
let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const run = () => runMessageJobs(t.api.services, 'test-runner');

async function ok<A extends Parameters<TestApi['call']>[0]>(action: A, input: Record<string, unknown>, token: string) {
  const answer = await t.call(action, input as never, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as { message: string; data: Record<string, unknown> & { id: string } } & Record<string, unknown>;
}

let clinicCount = 0;
async function clinic(): Promise<SignedInOwner & { treatmentId: string }> {
  const owner = await clinicWithTrial(t);
  clinicCount += 1;
  await ok('setCompany', { companyName: `Fysio Ærø ${clinicCount}`, email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, owner.token);
  const treatmentId = (await ok('addTreatment', { name: 'Massage', price: 450, duration: 60 * 60, pause: 0 }, owner.token)).data.id;
  return { ...owner, treatmentId };
}

async function client(owner: SignedInOwner & { treatmentId: string }, from: number, email: string, changes: Record<string, unknown> = {}, cpr = '1234'): Promise<{ clientId: string; bookingId: string }> {
  const booking = (await ok('addBooking', { treatmentId: owner.treatmentId, from, client: { ...newClient(cpr), email } }, owner.token)).data;
  if (Object.keys(changes).length) await ok('setClient', { id: booking.clientId, changes }, owner.token);
  return { clientId: booking.clientId as string, bookingId: booking.id };
}

const unsubscribeLink = (text: string) => /https?:\/\/\S+\/unsubscribe\?clientId=(\S+)/.exec(text)?.[1];

describe('newsletters', () => {
  it('are written, sanitised, validated, and only the writer (or the owner) may change them', async () => {
    const owner = await clinic();
    const colleague = await colleagueOf(t, owner);
    const empty = await t.call('addNewsletter', { subject: '  ', message: '<p> </p>' }, owner.token);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(M.subjectRequired);
    const onlyScript = await t.call('addNewsletter', { subject: 'Hej', message: '<script>alert(1)</script>' }, owner.token);
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.message).toBe(M.messageRequired);

    const added = await ok('addNewsletter', { subject: 'Nyt fra klinikken', message: '<p>Hej <strong>alle</strong><img src=x onerror=alert(1)></p>' }, colleague.token);
    expect(added.message).toBe(M.newsletterAdded);
    expect(added.data.message).toBe('<p>Hej <strong>alle</strong></p>');
    // The owner sees and may change the colleague's; the colleague does not see the owner's.
    const ownersOwn = await ok('addNewsletter', { subject: 'Ejerens', message: '<p>Kun ejeren</p>' }, owner.token);
    const seenByOwner = (await ok('getTherapistNewsletters', {}, owner.token)).data as unknown as { id: string; isEdit: boolean }[];
    expect(seenByOwner.map((item) => item.id).sort()).toEqual([added.data.id, ownersOwn.data.id].sort());
    const seenByColleague = (await ok('getTherapistNewsletters', {}, colleague.token)).data as unknown as { id: string }[];
    expect(seenByColleague.map((item) => item.id)).toEqual([added.data.id]);
    expect((await t.call('setNewsletter', { id: ownersOwn.data.id, subject: 'X', message: '<p>X</p>' }, colleague.token)).status).toBe(404);
    expect((await t.call('deleteNewsletter', { id: ownersOwn.data.id }, colleague.token)).status).toBe(404);

    const changed = await ok('setNewsletter', { id: added.data.id, subject: 'Ændret', message: '<p>Ny tekst</p>' }, owner.token);
    expect(changed.data).toMatchObject({ subject: 'Ændret', message: '<p>Ny tekst</p>', isEdit: true });
    expect((await ok('deleteNewsletter', { id: added.data.id }, owner.token)).message).toBe(M.newsletterDeleted);
    expect((await t.call('setNewsletter', { id: added.data.id, subject: 'X', message: '<p>X</p>' }, owner.token)).status).toBe(404);
  });

  it('goes to a selection with a working unsubscribe link; the next one to all skips who unsubscribed', async () => {
    const owner = await clinic();
    const other = await clinic();
    const base = copenhagenWallTime(2027, 2, 1, 9);
    const anna = await client(owner, base, 'anna@example.dk', { newsletter: true }, '1111');
    const bo = await client(owner, base + 2 * HOUR, 'bo@example.dk', { newsletter: true }, '2222');
    const noMail = await client(owner, base + 4 * HOUR, 'ingen@example.dk', { newsletter: true }, '3333');
    await t.models.Client.updateOne({ _id: noMail.clientId }, { $set: { email: '' } });
    const stranger = await client(other, base, 'fremmed@example.dk', { newsletter: true }, '4444');
    const newsletter = (await ok('addNewsletter', { subject: 'Forårstilbud', message: '<p>Kom og få <em>massage</em></p>' }, owner.token)).data;

    // Another clinic's client in the selection: refused, nothing recorded.
    const mixed = await t.call('sendNewsletterToSelection', { id: newsletter.id, clientIds: [anna.clientId, stranger.clientId] }, owner.token);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(M.selectionUnknown);
    expect(await t.models.NewsletterSend.countDocuments({ companyId: owner.companyId })).toBe(0);

    // The selection lists only clients who can receive it.
    const list = await ok('getClientsFromTherapistNewsletterList', { page: 1, size: 10, search: '' }, owner.token);
    expect((list.data as unknown as { id: string }[]).map((item) => item.id).sort()).toEqual([anna.clientId, bo.clientId].sort());
    expect(list.total).toBe(2);
    const searched = await ok('getClientsFromTherapistNewsletterList', { page: 1, size: 10, search: 'bo@' }, owner.token);
    expect((searched.data as unknown as { id: string }[]).map((item) => item.id)).toEqual([bo.clientId]);

    const sent = await ok('sendNewsletterToSelection', { id: newsletter.id, clientIds: [anna.clientId, noMail.clientId] }, owner.token);
    expect(sent.message).toBe(M.sendStarted(2));
    expect(sent.data).toMatchObject({ state: 'sending', recipients: 2, sent: 0 });
    // The same newsletter cannot be sent again while it is going out.
    expect((await t.call('sendNewsletterToAll', { id: newsletter.id }, owner.token)).status).toBe(409);
    await run();
    const mail = await smtp.waitForMail('anna@example.dk', 10_000, 'Forårstilbud');
    expect(mail.html).toContain('<em>massage</em>');
    const token = unsubscribeLink(mail.text);
    expect(token).toBeTruthy();
    const sends = (await ok('getNewsletterSends', { newsletterId: newsletter.id }, owner.token)).data as unknown as Record<string, unknown>[];
    expect(sends[0]).toMatchObject({ state: 'done', recipients: 2, sent: 1, skipped: 1, failed: 0 });
    const skipped = (await ok('getSentMessages', { page: 1, size: 10, kind: 'newsletter' }, owner.token)).data as unknown as Record<string, unknown>[];
    expect(skipped.find((item) => item.clientId === noMail.clientId)).toMatchObject({ state: 'skipped', reason: SKIP.noEmail });

    // Anna unsubscribes through the link in her mail.
    expect((await t.call('clientUnsubscribe', { clientId: decodeURIComponent(token!) }, '')).status).toBe(200);
    const all = await ok('sendNewsletterToAll', { id: newsletter.id }, owner.token);
    expect(all.data.recipients).toBe(1);
    await run();
    await smtp.waitForMail('bo@example.dk', 10_000, 'Forårstilbud');
    expect(smtp.mails.filter((item) => item.to.includes('anna@example.dk') && item.subject === 'Forårstilbud')).toHaveLength(1);
    expect(smtp.mails.some((item) => item.to.includes('fremmed@example.dk'))).toBe(false);
  });

  it('unsubscribe links are opaque, and the signed links mailed before keep working', async () => {
    const owner = await clinic();
    const anna = await client(owner, copenhagenWallTime(2027, 2, 8, 9), 'anna.opak@example.dk', { newsletter: true }, '5151');
    const bo = await client(owner, copenhagenWallTime(2027, 2, 8, 11), 'bo.opak@example.dk', { newsletter: true }, '5252');
    const { tokens } = t.api.services;
    const { unsubscribeToken } = await import('../src/domain/online-booking/unsubscribe.js');
    const token = unsubscribeToken(tokens, anna.clientId, owner.companyId);
    // Nothing in the link, read as text or decoded part by part, shows the client's or the clinic's id.
    const readable = [token, ...token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'))].join(' ');
    const hexOfDecoded = token.split('.').map((part) => Buffer.from(part, 'base64url').toString('hex')).join(' ');
    for (const id of [anna.clientId, owner.companyId]) {
      expect(readable).not.toContain(id);
      expect(hexOfDecoded).not.toContain(id);
    }
    // Tampered, or made for another purpose: refused, nothing changed.
    const middle = Math.floor(token.length / 2);
    const tampered = `${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`;
    expect((await t.call('clientUnsubscribe', { clientId: tampered }, '')).status).toBe(400);
    expect((await t.call('clientUnsubscribe', { clientId: tokens.sealPurpose('client-ref', { subject: anna.clientId, companyId: owner.companyId }) }, '')).status).toBe(400);
    expect((await t.models.Client.findById(anna.clientId).lean())!.newsletter).toBe(true);
    expect((await t.call('clientUnsubscribe', { clientId: token }, '')).status).toBe(200);
    expect((await t.models.Client.findById(anna.clientId).lean())!.newsletter).toBe(false);
    // A link in the signed form every newsletter carried before still unsubscribes (the law expects it to).
    const mailedBefore = tokens.signPurpose('unsubscribe', { subject: bo.clientId, companyId: owner.companyId });
    expect((await t.call('clientUnsubscribe', { clientId: mailedBefore }, '')).status).toBe(200);
    expect((await t.models.Client.findById(bo.clientId).lean())!.newsletter).toBe(false);
  });

  it('sends one newsletter to several clients in one run of the jobs', async () => {
    // Every job of a run reads the sending once, shared: none of them may fail on the shared read.
    const owner = await clinic();
    const day = Math.ceil((t.clock.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000;
    const emails = ['en@example.dk', 'to@example.dk', 'tre@example.dk', 'fire@example.dk'];
    for (const [index, email] of emails.entries()) await client(owner, day + index * 3_600_000, email, { newsletter: true }, String(4100 + index));
    const newsletter = (await ok('addNewsletter', { subject: 'Til alle fire', message: '<p>Hej</p>' }, owner.token)).data;
    expect((await ok('sendNewsletterToAll', { id: newsletter.id }, owner.token)).data.recipients).toBe(emails.length);
    await run();
    const sends = (await ok('getNewsletterSends', { newsletterId: newsletter.id }, owner.token)).data as unknown as Record<string, unknown>[];
    expect(sends[0]).toMatchObject({ state: 'done', recipients: emails.length, sent: emails.length, failed: 0 });
    for (const email of emails) await smtp.waitForMail(email, 10_000, 'Til alle fire');
  });

  it('refuses to send to all when nobody can receive it', async () => {
    const owner = await clinic();
    const newsletter = (await ok('addNewsletter', { subject: 'Ingen', message: '<p>Ingen</p>' }, owner.token)).data;
    const answer = await t.call('sendNewsletterToAll', { id: newsletter.id }, owner.token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(M.noRecipients);
  });
});

describe('follow-ups and reminders', () => {
  it('validates the settings', async () => {
    const owner = await clinic();
    const answer = await t.call('saveFollowUpSettings', { followUp: true, followUpText: '', followUpTime: 0, followUpCourse: false, followUpTextCourse: '', followUpTimeCourse: 7, reminders: true, reminderLeadHours: 500 }, owner.token);
    expect(answer.status).toBe(400);
    const text = JSON.stringify(answer.body);
    expect(text).toContain(M.followUpDays);
    expect(text).toContain(M.reminderLead);
    expect((await ok('getFollowUpSettings', {}, owner.token)).data).toMatchObject({ followUp: false, reminders: false, reminderLeadHours: 24 });
  });

  it('reminds by SMS within the lead time, once, naming clinic, time and address; follows up by mail after the set days', async () => {
    const start = copenhagenWallTime(2027, 3, 10, 8);
    t.clock.set(start);
    try {
      const owner = await clinic();
      const from = copenhagenWallTime(2027, 3, 11, 14);
      const signe = await client(owner, from, 'signe-r@example.dk', { reminder: true, followUp: true, phonePrivate: '20 12 34 56' }, '5555');
      const quiet = await client(owner, from + 2 * HOUR, 'stille@example.dk', { reminder: false, followUp: false }, '6666');
      const badNumber = await client(owner, from - 3 * HOUR, 'fastnet@example.dk', { reminder: true, phonePrivate: '12345678' }, '7777');
      const saved = await ok('saveFollowUpSettings', { followUp: true, followUpText: 'Hvordan har du det efter behandlingen?', followUpTime: 2, followUpCourse: false, followUpTextCourse: '', followUpTimeCourse: 7, reminders: true, reminderLeadHours: 24 }, owner.token);
      expect(saved.message).toBe(M.settingsSaved);

      // 30 hours before: scheduled, not sent.
      await run();
      expect(await t.models.OutboxSms.countDocuments({})).toBe(0);
      const scheduled = (await ok('getScheduledMessages', {}, owner.token)).data as unknown as Record<string, unknown>[];
      expect(scheduled.filter((item) => item.kind === 'reminder').map((item) => item.clientId).sort()).toEqual([signe.clientId, badNumber.clientId].sort());

      // 23 hours before: sent once, however often the jobs run.
      t.clock.set(from - 23 * HOUR);
      await run();
      await run();
      const sms = await t.models.OutboxSms.find({ _id: { $regex: `^reminder:${signe.bookingId}` } }).lean();
      expect(sms).toHaveLength(1);
      expect(sms[0]!.to).toBe('+4520123456');
      expect(sms[0]!.text).toContain(`Fysio Ærø ${clinicCount}`);
      expect(sms[0]!.text).toContain('torsdag d. 11-03-2027 kl. 14:00');
      expect(sms[0]!.text).toContain('Havnegade 1, 5970 Ærøskøbing');
      // A usual reminder stays one SMS: the 'Mine tider' line goes only where it costs no extra part (texts.ts).
      expect(smsParts(sms[0]!.text)).toBe(1);
      const sent = (await ok('getSentMessages', { page: 1, size: 10, kind: 'reminder' }, owner.token)).data as unknown as Record<string, unknown>[];
      expect(sent.find((item) => item.clientId === badNumber.clientId)).toMatchObject({ state: 'skipped', reason: SKIP.notSmsCapable });
      expect(sent.some((item) => item.clientId === quiet.clientId)).toBe(false);
      const usage = (await ok('getSmsUsage', {}, owner.token)).data;
      expect(usage).toMatchObject({ month: '2027-03', quota: 20, freeUsed: 1, paid: 0, skipped: 1 });
      expect((usage.sentBooking as string).split(',')[2]).toBe('1');

      // Moved later the same day: no second reminder that day (at most one per booking and day).
      await ok('setBooking', { id: signe.bookingId, from: from + 6 * HOUR }, owner.token);
      t.clock.set(from + 6 * HOUR - 23 * HOUR);
      await run();
      expect(await t.models.OutboxSms.countDocuments({ _id: { $regex: `^reminder:${signe.bookingId}` } })).toBe(1);
      // Moved to another day: reminded of its new time on the day its reminder comes due, never of the old one.
      const moved = from + 30 * HOUR;
      await ok('setBooking', { id: signe.bookingId, from: moved }, owner.token);
      t.clock.set(moved - 23 * HOUR);
      await run();
      const again = await t.models.OutboxSms.find({ _id: { $regex: `^reminder:${signe.bookingId}` } }).sort({ createdAt: 1 }).lean();
      expect(again).toHaveLength(2);
      expect(again[1]!.text).toContain('fredag d. 12-03-2027 kl. 20:00');

      // Two days after the booking ended: the follow-up mail, to the client with follow-up on only.
      t.clock.set(moved + HOUR + 2 * 24 * HOUR + 1000);
      await run();
      const followUp = await smtp.waitForMail('signe-r@example.dk', 10_000, `Opfølgning fra Fysio Ærø ${clinicCount}`);
      expect(followUp.text).toContain('Hvordan har du det efter behandlingen?');
      expect(followUp.text).toContain(`Se dine tider og book igen på Mine tider: http://localhost:3000/MineTider?therapistId=${owner.therapistId}`);
      expect(followUp.html).toContain(`<a href="http://localhost:3000/MineTider?therapistId=${owner.therapistId}">`);
      await run();
      expect(smtp.mails.filter((item) => item.to.includes('signe-r@example.dk') && item.subject.startsWith('Opfølgning'))).toHaveLength(1);
      expect(smtp.mails.some((item) => item.to.includes('stille@example.dk'))).toBe(false);
    } finally {
      t.clock.set(Date.now());
    }
  });
});

describe('course days', () => {
  it('remind the participants (not the waiting list) by SMS and follow up by mail after the day', async () => {
    const day = { from: copenhagenWallTime(2027, 5, 10, 10), to: copenhagenWallTime(2027, 5, 10, 12) };
    t.clock.set(day.from - 3 * 24 * HOUR);
    try {
      const owner = await clinic();
      const far = copenhagenWallTime(2030, 1, 7, 9);
      const seated = await client(owner, far, 'deltager@example.dk', { reminder: true, followUp: true, phonePrivate: '20 11 22 33' }, '1212');
      const waiting = await client(owner, far + 2 * HOUR, 'venter@example.dk', { reminder: true, followUp: true, phonePrivate: '20 11 22 44' }, '3434');
      const course = (await ok('addEvent', { title: 'Pilates', description: '', limit: 1, min: 0, dates: [{ ...day, latestDays: 1 }] }, owner.token)).data;
      const eventDateId = (course.dates as { id: string }[])[0]!.id;
      for (const [who, isWaiting] of [[seated, false], [waiting, true]] as const) {
        await t.models.EventDateClient.create({ companyId: owner.companyId, eventId: course.id, eventDateId, clientId: who.clientId, isWaiting, nameFirst: 'Signe', nameLast: 'Kjær', email: '' });
      }
      await ok('saveFollowUpSettings', { followUp: false, followUpText: '', followUpTime: 7, followUpCourse: true, followUpTextCourse: 'Tak for i dag på holdet.', followUpTimeCourse: 1, reminders: true, reminderLeadHours: 24 }, owner.token);

      t.clock.set(day.from - 20 * HOUR);
      await run();
      const sms = await t.models.OutboxSms.find({ to: { $in: ['+4520112233', '+4520112244'] } }).lean();
      expect(sms.map((item) => item.to)).toEqual(['+4520112233']);
      expect(sms[0]!.text).toContain('(Pilates)');
      expect(sms[0]!.text).toContain('mandag d. 10-05-2027 kl. 10:00');
      const usage = (await ok('getSmsUsage', {}, owner.token)).data;
      expect((usage.sentCourse as string).split(',')[4]).toBe('1');
      expect((usage.sentBooking as string).split(',')[4]).toBe('0');

      t.clock.set(day.to + 24 * HOUR + 1000);
      await run();
      const mail = await smtp.waitForMail('deltager@example.dk', 10_000, `Opfølgning fra Fysio Ærø ${clinicCount}`);
      expect(mail.text).toContain('Tak for i dag på holdet.');
      expect(smtp.mails.some((item) => item.to.includes('venter@example.dk'))).toBe(false);
    } finally {
      t.clock.set(Date.now());
    }
  });
});

describe('what SMS may cost the platform', () => {
  /** A clinic with reminders on (lead `leadHours`), its clock at `start`, and a booking helper for a client with `phone`. */
  async function remindingClinic(start: number, leadHours = 168) {
    t.clock.set(start);
    const owner = await clinic();
    await ok('saveFollowUpSettings', { followUp: false, followUpText: '', followUpTime: 7, followUpCourse: false, followUpTextCourse: '', followUpTimeCourse: 7, reminders: true, reminderLeadHours: leadHours }, owner.token);
    let cpr = 1000;
    const book = async (from: number, phone: string) => {
      cpr += 1;
      return client(owner, from, `sms-${cpr}@example.dk`, { reminder: true, phonePrivate: phone }, String(cpr));
    };
    return { owner, book };
  }
  const smsOf = (bookingId: string) => t.models.OutboxSms.find({ _id: { $regex: `^reminder:${bookingId}` } }).lean();
  const reasonOf = async (bookingId: string) => (await t.models.MessageJob.findOne({ ref: bookingId }).lean())?.reason;

  it('a booking moved 20 times across planner runs sends one SMS a day, naming the time it has when it goes', async () => {
    const start = copenhagenWallTime(2027, 6, 7, 9);
    try {
      const { owner, book } = await remindingClinic(start);
      const first = copenhagenWallTime(2027, 6, 9, 10);
      const { bookingId } = await book(first, '20 55 66 77');
      for (let move = 1; move <= 20; move++) {
        await ok('setBooking', { id: bookingId, from: first + move * HOUR }, owner.token);
        t.clock.advance(60_000);
        await run();
      }
      const sent = await smsOf(bookingId);
      expect(sent).toHaveLength(1);
      // The time the booking had when the one reminder went out (after the first move).
      expect(sent[0]!.text).toContain('kl. 11:00');
      expect(await t.models.MessageJob.countDocuments({ ref: bookingId })).toBe(1);
      // The next day, moved again: one more, with its time then.
      t.clock.set(copenhagenWallTime(2027, 6, 8, 9));
      await ok('setBooking', { id: bookingId, from: copenhagenWallTime(2027, 6, 9, 15) }, owner.token);
      await run();
      await run();
      const later = await smsOf(bookingId);
      expect(later).toHaveLength(2);
      expect(later.map((item) => item.text).join('\n')).toContain('onsdag d. 09-06-2027 kl. 15:00');
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('sends only to Danish numbers unless the owner opts in, which needs a paid plan and a chargeable card; abroad is never free', async () => {
    try {
      const { owner, book } = await remindingClinic(copenhagenWallTime(2027, 7, 5, 9));
      const uk = await book(copenhagenWallTime(2027, 7, 7, 10), '+44 7911 123456');
      await run();
      expect(await smsOf(uk.bookingId)).toHaveLength(0);
      expect(await reasonOf(uk.bookingId)).toBe(SKIP.foreignNumber);

      // On trial: refused, nothing changed.
      const trial = await t.call('setSmsSettings', { smsAbroad: true }, owner.token);
      expect([trial.status, trial.body.message]).toEqual([409, M.smsAbroadNeedsPaidPlan]);
      // Paying, but the only card has expired: refused.
      await payingWithCard(t, owner, { expiry: '01/26' });
      const expired = await t.call('setSmsSettings', { smsAbroad: true }, owner.token);
      expect([expired.status, expired.body.message]).toEqual([409, M.smsAbroadNeedsCard]);
      expect((await ok('getSmsUsage', {}, owner.token)).data).toMatchObject({ smsAbroad: false, restrictions: ['noCard'] });
      // A colleague may not switch it.
      const colleague = await colleagueOf(t, owner);
      expect((await t.call('setSmsSettings', { smsAbroad: true }, colleague.token)).status).toBe(403);

      await payingWithCard(t, owner);
      const saved = await ok('setSmsSettings', { smsAbroad: true }, owner.token);
      expect(saved.message).toBe(M.smsSettingsSaved);
      expect(saved.data).toMatchObject({ smsAbroad: true, restrictions: [] });
      const ukAgain = await book(copenhagenWallTime(2027, 7, 7, 12), '+44 7911 123456');
      await run();
      const sent = await smsOf(ukAgain.bookingId);
      expect(sent.map((item) => item.to)).toEqual(['+447911123456']);
      // Billed, though the month's free SMS are untouched.
      expect(await t.models.SmsUsage.findById(sent[0]!._id).lean()).toMatchObject({ free: false });
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('a trial stops at its free quota; a paying clinic without a chargeable card too; with one it goes on, billed', async () => {
    try {
      const { owner, book } = await remindingClinic(copenhagenWallTime(2027, 8, 2, 9));
      await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { freeTextsPerMonth: 2 } });
      const bookings = [];
      for (let n = 0; n < 3; n++) bookings.push(await book(copenhagenWallTime(2027, 8, 4, 9 + n), `20 60 70 8${n}`));
      await run();
      const sent = await t.models.OutboxSms.countDocuments({ to: { $in: ['+4520607080', '+4520607081', '+4520607082'] } });
      expect(sent).toBe(2);
      const skipped = await t.models.MessageJob.find({ companyId: owner.companyId, state: 'skipped' }).lean();
      expect(skipped.map((job) => job.reason)).toEqual([SKIP.trialQuotaUsed]);
      expect((await ok('getSmsUsage', {}, owner.token)).data).toMatchObject({ freeUsed: 2, paid: 0, restrictions: ['trial'] });

      await payingWithCard(t, owner, { expiry: '01/26' });
      const noCard = await book(copenhagenWallTime(2027, 8, 4, 14), '20 60 70 90');
      await run();
      expect(await reasonOf(noCard.bookingId)).toBe(SKIP.noCard);

      await payingWithCard(t, owner);
      const billed = await book(copenhagenWallTime(2027, 8, 4, 15), '20 60 70 91');
      await run();
      expect(await smsOf(billed.bookingId)).toHaveLength(1);
      expect((await ok('getSmsUsage', {}, owner.token)).data).toMatchObject({ freeUsed: 2, paid: 1, restrictions: [] });
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('needs the clinic\'s confirmed e-mail', async () => {
    try {
      const { owner, book } = await remindingClinic(copenhagenWallTime(2027, 9, 6, 9));
      await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { emailConfirmed: false } });
      const { bookingId } = await book(copenhagenWallTime(2027, 9, 8, 10), '20 61 71 81');
      await run();
      expect(await smsOf(bookingId)).toHaveLength(0);
      expect(await reasonOf(bookingId)).toBe(SKIP.emailUnconfirmed);
      expect((await ok('getSmsUsage', {}, owner.token)).data.restrictions).toContain('emailUnconfirmed');
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('caps SMS per destination number and day across clinics', async () => {
    try {
      const start = copenhagenWallTime(2027, 10, 4, 9);
      const one = await remindingClinic(start);
      const two = await remindingClinic(start);
      const ids = [];
      for (let n = 0; n < 3; n++) ids.push((await one.book(copenhagenWallTime(2027, 10, 6, 9 + n), '20 62 72 82')).bookingId);
      for (let n = 0; n < 2; n++) ids.push((await two.book(copenhagenWallTime(2027, 10, 6, 13 + n), '+45 20 62 72 82')).bookingId);
      await run();
      expect(await t.models.OutboxSms.countDocuments({ to: '+4520627282' })).toBe(4);
      const reasons = await Promise.all(ids.map(reasonOf));
      expect(reasons.filter((reason) => reason === SKIP.numberSmsCap)).toHaveLength(1);
      // The next day the number can be reminded again.
      t.clock.set(copenhagenWallTime(2027, 10, 5, 9));
      const next = await one.book(copenhagenWallTime(2027, 10, 7, 9), '20 62 72 82');
      await run();
      expect([await reasonOf(next.bookingId), await smsOf(next.bookingId)]).toEqual(['', [expect.objectContaining({ to: '+4520627282' })]]);
    } finally {
      t.clock.set(Date.now());
    }
  });

  it("keeps the clinic's name in an SMS short and free of web addresses, and refuses a name with one", async () => {
    try {
      const { owner, book } = await remindingClinic(copenhagenWallTime(2027, 11, 1, 9));
      for (const companyName of ['Fysio fysio-login.dk', 'Klinik http://evil.example/x', 'Skriv til os@evil.com']) {
        const refused = await t.call('setCompany', { companyName, email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing' }, owner.token);
        expect([refused.status, refused.body.errors?.companyName]).toEqual([400, 'Firmanavn må ikke indeholde en webadresse eller en e-mailadresse']);
      }
      const registered = await t.call('register', { ...registration(), companyInfo: { ...registration().companyInfo, companyName: 'Klinik bit.ly/abc' } });
      expect([registered.status, registered.body.errors?.['companyInfo.companyName']]).toEqual([400, 'Firmanavn må ikke indeholde en webadresse eller en e-mailadresse']);
      // 'St.Heddinge' and 'Dr. Hansen' are names, not addresses.
      expect((await t.call('setCompany', { companyName: 'Dr. Hansen, Fysio St.Heddinge', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing' }, owner.token)).status).toBe(200);

      // A name stored before the rule: the SMS carries it without the address, and at most 40 characters of it.
      await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { companyName: 'Din konto er spærret, log ind på https://klinik-login.example.com/verify for at undgå lukning' } });
      const { bookingId } = await book(copenhagenWallTime(2027, 11, 3, 10), '20 63 73 83');
      await run();
      const [sms] = await smsOf(bookingId);
      // The one web address an SMS carries is our own, on its last line: the clinic's 'Mine tider'.
      const [reminder, ...rest] = sms!.text.split('\n');
      expect([[], [`Mine tider: http://localhost:3000/MineTider?therapistId=${owner.therapistId}`]]).toContainEqual(rest);
      expect(reminder).not.toMatch(/https?:|klinik-login|\.com/);
      const name = /hos (.*?) \(Massage\)/.exec(sms!.text)![1]!;
      expect(name.length).toBeLessThanOrEqual(40);
      expect(name.startsWith('Din konto er spærret')).toBe(true);
    } finally {
      t.clock.set(Date.now());
    }
  });
});

describe('the daily SMS cap per clinic', () => {
  let capped: TestApi;
  beforeAll(async () => {
    capped = await startTestApi({ rateLimits: { ...testConfig().rateLimits, 'sms:company': { points: 2, durationSeconds: 86_400 } } });
  });
  afterAll(() => capped.close());

  it('stops a clinic past its cap, logs the spike at warn once and shows it to the administrator', async () => {
    capped.clock.set(copenhagenWallTime(2027, 12, 6, 9));
    const owner = await clinicWithTrial(capped);
    await capped.call('saveFollowUpSettings', { followUp: false, followUpText: '', followUpTime: 7, followUpCourse: false, followUpTextCourse: '', followUpTimeCourse: 7, reminders: true, reminderLeadHours: 168 }, owner.token);
    const treatment = await capped.call('addTreatment', { name: 'Massage', price: 450, duration: 3600, pause: 0 }, owner.token);
    for (let n = 0; n < 4; n++) {
      const booked = await capped.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2027, 12, 8, 9 + n), client: { ...newClient(String(4100 + n)), phonePrivate: `20 64 74 8${n}` } }, owner.token);
      await capped.call('setClient', { id: booked.body.data.clientId, changes: { reminder: true } }, owner.token);
    }
    await runMessageJobs(capped.api.services, 'cap-runner');
    await runMessageJobs(capped.api.services, 'cap-runner');
    expect(await capped.models.OutboxSms.countDocuments({})).toBe(2);
    const skipped = await capped.models.MessageJob.find({ state: 'skipped' }).lean();
    expect(skipped.map((job) => job.reason)).toEqual([SKIP.clinicSmsCap, SKIP.clinicSmsCap]);
    const warnings = capped.logs.filter((line) => line.includes('a clinic reached its daily SMS cap'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, companyId: owner.companyId });
    const admin = await capped.call('adminCheck', { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    const companies = await capped.call('getCompaniesSuperadmin', {}, admin.body.adminToken);
    const row = companies.body.data.find((item) => item.id === owner.companyId);
    expect(row?.smsCapReachedAt).toBeGreaterThanOrEqual(copenhagenWallTime(2027, 12, 6, 9));
    expect(row?.smsCapReachedAt).toBeLessThanOrEqual(capped.clock.now());
    expect(row?.mailCapReachedAt).toBeNull();
  });
});

describe("the clinic's mail budget", () => {
  let b: TestApi;
  beforeAll(async () => {
    const day = 86_400;
    b = await startTestApi({
      smtpUrl: smtp.url,
      rateLimits: { ...testConfig().rateLimits, 'mail:trial': { points: 3, durationSeconds: day }, 'mail:paid': { points: 4, durationSeconds: day }, 'invite:company': { points: 2, durationSeconds: day } },
    });
  });
  afterAll(() => b.close());
  const intakeClient = (n: number) => ({ ...newClient(String(8100 + n)), email: `budget-${n}@example.dk`, address: 'Vej 1', post: '5000', town: 'Odense' });

  it("counts recipients across the clinic's mails; past the trial's budget an action is refused, changes nothing, and the administrator sees it", async () => {
    b.clock.set(copenhagenWallTime(2027, 12, 13, 10));
    const owner = await clinicWithTrial(b);
    for (let n = 0; n < 3; n++) expect((await b.call('addClient', { client: intakeClient(n), ids: [] }, owner.token)).status).toBe(200);
    const refused = await b.call('addClient', { client: intakeClient(3), ids: [] }, owner.token);
    expect([refused.status, refused.body.message]).toEqual([429, 'Klinikken har sendt det antal mails, den kan sende i dag. Prøv igen i morgen, eller kontakt support, hvis I har brug for at sende flere.']);
    expect(await b.models.Client.countDocuments({ companyId: owner.companyId })).toBe(3);
    expect(b.logs.filter((line) => line.includes('a clinic reached its daily mail budget'))).toHaveLength(1);
    const admin = await b.call('adminCheck', { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    const row = (await b.call('getCompaniesSuperadmin', {}, admin.body.adminToken)).body.data.find((item) => item.id === owner.companyId);
    expect(row?.mailCapReachedAt).toBeGreaterThanOrEqual(copenhagenWallTime(2027, 12, 13, 10));
    // Once it pays, the larger budget.
    await payingWithCard(b, owner);
    expect((await b.call('addClient', { client: intakeClient(4), ids: [] }, owner.token)).status).toBe(200);
  });

  it('a newsletter beyond the budget waits for the next day instead of being dropped', async () => {
    b.clock.set(copenhagenWallTime(2027, 12, 14, 10));
    const owner = await clinicWithTrial(b);
    const treatmentId = (await b.call('addTreatment', { name: 'Massage', price: 450, duration: 3600, pause: 0 }, owner.token)).body.data.id;
    for (let n = 0; n < 5; n++) {
      const booked = await b.call('addBooking', { treatmentId, from: copenhagenWallTime(2028, 1, 10, 8 + n), client: { ...newClient(String(8200 + n)), email: `brev-${n}@example.dk` } }, owner.token);
      await b.call('setClient', { id: booked.body.data.clientId, changes: { newsletter: true } }, owner.token);
    }
    const newsletter = (await b.call('addNewsletter', { subject: 'Vinterbrev', message: '<p>Hej</p>' }, owner.token)).body.data;
    expect((await b.call('sendNewsletterToAll', { id: newsletter.id }, owner.token)).status).toBe(200);
    await runMessageJobs(b.api.services, 'budget-runner');
    const jobs = () => b.models.MessageJob.find({ companyId: owner.companyId, kind: 'newsletter' }).lean();
    expect((await jobs()).map((job) => job.state).sort()).toEqual(['pending', 'pending', 'sent', 'sent', 'sent']);
    const waiting = (await jobs()).filter((job) => job.state === 'pending');
    // They wait for the budget's next window (the next day, UTC), not as a failed try.
    const midnight = Math.ceil(b.clock.now() / 86_400_000) * 86_400_000;
    expect(waiting.every((job) => job.attempts === 0 && job.nextAttemptAt >= midnight && job.nextAttemptAt < midnight + 2_000)).toBe(true);
    b.clock.set(waiting[0]!.nextAttemptAt + 60_000);
    await runMessageJobs(b.api.services, 'budget-runner');
    expect((await jobs()).every((job) => job.state === 'sent')).toBe(true);
  });

  it('invitations need the confirmed e-mail and a plan, and are limited per clinic however often a colleague is deleted and added', async () => {
    b.clock.set(copenhagenWallTime(2027, 12, 15, 10));
    const form = (email: string) => ({ nameFirst: 'Kaj', nameLast: 'Kollega', email, phone: '12345678', occupation: ['massoer' as const] });
    const owner = await registerAndLogin(b);
    const noPlan = await b.call('addTherapistByCompany', form(uniqueEmail('inv')), owner.token);
    expect([noPlan.status, noPlan.body.message]).toEqual([409, 'Klinikken skal have en aktiv prøveperiode eller et abonnement, før den kan invitere kolleger.']);
    expect((await b.call('purchasedFreePlanSubscription', {}, owner.token)).status).toBe(200);
    await b.models.Company.updateOne({ _id: owner.companyId }, { $set: { emailConfirmed: false } });
    expect((await b.call('addTherapistByCompany', form(uniqueEmail('inv')), owner.token)).status).toBe(403);
    await b.models.Company.updateOne({ _id: owner.companyId }, { $set: { emailConfirmed: true } });
    const statuses = [];
    for (let n = 0; n < 3; n++) {
      const added = await b.call('addTherapistByCompany', form(uniqueEmail('inv')), owner.token);
      statuses.push(added.status);
      if (added.status === 200) expect((await b.call('deleteTherapistByCompany', { id: added.body.data[0]!.id }, owner.token)).status).toBe(200);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await b.models.Therapist.countDocuments({ companyId: owner.companyId, deletedAt: null })).toBe(1);
  });
});

describe('SMS ledger', () => {
  it('counts the free quota exactly under racing runners, and the year to date across month and year', async () => {
    const owner = await clinic();
    const companyId = new Types.ObjectId(owner.companyId);
    const therapistId = new Types.ObjectId(owner.therapistId);
    const db = tenantDb(t.api.services.models, companyId);
    const record = (jobId: string, sentAt: number, kind: 'booking' | 'course' = 'booking', quota = 3) => recordSms(db, { jobId, therapistId, kind, sentAt, quota });
    // 31 December 23:30 and 1 January 00:30, Copenhagen time: different months and years.
    const lateDecember = copenhagenWallTime(2026, 12, 31, 23, 30);
    const earlyJanuary = copenhagenWallTime(2027, 1, 1, 0, 30);
    await Promise.all(Array.from({ length: 8 }, (_, index) => record(`dec-${index}`, lateDecember, index % 2 ? 'course' : 'booking')));
    await Promise.all(Array.from({ length: 2 }, (_, index) => record(`jan-${index}`, earlyJanuary)));
    // Recording the same SMS again changes nothing.
    await Promise.all([record('dec-0', lateDecember), record('jan-0', earlyJanuary)]);

    const rows = await t.models.SmsUsage.find({ companyId }).lean();
    expect(rows).toHaveLength(10);
    const december = rows.filter((row) => row.month === '2026-12');
    expect(december.filter((row) => row.free)).toHaveLength(3);
    expect(december.filter((row) => !row.free).every((row) => row.priceOre === EXTRA_SMS_PRICE_ORE)).toBe(true);
    expect(rows.filter((row) => row.month === '2027-01' && row.free)).toHaveLength(2);
    expect(await yearToDate(db, 2026)).toEqual({ freeTexts: '0,0,0,0,0,0,0,0,0,0,0,3', sentBooking: '0,0,0,0,0,0,0,0,0,0,0,4', sentCourse: '0,0,0,0,0,0,0,0,0,0,0,4' });
    expect(await yearToDate(db, 2027)).toEqual({ freeTexts: '2,0,0,0,0,0,0,0,0,0,0,0', sentBooking: '2,0,0,0,0,0,0,0,0,0,0,0', sentCourse: '0,0,0,0,0,0,0,0,0,0,0,0' });
  });
});

describe('SMS billing', () => {
  it("charges a finished month's paid SMS once on the clinic's saved card; a clinic without one is tried again later", async () => {
    const owner = await clinic();
    const withoutCard = await clinic();
    // Pro bought on the provider's page saves the owner's card.
    const page = await buyProOnCheckout(t, owner);
    expect(page.status).toBeLessThan(400);
    const lastMonth = copenhagenWallTime(2026, 10, 15, 12);
    for (const who of [owner, withoutCard]) {
      const db = tenantDb(t.api.services.models, new Types.ObjectId(who.companyId));
      // A quota of 1: one free, three paid.
      for (const n of [1, 2, 3, 4]) await recordSms(db, { jobId: `bill-${who.companyId}-${n}`, therapistId: new Types.ObjectId(who.therapistId), kind: 'booking', sentAt: lastMonth, quota: 1 });
      // This month's are not billed yet.
      await recordSms(db, { jobId: `bill-${who.companyId}-now`, therapistId: new Types.ObjectId(who.therapistId), kind: 'booking', sentAt: Date.now(), quota: 0 });
    }
    const services = t.api.services;
    await billSmsMonths(services);
    await billSmsMonths(services);
    const charged = await t.models.SmsCharge.findById(`sms:${owner.companyId}:2026-10`).lean();
    expect(charged).toMatchObject({ state: 'charged', count: 3, amountExVatOre: 3 * EXTRA_SMS_PRICE_ORE, attempts: 1 });
    const charge = await services.payments.getCharge(charged!.handle);
    expect(charge).toMatchObject({ state: 'settled', amount_ex_vat: 180, amount: 225 });
    const charges = await services.payments.listCharges(`c${owner.companyId}`, null, 50);
    expect(charges.content.filter((item) => item.ordertext.startsWith('SMS'))).toHaveLength(1);
    expect(await t.models.SmsCharge.countDocuments({ companyId: owner.companyId })).toBe(1);
    expect(await t.models.SmsCharge.findById(`sms:${withoutCard.companyId}:2026-10`).lean()).toMatchObject({ state: 'no-card', attempts: 1 });
  });
});

describe('housekeeping', () => {
  it('the sweeper removes old leases and finished messages past their time, and keeps the rest', async () => {
    const owner = await clinic();
    const now = Date.now();
    const DAY = 24 * HOUR;
    await t.models.MessageLease.create([
      { _id: `old-lease-${owner.companyId}#0`, holder: 'x', until: now - 2 * DAY },
      { _id: `new-lease-${owner.companyId}#0`, holder: 'x', until: now - HOUR },
    ]);
    const job = (id: string, state: string, finishedAt: number | null) => ({ _id: `${id}-${owner.companyId}`, companyId: owner.companyId, therapistId: owner.therapistId, kind: 'followUp', channel: 'mail', ref: new Types.ObjectId(), clientId: new Types.ObjectId(), dueAt: 0, nextAttemptAt: 0, state, finishedAt });
    await t.models.MessageJob.insertMany([job('ancient', 'sent', now - 401 * DAY), job('recent', 'sent', now - 399 * DAY), job('waiting', 'pending', null)] as never[]);
    const swept = await sweepOnce(t.api.services, t.api.services.models.MessageJob.db);
    expect(swept.messageLeases).toBeGreaterThanOrEqual(1);
    expect(await t.models.MessageLease.exists({ _id: `old-lease-${owner.companyId}#0` })).toBeNull();
    expect(await t.models.MessageLease.exists({ _id: `new-lease-${owner.companyId}#0` })).not.toBeNull();
    const left = (await t.models.MessageJob.find({ companyId: owner.companyId }, { _id: 1 }).lean()).map((item) => item._id).sort();
    expect(left).toEqual([`recent-${owner.companyId}`, `waiting-${owner.companyId}`]);
  });
});

describe('/Newsletter sign-up', () => {
  it('answers the same for anyone, and mails a confirmation link only to a client, which turns the newsletter on', async () => {
    const owner = await clinic();
    const known = await client(owner, copenhagenWallTime(2027, 4, 1, 9), 'kendt@example.dk', { newsletter: false }, '8888');
    const forKnown = await t.call('newsletterSignup', { therapistId: owner.therapistId, email: 'KENDT@example.dk' }, '');
    const forStranger = await t.call('newsletterSignup', { therapistId: owner.therapistId, email: 'ukendt@example.dk' }, '');
    const forNobody = await t.call('newsletterSignup', { therapistId: new Types.ObjectId().toHexString(), email: 'kendt@example.dk' }, '');
    expect([forKnown.status, forStranger.status, forNobody.status]).toEqual([200, 200, 200]);
    expect(new Set([forKnown.body.message, forStranger.body.message, forNobody.body.message])).toEqual(new Set([M.signupAnswer]));
    const mail = await smtp.waitForMail('kendt@example.dk', 10_000);
    const token = /\/Newsletter\?token=(\S+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(smtp.mails.some((item) => item.to.includes('ukendt@example.dk'))).toBe(false);
    expect((await t.call('confirmNewsletterSignup', { signupToken: 'x'.repeat(40) }, '')).body.message).toBe(M.signupLinkInvalid);
    const confirmed = await t.call('confirmNewsletterSignup', { signupToken: decodeURIComponent(token!) }, '');
    expect(confirmed.body.message).toBe(M.signupConfirmed);
    expect((await t.models.Client.findById(known.clientId).lean())!.newsletter).toBe(true);
    // On record, as the client's own choice.
    expect((await t.models.Client.findById(known.clientId).lean())!.newsletterConsent).toMatchObject({ by: 'Klienten (tilmelding bekræftet pr. mail)' });
  });

  it('mails one address at most two sign-up links a day per clinic, however many ask', async () => {
    const owner = await clinic();
    await client(owner, copenhagenWallTime(2027, 4, 2, 9), 'bombet@example.dk', {}, '8989');
    for (let n = 0; n < 4; n++) expect((await t.call('newsletterSignup', { therapistId: owner.therapistId, email: 'bombet@example.dk' }, '')).status).toBe(200);
    await until(() => t.logs.filter((line) => line.includes('the address has had its sign-up links for today')).length >= 2, 'the refused sign-up mails');
    await until(() => smtp.mails.filter((item) => item.to.includes('bombet@example.dk')).length >= 2, 'two sign-up mails');
    expect(smtp.mails.filter((item) => item.to.includes('bombet@example.dk'))).toHaveLength(2);
  });
});

/**
 * Therapist administration and the owner: the limit of five under concurrency, the invitation mail and its
 * link, the therapist's own subscription (pending → trial or Pro; stop keeps access to the period's end; deactivation
 * ends it at once), availability only for oneself, the owner handover, and deletion that keeps the clinic's records.
 */
import { randomUUID } from 'node:crypto';
import { commerceMessages, MAX_THERAPISTS, messages, THERAPIST_TRIAL_MS, therapistMessages, type TherapistForm } from '@klinik/core';
import { createLogger } from '../src/logger.js';
import { giveColleaguesTheirTrial, MIGRATION_GRACE_MS } from '../src/migrations/colleague-trials.js';
import { runStartupMigrations } from '../src/migrations/index.js';
import { buyProOnCheckout, clinicWithTrial, colleagueOf, uniqueEmail, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let smtp: SmtpSink;
let t: TestApi;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url, appUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const DAY = 24 * 3600_000;

function colleagueForm(email = uniqueEmail('kollega')): TherapistForm {
  return { nameFirst: 'Jonas', nameLast: 'Holm', email, phone: '22334455', occupation: ['fysioterapeut', 'massoer'] };
}

async function addColleague(owner: SignedInOwner, email = uniqueEmail('kollega')): Promise<string> {
  const answer = await t.call('addTherapistByCompany', colleagueForm(email), owner.token);
  expect(answer.status).toBe(200);
  return answer.body.data[0]!.id;
}

/** The set-password link of the invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMail(email);
  const token = /http:\/\/localhost:3000\/set-password\?id=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** Follows the invitation mail's link, sets a password, signs in: the colleague's token. */
async function acceptInvitation(email: string, password = 'kollega-kode'): Promise<string> {
  const token = await invitationLink(email);
  expect((await t.call('therapistSetPassword', { id: token, password })).status).toBe(200);
  const login = await t.call('login', { username: email, password });
  expect(login.status).toBe(200);
  return login.body.token;
}

describe('adding therapists', () => {
  it('validates the form with the Danish messages and changes nothing on bad input', async () => {
    const owner = await clinicWithTrial(t);
    const bad = await t.call('addTherapistByCompany', { ...colleagueForm(), phone: '22 33-44', occupation: [] }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ phone: therapistMessages.phoneDigits, occupation: therapistMessages.occupationRequired });
    const noEmail = await t.call('addTherapistByCompany', { ...colleagueForm(), email: '' }, owner.token);
    expect(noEmail.body.errors).toMatchObject({ email: 'Personlige oplysninger i e-mail påkrævet' });
    expect((await t.call('addTherapistByCompany', { ...colleagueForm(), email: 'jonas@' }, owner.token)).body.errors).toMatchObject({ email: 'Ugyldigt e-mailadresseformat' });
    expect((await t.call('getAllTherapistByCompany', {}, owner.token)).body.totalTherapist).toBe(1);
    const occupations = (await t.call('getAllOccupation', {}, owner.token)).body.data;
    expect(occupations.map((occupation) => occupation.danishName)).toEqual(expect.arrayContaining(['Fysioterapeut', 'Kiropraktor', 'Massør', 'Psykolog', 'Zoneterapeut']));
  });

  it('mails an invitation whose link sets a password once; the new therapist works once the owner has chosen a plan', async () => {
    const owner = await clinicWithTrial(t);
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    const colleague = await acceptInvitation(email);
    // Pending until the owner chooses: who they are, but not the clinic's pages.
    expect((await t.call('getTherapist', {}, colleague)).status).toBe(200);
    const blocked = await t.call('getAllEvent', {}, colleague);
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(therapistMessages.subscriptionEnded);
    const listed = (await t.call('getAllTherapistByCompany', { search: 'jonas' }, owner.token)).body.data;
    expect(listed.map((row) => [row.id, row.hasPassword, row.therapistSubscription?.status])).toEqual([[id, true, 'pending']]);

    expect((await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token)).body.message).toBe(therapistMessages.freeTrialStarted);
    expect((await t.call('getAllEvent', {}, colleague)).status).toBe(200);
    // One trial per therapist.
    expect((await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token)).body.message).toBe(therapistMessages.alreadyActive);
    // After the month the trial has run out.
    t.clock.advance(31 * DAY);
    expect((await t.call('getAllEvent', {}, colleague)).status).toBe(403);
    t.clock.advance(-31 * DAY);
  });

  it(`allows at most ${MAX_THERAPISTS} therapists: with four, ten simultaneous adds make exactly one`, async () => {
    const owner = await clinicWithTrial(t);
    for (let i = 0; i < 3; i += 1) await addColleague(owner);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('addTherapistByCompany', colleagueForm(), owner.token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.message === therapistMessages.limitReached)).toBe(true);
    expect((await t.call('getAllTherapistByCompany', { size: 25 }, owner.token)).body.totalTherapist).toBe(MAX_THERAPISTS);
    // The users page counts too.
    const user = await t.call('addTherapist', { nameFirst: 'Ida', nameLast: 'Berg', email: uniqueEmail('bruger'), phone: '+4512345678', password: 'hemmeligt-ord', confirmPassword: 'hemmeligt-ord' }, owner.token);
    expect(user.status).toBe(409);
  });

  it('refuses a taken e-mail, and the users page creates a colleague who can sign in at once', async () => {
    const owner = await clinicWithTrial(t);
    const taken = await t.call('addTherapistByCompany', colleagueForm(owner.email), owner.token);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.usernameTaken);
    const email = uniqueEmail('bruger');
    const created = await t.call('addTherapist', { nameFirst: 'Ida', nameLast: 'Berg', email, phone: '+4512345678', password: 'hemmeligt-ord', confirmPassword: 'hemmeligt-ord' }, owner.token);
    expect(created.body.message).toBe(therapistMessages.userCreated);
    const login = await t.call('login', { username: email, password: 'hemmeligt-ord' });
    expect((await t.call('getAllEvent', {}, login.body.token)).status).toBe(200);
    const mismatch = await t.call('addTherapist', { nameFirst: 'Ida', nameLast: 'Berg', email: uniqueEmail(), phone: '+4512345678', password: 'hemmeligt-ord', confirmPassword: 'andet' }, owner.token);
    expect(mismatch.body.errors).toMatchObject({ confirmPassword: messages.passwordsDiffer });
  });
});

describe('who may do what', () => {
  it('a therapist sets their own availability and profile, never a colleague’s', async () => {
    const owner = await clinicWithTrial(t);
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    const colleague = await acceptInvitation(email);
    await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token);
    expect((await t.call('setTherapistAvailable', { therapistId: owner.therapistId, isAvailable: false }, colleague)).status).toBe(403);
    expect((await t.call('setTherapistAvailable', { therapistId: id, isAvailable: false }, owner.token)).status).toBe(403);
    const own = await t.call('setTherapistAvailable', { therapistId: id, isAvailable: false }, colleague);
    expect(own.body.data).toEqual({ isAvailable: false });
    expect((await t.call('setTherapist', { colors: ['#ffffff', '#aa3366'] }, colleague)).status).toBe(200);
    expect((await t.call('getTherapist', {}, colleague)).body.data).toMatchObject({ isAvailable: false, colors: ['#ffffff', '#aa3366'] });
    // Owner actions: 403 for a colleague.
    for (const [action, input] of [
      ['getAllTherapistByCompany', {}],
      ['addTherapistByCompany', colleagueForm()],
      ['deleteTherapistByCompany', { id: owner.therapistId }],
      ['setOwnerByCompany', { therapistId: id, password: 'kollega-kode' }],
      ['adminCancelTherapistSubscription', { therapistId: id, deactive: true }],
    ] as const) {
      expect({ action, status: (await t.call(action, input as never, colleague)).status }).toEqual({ action, status: 403 });
    }
  });

  it("another clinic's therapists are unknown", async () => {
    const owner = await clinicWithTrial(t);
    const other = await clinicWithTrial(t);
    const theirs = await addColleague(other);
    for (const [action, input] of [
      ['updateTherapistByCompany', { ...colleagueForm(), id: theirs }],
      ['deleteTherapistByCompany', { id: theirs }],
      ['adminPurchaseTherapistFreeSubscription', { therapistId: theirs }],
      ['adminCancelTherapistSubscription', { therapistId: theirs, deactive: true }],
    ] as const) {
      const answer = await t.call(action, input, owner.token);
      expect({ action, status: answer.status, message: answer.body.message }).toEqual({ action, status: 404, message: therapistMessages.unknownTherapist });
    }
    expect((await t.call('setOwnerByCompany', { therapistId: theirs, password: owner.password }, owner.token)).status).toBe(400);
    expect((await t.call('getAllTherapistByCompany', {}, other.token)).body.data.find((row) => row.id === theirs)?.therapistSubscription?.status).toBe('pending');
  });
});

describe('the status of a therapist', () => {
  it('deactivation ends access on the next call; stop-subscription keeps it to the period end', async () => {
    const owner = await clinicWithTrial(t);
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    const colleague = await acceptInvitation(email);
    await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token);

    expect((await t.call('adminCancelTherapistSubscription', { therapistId: id }, owner.token)).body.message).toBe(therapistMessages.subscriptionCancelled);
    expect((await t.call('getAllEvent', {}, colleague)).status).toBe(200);
    expect((await t.call('adminCancelTherapistSubscription', { therapistId: id }, owner.token)).body.message).toBe(therapistMessages.alreadyStopped);
    const row = (await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.find((candidate) => candidate.id === id)!;
    expect(row.therapistSubscription).toMatchObject({ status: 'cancelled', isActive: true });

    expect((await t.call('adminCancelTherapistSubscription', { therapistId: id, deactive: true }, owner.token)).status).toBe(200);
    const after = await t.call('getAllEvent', {}, colleague);
    expect(after.status).toBe(401);
    expect((await t.call('adminCancelTherapistSubscription', { therapistId: id, deactive: true }, owner.token)).body.message).toBe(therapistMessages.alreadyInactive);
    // Signing in again does not help: the account is off until the owner activates it.
    expect((await t.call('getAllEvent', {}, (await t.call('login', { username: email, password: 'kollega-kode' })).body.token ?? 'none')).status).not.toBe(200);
  });

  it('activates a therapist on Pro with a saved card; the webhook makes their subscription active', async () => {
    const owner = await clinicWithTrial(t);
    // A saved card, bought with Pro on the sandbox's checkout page.
    const page = await buyProOnCheckout(t, owner);
    expect(page.status).toBe(303);
    const cardId = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data[0]!.id;
    const id = await addColleague(owner);
    const bought = await t.call('adminPurchaseTherapistProSubscription', { therapistId: id, cardId, idempotencyKey: randomUUID() }, owner.token);
    expect(bought.status).toBe(200);
    const row = (await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.find((candidate) => candidate.id === id)!;
    expect(row.therapistSubscription).toMatchObject({ planType: 'pro', status: 'active' });
    // The clinic's own plan is untouched (Pro, bought during its trial, starts when the trial ends), and the
    // colleague's subscription is not listed as the clinic's.
    const company = (await t.call('getTherapist', {}, owner.token)).body.data.company;
    expect(company).toMatchObject({ planType: 'freeTrial', status: 'active' });
    expect(company.proStartsAt).toBe(company.trial);
    expect((await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data.filter((subscription) => subscription.kind === 'plan')).toHaveLength(1);
    expect((await t.call('adminPurchaseTherapistProSubscription', { therapistId: id, cardId, idempotencyKey: randomUUID() }, owner.token)).body.message).toBe(therapistMessages.alreadyActive);
  });
});

describe("a colleague's Pro and the clinic's plan", () => {
  it("ends with the clinic's plan, cannot be taken back while the plan is ended, and comes back with it", async () => {
    const owner = await clinicWithTrial(t);
    t.clock.advance(31 * DAY);
    try {
      await endsAndComesBack(owner);
    } finally {
      // The start-up migration's test below reads the real clock.
      t.clock.advance(-31 * DAY);
    }
  });

  async function endsAndComesBack(owner: SignedInOwner) {
    // Pro on the provider's page after the trial: charged at once, and the card saved.
    const page = await buyProOnCheckout(t, owner);
    expect(page.status).toBe(303);
    const cardId = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data[0]!.id;
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    const colleague = await acceptInvitation(email);
    expect((await t.call('adminPurchaseTherapistProSubscription', { therapistId: id, cardId, idempotencyKey: randomUUID() }, owner.token)).status).toBe(200);
    const row = async () => (await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.find((candidate) => candidate.id === id)!.therapistSubscription;

    const ended = await t.call('cancelTherapistAllSubscription', {}, owner.token);
    expect(ended.body.ended.map((subscription) => [subscription.kind, subscription.name])).toEqual([
      ['plan', 'Pro'],
      ['therapist', 'Pro terapeut: Jonas Holm'],
    ]);
    // Paid to the end of the colleague's month, then over: never renewed on the clinic's card.
    expect(await row()).toMatchObject({ planType: 'pro', status: 'cancelled' });
    expect((await t.call('getAllEvent', {}, colleague)).status).toBe(200);
    const again = await t.call('adminPurchaseTherapistProSubscription', { therapistId: id, cardId, idempotencyKey: randomUUID() }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(commerceMessages.planNotRunning);

    // The owner takes the plan back within its period: the colleague's Pro goes on with it, nothing charged.
    expect((await t.call('purchasedProPlanSubscription', { idempotencyKey: randomUUID() }, owner.token)).body.message).toBe(commerceMessages.proResumed);
    expect(await row()).toMatchObject({ planType: 'pro', status: 'active' });
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content).toHaveLength(2);
  }
});

describe('owner handover', () => {
  it('needs the own password and an active colleague; the old owner is signed out and the new one has the rights', async () => {
    const owner = await clinicWithTrial(t);
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    await acceptInvitation(email, 'ny-ejer-kode');
    await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token);
    expect((await t.call('getAllTherapistWithAdmin', {}, owner.token)).body.data.map((row) => row.id)).toEqual([id]);

    const wrong = await t.call('setOwnerByCompany', { therapistId: id, password: 'forkert' }, owner.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.wrongPassword);
    expect((await t.call('setOwnerByCompany', { therapistId: owner.therapistId, password: owner.password }, owner.token)).body.message).toBe(therapistMessages.notToSelf);

    const handed = await t.call('setOwnerByCompany', { therapistId: id, password: owner.password }, owner.token);
    expect(handed.body.message).toBe(therapistMessages.ownerHandedOver);
    expect((await t.call('getAllTherapistByCompany', {}, owner.token)).status).toBe(401);
    const oldOwner = (await t.call('login', { username: owner.email, password: owner.password })).body.token;
    expect((await t.call('getAllTherapistByCompany', {}, oldOwner)).status).toBe(403);
    const newOwner = (await t.call('login', { username: email, password: 'ny-ejer-kode' })).body.token;
    expect((await t.call('getAllTherapistByCompany', {}, newOwner)).status).toBe(200);
    expect((await t.call('getTherapist', {}, newOwner)).body.data.isAdmin).toBe(true);
  });
});

describe('deleting a therapist', () => {
  it('is refused while bookings lie ahead; afterwards access ends, the seat and e-mail are free, and the records stay', async () => {
    const owner = await clinicWithTrial(t);
    const email = uniqueEmail('kollega');
    const id = await addColleague(owner, email);
    await acceptInvitation(email);
    await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token);
    const from = t.clock.now() + 2 * DAY;
    await t.models.Booking.create({ companyId: owner.companyId, therapistId: id, clientId: owner.companyId, from, to: from + 3600_000, bookingDate: '2026-01-01' });
    const refused = await t.call('deleteTherapistByCompany', { id }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(therapistMessages.futureBookings);

    t.clock.advance(3 * DAY);
    expect((await t.call('deleteTherapistByCompany', { id }, owner.token)).body.message).toBe(therapistMessages.deleted);
    expect((await t.call('login', { username: email, password: 'kollega-kode' })).status).toBe(401);
    expect((await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.map((row) => row.id)).not.toContain(id);
    // The past booking is still the clinic's.
    expect(await t.models.Booking.countDocuments({ therapistId: id })).toBe(1);
    // The e-mail can be used again, and the seat is free.
    expect((await t.call('addTherapistByCompany', colleagueForm(email), owner.token)).status).toBe(200);
    expect((await t.call('deleteTherapistByCompany', { id: owner.therapistId }, owner.token)).body.message).toBe(therapistMessages.ownerCannotBeChanged);
    t.clock.advance(-3 * DAY);
  });
});

describe('colleagues made on the users page', () => {
  const USER_PASSWORD = 'hemmeligt-ord';
  const userForm = (email: string) => ({ nameFirst: 'Ida', nameLast: 'Berg', email, phone: '+4512345678', password: USER_PASSWORD, confirmPassword: USER_PASSWORD });
  /** The clinic pays for Pro, so only a colleague's own subscription can stop them. */
  const onPro = (owner: SignedInOwner) => t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active' } });
  const rowOf = async (owner: SignedInOwner, id: string) => (await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.find((row) => row.id === id)!;

  it('work 90 days on a trial of their own, then meet the same refusal and the same choice as an invited colleague', async () => {
    const owner = await clinicWithTrial(t);
    await onPro(owner);
    const created = t.clock.now();
    const email = uniqueEmail('bruger');
    expect((await t.call('addTherapist', userForm(email), owner.token)).body.message).toBe(therapistMessages.userCreated);
    const made = t.clock.now();
    const user = (await t.call('login', { username: email, password: USER_PASSWORD })).body.token;
    const userId = (await t.call('getTherapist', {}, user)).body.data.id;
    const subscription = (await rowOf(owner, userId)).therapistSubscription;
    expect(subscription).toMatchObject({ planType: 'freeTrial', status: 'active', isActive: true });
    expect(subscription!.endsAt! - THERAPIST_TRIAL_MS).toBeGreaterThanOrEqual(created);
    expect(subscription!.endsAt! - THERAPIST_TRIAL_MS).toBeLessThanOrEqual(made);
    const invitedEmail = uniqueEmail('kollega');
    const invitedId = await addColleague(owner, invitedEmail);
    const invited = await acceptInvitation(invitedEmail);
    await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: invitedId }, owner.token);

    let moved = 0;
    const advance = (ms: number) => {
      t.clock.advance(ms);
      moved += ms;
    };
    try {
      advance(89 * DAY);
      expect((await t.call('getAllEvent', {}, user)).status).toBe(200);
      advance(DAY + 60_000);
      for (const [who, token] of [['users page', user], ['invited', invited]] as const) {
        const refused = await t.call('getAllEvent', {}, token);
        expect({ who, status: refused.status, message: refused.body.message }).toEqual({ who, status: 403, message: therapistMessages.subscriptionEnded });
        expect({ who, status: (await t.call('getTherapist', {}, token)).status }).toEqual({ who, status: 200 });
      }
      // The owner's choice is the same for both: the trial is used, Pro can be bought.
      for (const id of [userId, invitedId]) {
        expect((await rowOf(owner, id)).therapistSubscription).toMatchObject({ planType: 'freeTrial', status: 'expired', isActive: false });
        const trial = await t.call('adminPurchaseTherapistFreeSubscription', { therapistId: id }, owner.token);
        expect({ id, status: trial.status, message: trial.body.message }).toEqual({ id, status: 409, message: therapistMessages.trialAlreadyUsed });
        const pro = await t.call('adminPurchaseTherapistProSubscription', { therapistId: id, idempotencyKey: randomUUID() }, owner.token);
        expect({ id, status: pro.status, checkout: typeof pro.body.url }).toEqual({ id, status: 200, checkout: 'string' });
      }
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('gives colleagues made before the rule their trial from when they were made, once, at start; owners keep the clinic plan', async () => {
    const owner = await clinicWithTrial(t);
    await onPro(owner);
    const conn = t.api.services.models.Therapist.db;
    const therapists = conn.collection('therapists');
    const now = t.clock.now();
    // As the users page left them: a trial stamp, no subscription.
    const recent = await colleagueOf(t, owner, { trial: now - 10 * DAY + THERAPIST_TRIAL_MS });
    const old = await colleagueOf(t, owner, { trial: now - 100 * DAY + THERAPIST_TRIAL_MS });
    const heir = await colleagueOf(t, owner);
    for (const [colleague, createdAt] of [[recent, now - 10 * DAY], [old, now - 100 * DAY]] as const) {
      await therapists.updateOne({ _id: new (await import('mongoose')).Types.ObjectId(colleague.therapistId) }, { $set: { createdAt } });
    }
    // A former owner worked on the clinic's plan as its owner, and still does.
    expect((await t.call('setOwnerByCompany', { therapistId: heir.therapistId, password: owner.password }, owner.token)).status).toBe(200);
    const formerOwner = (await t.call('login', { username: owner.email, password: owner.password })).body.token;
    // Before: nothing stops either of them.
    expect((await t.call('getAllEvent', {}, old.token)).status).toBe(200);

    await conn.collection('migrations').deleteOne({ _id: 'colleague-trials' as never });
    expect(await runStartupMigrations(conn, createLogger('silent'))).toEqual(['colleague-trials']);
    expect(await runStartupMigrations(conn, createLogger('silent'))).toEqual([]);
    expect(await giveColleaguesTheirTrial(conn)).toBe(0);

    expect((await t.models.Therapist.findById(recent.therapistId).lean())?.subscription).toMatchObject({ planType: 'freeTrial', status: 'active', endsAt: now - 10 * DAY + THERAPIST_TRIAL_MS, trialUsed: true });
    expect((await t.call('getAllEvent', {}, recent.token)).status).toBe(200);
    // One made long ago is not locked out the day this ships: a month from the migration, then the same refusal.
    const grace = (await t.models.Therapist.findById(old.therapistId).lean())!.subscription!.endsAt!;
    expect(grace).toBeGreaterThanOrEqual(now + MIGRATION_GRACE_MS - 60_000);
    expect((await t.call('getAllEvent', {}, old.token)).status).toBe(200);
    t.clock.set(grace + 1);
    const refused = await t.call('getAllEvent', {}, old.token);
    t.clock.set(now);
    expect([refused.status, refused.body.message]).toEqual([403, therapistMessages.subscriptionEnded]);
    expect((await t.models.Therapist.findById(owner.therapistId).lean())?.subscription).toBeNull();
    expect((await t.call('getAllEvent', {}, formerOwner)).status).toBe(200);
    const heirToken = (await t.call('login', { username: heir.email, password: 'kollega-kode' })).body.token;
    expect((await t.call('getAllTherapistByCompany', {}, heirToken)).status).toBe(200);
  });
});

describe("correcting a colleague's e-mail", () => {
  it('revokes the links mailed to the old address and invites the new one', async () => {
    const owner = await clinicWithTrial(t);
    const wrong = uniqueEmail('forkert');
    const id = await addColleague(owner, wrong);
    const wrongLink = await invitationLink(wrong);
    const right = uniqueEmail('rigtig');
    expect((await t.call('updateTherapistByCompany', { ...colleagueForm(right), id }, owner.token)).body.message).toBe(therapistMessages.updated);

    const taken = await t.call('therapistSetPassword', { id: wrongLink, password: 'overtaget-kode' });
    expect([taken.status, taken.body.message]).toEqual([400, messages.setPasswordLinkInvalid]);
    const colleague = await acceptInvitation(right);
    expect((await t.call('getTherapist', {}, colleague)).body.data.email).toBe(right);

    // Once the colleague has a password, a reset link mailed to the old address goes with the address as well.
    expect((await t.call('resetPassword', { email: right })).status).toBe(200);
    const reset = /reset_password\?token=([A-Za-z0-9_-]+)/.exec((await smtp.waitForMail(right, 10_000, 'Nulstil din adgangskode')).text)?.[1];
    expect(reset).toBeDefined();
    const third = uniqueEmail('tredje');
    expect((await t.call('updateTherapistByCompany', { ...colleagueForm(third), id }, owner.token)).status).toBe(200);
    expect((await t.call('resetPasswordWithToken', { resetToken: reset!, password: 'overtaget-kode' })).status).toBe(400);
    // They sign in with the new address and the password they chose.
    expect((await t.call('login', { username: third, password: 'kollega-kode' })).status).toBe(200);
  });
});

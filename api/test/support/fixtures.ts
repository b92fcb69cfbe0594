/** Test data that passes every registration rule, with a unique e-mail per call. */
import { randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS, SANDBOX_CARDS, type ActionInput } from '@klinik/core';
import type { TestApi } from './test-api.js';

export function uniqueEmail(prefix = 'ejer'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@klinik.test`;
}

export function registration(email = uniqueEmail(), password = 'hemmeligt1'): ActionInput<'register'> {
  return {
    therapistInfo: {
      nameFirst: 'Mette',
      nameLast: 'Ørsted',
      email,
      phone: '+45 12 34 56 78',
      password,
      confirmPassword: password,
      newsletter: true,
      termsAccepted: true,
    },
    companyInfo: {
      companyName: 'Fysio Ærø',
      CVR: '12345678',
      address: 'Havnegade 1',
      post: '5970',
      town: 'Ærøskøbing',
      email: 'kontakt@fysio-aeroe.test',
      phone: '62521234',
    },
  };
}

export interface SignedInOwner {
  email: string;
  password: string;
  token: string;
  therapistId: string;
  companyId: string;
}

/**
 * Registers a clinic, confirms its e-mail as the registration mail's link does (email-confirmation.test.ts follows
 * the mail itself), and signs its owner in.
 */
export async function registerAndLogin(t: TestApi, email = uniqueEmail()): Promise<SignedInOwner> {
  const password = 'hemmeligt1';
  const registered = await t.call('register', registration(email, password));
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const { therapistId, companyId } = registered.body.data;
  const confirmation = t.api.services.tokens.signPurpose('confirm-email', { subject: therapistId, companyId }, 3600);
  const confirmed = await t.call('confirmEmail', { confirmToken: confirmation });
  if (confirmed.status !== 200) throw new Error(`confirmEmail failed: ${JSON.stringify(confirmed.body)}`);
  const login = await t.call('login', { username: email, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { email, password, token: login.body.token, therapistId: registered.body.data.therapistId, companyId: registered.body.data.companyId };
}

/** Registers a clinic, signs its owner in and starts the free trial (the calendar needs an allowing plan). */
export async function clinicWithTrial(t: TestApi, email = uniqueEmail()): Promise<SignedInOwner> {
  const owner = await registerAndLogin(t, email);
  const trial = await t.call('purchasedFreePlanSubscription', {}, owner.token);
  if (trial.status !== 200) throw new Error(`free trial failed: ${JSON.stringify(trial.body)}`);
  return owner;
}

/** A second, ordinary therapist in the owner's clinic, signed in. */
export async function colleagueOf(t: TestApi, owner: SignedInOwner, overrides: Record<string, unknown> = {}): Promise<{ token: string; therapistId: string; email: string }> {
  const { hashPassword } = await import('../../src/domain/accounts/passwords.js');
  const email = uniqueEmail('kollega');
  const therapist = await t.models.Therapist.create({
    companyId: owner.companyId,
    username: email,
    email,
    nameFirst: 'Jonas',
    nameLast: 'Bæk',
    passwordHash: await hashPassword('kollega-kode'),
    isAdmin: false,
    ...overrides,
  });
  const login = await t.call('login', { username: email, password: 'kollega-kode' });
  return { token: login.body.token, therapistId: therapist._id.toString(), email };
}

export const newClient = (cprLast4 = '1234') => ({
  nameFirst: 'Signe',
  nameLast: 'Kjær',
  CPR6Digit: '010190',
  CPRLast4Digit: cprLast4,
  email: 'signe@example.dk',
  phonePrivate: '+45 20 30 40 50',
});

/** A clinic on a trial with a treatment, a booking tomorrow of a new client and its journal (the image tests' start). */
export async function clientWithJournal(t: TestApi): Promise<{ owner: SignedInOwner; clientId: string; journalId: string }> {
  const owner = await clinicWithTrial(t);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const hour = 3_600_000;
  const from = Math.ceil((t.clock.now() + DAY_MS) / hour) * hour;
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient() }, owner.token);
  const journal = await t.call('addJournal', { bookingId: booked.body.data.id }, owner.token);
  return { owner, clientId: booked.body.data.clientId, journalId: journal.body.data.id };
}

/**
 * Makes the clinic a paying Pro clinic with a saved card at the sandbox provider, as buying Pro leaves it (commerce
 * tests buy it through the checkout page; here only the state matters): what the platform may charge for, paid SMS.
 */
export async function payingWithCard(t: TestApi, owner: Pick<SignedInOwner, 'companyId'>, card: { expiry?: string } = {}): Promise<void> {
  const periodEnd = t.clock.now() + 30 * DAY_MS;
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: periodEnd, reepayId: `c${owner.companyId}` } });
  await t.models.SandboxCard.create({ _id: `ca_${randomBytes(8).toString('hex')}`, customer: `c${owner.companyId}`, masked: '411111XXXXXX1111', fingerprint: randomBytes(8).toString('hex'), expiry: card.expiry ?? '12/39' });
}

/**
 * Pro bought the way an owner buys it: `purchasedProPlanSubscription`, then the sandbox's checkout page paid with the
 * card that succeeds (which saves it). Answers the checkout page's answer (303 back to the app when paid).
 */
export async function buyProOnCheckout(t: TestApi, owner: Pick<SignedInOwner, 'token'>): Promise<Response> {
  const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: randomUUID() }, owner.token);
  return fetch(started.body.url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: SANDBOX_CARDS.succeeds, expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
}

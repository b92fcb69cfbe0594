/**
 * What a clinic's messages may cost the platform (docs/security.md, 'What a clinic's messages may cost'). Every
 * SMS and every mail a clinic originates goes out under our sender name and, for SMS, on our gateway bill, so:
 *
 * - **Mail**: one budget per clinic counts *recipients* across every mail the clinic originates (invitations, intake
 *   forms, invoices, newsletters, follow-ups, import reports, booking and course notices): `mail:trial` for a clinic
 *   that does not pay (a free trial, or no plan), `mail:paid` once it pays. A mail the public pages make to an
 *   address someone typed there (a booking confirmation, a sign-up link) is also capped per recipient, per clinic and
 *   across the platform, so one address cannot be mailed again and again from many senders.
 * - **SMS**: hard caps per clinic and per destination number and day, on top of the rules the runner applies
 *   (confirmed e-mail, Danish numbers unless opted in, no paid SMS without a paid plan and a chargeable card).
 *
 * The numbers are rate-limit rules (`DEFAULT_RATE_LIMITS` in config.ts, counted in the database as numbered seats,
 * exact under races on every server: security/rate-limit.ts); this module names them and says what a refusal means.
 */
import { createHash } from 'node:crypto';
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import { isPaidPlan } from '@klinik/core';
import { sendNotice, type MailMessage, type Mailer } from '../../adapters/mail/index.js';
import type { PaymentProvider } from '../../adapters/payments/provider.js';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { TooManyRequestsError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import type { RateLimiter } from '../../security/rate-limit.js';
import { customerHandle } from '../commerce/customer.js';

export const BUDGET_RULES = {
  smsPerClinic: 'sms:company',
  smsPerNumber: 'sms:number',
  mailTrial: 'mail:trial',
  mailPaid: 'mail:paid',
  publicMailPerClinicRecipient: 'publicMail:recipient',
  publicMailPerRecipient: 'publicMail:recipientPlatform',
} as const;

export const outboundMessages = {
  mailBudgetUsed: 'Klinikken har sendt det antal mails, den kan sende i dag. Prøv igen i morgen, eller kontakt support, hvis I har brug for at sende flere.',
} as const;

type CompanyPlan = Pick<CompanyDoc, '_id' | 'planType' | 'status' | 'trial' | 'cancelDate'>;

/** Takes one seat of `rule` for `key`; answers the seconds until the window ends when none is left, else null. */
export async function takeSeat(limiter: RateLimiter, rule: string, key: string): Promise<number | null> {
  try {
    await limiter.consume(rule, key);
    return null;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error.retryAfterSeconds;
    throw error;
  }
}

/** A recipient as a key: the address, lower-cased, hashed (the seat ids are not a list of addresses). */
export function recipientKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

export const mailBudgetRule = (company: CompanyPlan, now: number) => (isPaidPlan(company, now) ? BUDGET_RULES.mailPaid : BUDGET_RULES.mailTrial);

/**
 * Spends `recipients` of the clinic's mail budget: null when they may go, else the seconds until the budget's window
 * ends. Recipients are counted one seat each; a budget that runs out half-way keeps what it counted (it errs towards
 * sending less).
 */
export async function spendMailBudget(limiter: RateLimiter, company: CompanyPlan, recipients: number, now: number): Promise<number | null> {
  const rule = mailBudgetRule(company, now);
  for (let taken = 0; taken < recipients; taken += 1) {
    const wait = await takeSeat(limiter, rule, company._id.toHexString());
    if (wait !== null) return wait;
  }
  return null;
}

/** As spendMailBudget, for a therapist's action: refuses with 429 and the Danish message when the budget is used up. */
export async function assertMailBudget(ctx: TherapistContext, recipients: number): Promise<void> {
  const now = ctx.now();
  const wait = await spendMailBudget(ctx.services.limiter, ctx.company, recipients, now);
  if (wait === null) return;
  await noteCapReached(ctx.services, ctx.db, 'mail', now);
  throw new TooManyRequestsError(outboundMessages.mailBudgetUsed, wait);
}

/**
 * Whether a mail the public pages make may go to `email`: within the clinic's budget and the per-recipient caps. The
 * public answer never depends on it (a mail not sent is not told), so a stranger learns nothing from it.
 */
export async function mayMailPublicRecipient(services: { limiter: RateLimiter; logger: Logger }, company: CompanyPlan, email: string, now: number, what: string): Promise<boolean> {
  const { limiter, logger } = services;
  const recipient = recipientKey(email);
  const companyId = company._id.toHexString();
  let refusal: string | null = null;
  if ((await takeSeat(limiter, BUDGET_RULES.publicMailPerRecipient, recipient)) !== null) refusal = 'the recipient has had its mails for today';
  else if ((await takeSeat(limiter, BUDGET_RULES.publicMailPerClinicRecipient, `${companyId}|${recipient}`)) !== null) refusal = 'the recipient has had its mails from this clinic for today';
  else if ((await spendMailBudget(limiter, company, 1, now)) !== null) refusal = "the clinic's mail budget for today is used up";
  if (refusal) logger.info({ companyId }, `${what} mail not sent: ${refusal}`);
  return refusal === null;
}

/** Whether a card's expiry ('MM/YY' from the sandbox, 'MM-YY' from Frisbii) has passed by `now`; unknown: not passed. */
export function cardExpired(expiry: string, now: number): boolean {
  const match = /^(\d{1,2})\s*[/-]\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  // Valid through the last day of its month.
  return Date.UTC(year, month, 1) <= now;
}

/**
 * Whether the platform may charge the clinic for what it sends: a saved card that has not expired, and no SMS bill
 * left unpaid (a declined or card-less month, jobs/sms-billing.ts) waiting for a retry.
 */
export async function hasChargeableCard(db: TenantDb, payments: PaymentProvider, companyId: Types.ObjectId, now: number): Promise<boolean> {
  if (await db.SmsCharge.exists({ state: { $in: ['failed', 'no-card'] } })) return false;
  const cards = await payments.listCards(customerHandle(companyId)).catch(() => []);
  return cards.some((card) => !cardExpired(card.expiry, now));
}

/** The dial code of an E.164 number is Denmark's. */
export const isDanishNumber = (e164: string) => e164.startsWith('+45');

/**
 * Notes that the clinic reached a daily cap (its SMS cap or its mail budget): once a day (a seat of the
 * `messageCap:note` rule decides between racing runners) it is logged at warn and stamped on the company, where the
 * platform administrator sees it on /Companies.
 */
export async function noteCapReached(services: { limiter: RateLimiter; logger: Logger }, db: TenantDb, what: 'sms' | 'mail', now: number): Promise<void> {
  const companyId = db.companyId.toHexString();
  if ((await takeSeat(services.limiter, 'messageCap:note', `${what}|${companyId}`)) !== null) return;
  await db.Company.updateOne({}, { $set: { [what === 'sms' ? 'smsCapReachedAt' : 'mailCapReachedAt']: now } });
  services.logger.warn({ companyId, cap: what }, `a clinic reached its daily ${what === 'sms' ? 'SMS cap' : 'mail budget'}`);
}

/**
 * Sends a notice the clinic originates whose failure must not undo what was done (a course seat given to the next on
 * the waiting list): within the clinic's mail budget, else not sent (logged, and the spike noted).
 */
export async function sendClinicNotice(
  services: { limiter: RateLimiter; mailer: Mailer; logger: Logger },
  db: TenantDb,
  company: CompanyPlan,
  message: MailMessage,
  what: string,
  now: number,
): Promise<void> {
  if ((await spendMailBudget(services.limiter, company, 1, now)) !== null) {
    await noteCapReached(services, db, 'mail', now);
    services.logger.warn({ companyId: company._id.toHexString() }, `${what} mail not sent: the clinic's mail budget for today is used up`);
    return;
  }
  await sendNotice(services, message, what);
}

/**
 * The message runner (docs/decisions/0027-message-jobs-with-deterministic-ids-and-leases.md): sends the message jobs
 * that are due. Any number of API processes run it at once:
 *
 * - A job is claimed by inserting its lease `<job>#<leaseSeq>` (`_id` uniqueness: atomic on MongoDB and FerretDB
 *   alike). Whoever holds the lease re-reads the job and sends it only if it is still pending and due, so racing
 *   runners send each message once.
 * - A runner that dies holding a lease (a killed process) leaves it to expire (MESSAGE_JOBS leaseMs); then another
 *   runner raises the job's leaseSeq and claims the next lease. Nothing is lost. A message is sent twice only if a
 *   process dies in the moment between the provider accepting it and the job being marked sent (the at-least-once
 *   window of every such system; the SMS reference and the mail's Message-ID are the job's, so the outbox and
 *   receiving systems can tell it is the same message).
 * - What is no longer right to send at sending time is skipped with its reason (a moved or deleted booking, a client
 *   who unsubscribed or switched reminders off, a number that cannot receive SMS); a transient failure is retried
 *   after 1, 5 and 30 minutes and then given up with a visible reason.
 * - What the platform would pay for on the clinic's behalf is decided before anything is sent
 *   (domain/contact/outbound.ts): an SMS needs the clinic's confirmed e-mail, a Danish number (others only when the
 *   clinic opted in, pays and has a chargeable card; never from the free quota), room under the daily caps per
 *   clinic and per number, and a free SMS of the month or a paid plan with a chargeable card. A mail spends the
 *   clinic's daily budget of recipients; a mail the budget cannot take waits for the next day's window.
 * - A reminder goes out with the time its booking has when it is sent: one job per booking and day, and none for a
 *   start already reminded of (planner.ts), so a booking moved many times is reminded at most once a day.
 */
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { copenhagenDateKey, isPaidPlan, messageSkipReasons as SKIP } from '@klinik/core';
import type { MailMessage, Mailer } from '../adapters/mail/index.js';
import { normalizeSmsNumber } from '../adapters/sms/numbers.js';
import { SmsTransientError, type SmsGateway } from '../adapters/sms/index.js';
import type { PaymentProvider } from '../adapters/payments/provider.js';
import type { ApiConfig } from '../config.js';
import { tenantDb, type TenantDb } from '../data/tenant-db.js';
import type { CompanyDoc, MessageJobDoc, Models, TherapistDoc } from '../models/index.js';
import type { RateLimiter } from '../security/rate-limit.js';
import type { TokenService } from '../security/tokens.js';
import { unsubscribeToken } from '../domain/online-booking/unsubscribe.js';
import { BUDGET_RULES, hasChargeableCard, isDanishNumber, noteCapReached, recipientKey, spendMailBudget, takeSeat } from '../domain/contact/outbound.js';
import { reminderLeadMs } from '../domain/contact/planner.js';
import { giveBackFreeSms, recordSms, takeFreeSms } from '../domain/contact/sms-ledger.js';
import { clinicAddress, followUpMail, newsletterMail, reminderSms, type ClinicText } from '../domain/contact/texts.js';
import { portalUrl } from '../domain/portal/session.js';
import { offerIdOfMessageJob, offerToken, offerUrl } from '../domain/waitlist/offers.js';
import { waitlistOfferMail, waitlistOfferSms } from '../domain/waitlist/texts.js';

const WHY = 'the message runner sends the due messages of every clinic';

/** The pauses before the 2nd, 3rd and 4th try; after the 4th the message is given up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;

export interface RunnerDeps {
  models: Models;
  mailer: Mailer;
  sms: SmsGateway;
  tokens: TokenService;
  /** The daily caps and budgets (domain/contact/outbound.ts). */
  limiter: RateLimiter;
  /** Whether the clinic has a chargeable card, for SMS beyond the free quota. */
  payments: PaymentProvider;
  config: Pick<ApiConfig, 'appUrl' | 'messageJobs'>;
  logger: Logger;
  now(): number;
}

export interface RunResult {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
}

type Outcome =
  | { state: 'sent'; at?: number }
  | { state: 'skipped' | 'failed'; reason: string }
  | { state: 'retry'; reason: string }
  /** Not due yet after all (a reminder whose booking moved later the same day), or the mail budget is used up. */
  | { state: 'later'; nextAttemptAt: number; at?: number };

class Permanent extends Error {}

/**
 * Claims the job for this attempt: 'fresh' when its current lease was free (nobody has held it, so nobody can have
 * sent or moved the job since it was read), 'takeover' when a dead runner's lease was taken over (the job must be
 * read again: that runner may have finished after all), null when another runner holds it.
 */
async function claim(deps: RunnerDeps, job: MessageJobDoc, holder: string): Promise<'fresh' | 'takeover' | null> {
  const now = deps.now();
  const db = tenantDb(deps.models, job.companyId);
  const leases = db.messageLeases;
  const until = now + deps.config.messageJobs.leaseMs;
  if (await leases.claim(job._id, job.leaseSeq, holder, until)) return 'fresh';
  if (!(await leases.expired(job._id, job.leaseSeq, now))) return null;
  // Its holder is gone: take over with the next lease (racing takers may both raise the number; one inserts it).
  await db.MessageJob.updateOne({ _id: job._id, leaseSeq: job.leaseSeq }, { $set: { leaseSeq: job.leaseSeq + 1 } });
  return (await leases.claim(job._id, job.leaseSeq + 1, holder, until)) ? 'takeover' : null;
}

interface Parties {
  db: TenantDb;
  company: CompanyDoc;
  clinic: ClinicText;
  quota: number;
  /** Whether the clinic can be charged (a saved, unexpired card and no unpaid SMS bill), asked once per run. */
  chargeable(): Promise<boolean>;
  /** The platform administrator disabled or deleted the clinic: its messages are not sent. */
  closed: boolean;
  therapist: { _id: MessageJobDoc['therapistId']; nameFirst: string; nameLast: string; reminders?: boolean | null; reminderLeadHours?: number | null; followUp?: boolean | null; followUpText?: string | null; followUpCourse?: boolean | null; followUpTextCourse?: string | null };
  client: { _id: MessageJobDoc['clientId']; nameFirst: string; nameLast: string; email?: string | null; phonePrivate?: string | null; reminder?: boolean | null; followUp?: boolean | null; newsletter?: boolean | null } | null;
}

/** The clinic, the therapist and the newsletter of a run's jobs, read once per run (a newsletter's 2,000 jobs share them). */
type SenderCache = Map<string, Promise<unknown>>;

async function loadParties(deps: RunnerDeps, job: MessageJobDoc, senders: SenderCache): Promise<Parties | null> {
  const db = tenantDb(deps.models, job.companyId);
  const key = job.therapistId.toHexString();
  let sender = senders.get(key);
  if (!sender) {
    sender = Promise.all([db.Company.findOne({}).lean(), db.Therapist.findById(job.therapistId).lean()]);
    senders.set(key, sender);
  }
  const [[company, therapist], client] = (await Promise.all([
    sender,
    db.Client.findById(job.clientId, { nameFirst: 1, nameLast: 1, email: 1, phonePrivate: 1, reminder: 1, followUp: 1, newsletter: 1 }).lean(),
  ])) as [[CompanyDoc | null, TherapistDoc | null], Parties['client']];
  if (!company || !therapist) return null;
  const cardKey = `card:${job.companyId.toHexString()}`;
  return {
    db,
    company,
    chargeable: () => {
      let answer = senders.get(cardKey) as Promise<boolean> | undefined;
      if (!answer) {
        answer = hasChargeableCard(db, deps.payments, company._id, deps.now());
        senders.set(cardKey, answer);
      }
      return answer;
    },
    clinic: { name: company.companyName, address: clinicAddress(company) },
    quota: company.freeTextsPerMonth ?? 20,
    closed: company.isDisabled === true || !!company.deletedAt,
    therapist,
    client: client ?? null,
  };
}

/**
 * Sends one SMS if the platform may pay for it (see the header): every refusal is a skip with its reason, decided
 * before the gateway is asked, and a free SMS is taken before sending so that racing runners cannot pass the quota.
 */
async function sendSms(deps: RunnerDeps, job: MessageJobDoc, parties: Parties, text: string, kind: 'booking' | 'course'): Promise<Outcome> {
  const raw = parties.client?.phonePrivate?.trim() ?? '';
  if (!raw) return { state: 'skipped', reason: SKIP.noPhone };
  const to = normalizeSmsNumber(raw);
  if (!to) return { state: 'skipped', reason: SKIP.notSmsCapable };
  const { company, db } = parties;
  const now = deps.now();
  if (company.emailConfirmed === false) return { state: 'skipped', reason: SKIP.emailUnconfirmed };
  const paid = isPaidPlan(company, now);
  const danish = isDanishNumber(to);
  if (!danish) {
    if (!company.smsAbroad) return { state: 'skipped', reason: SKIP.foreignNumber };
    if (!paid || !(await parties.chargeable())) return { state: 'skipped', reason: SKIP.foreignNeedsCard };
  }
  if ((await takeSeat(deps.limiter, BUDGET_RULES.smsPerClinic, company._id.toHexString())) !== null) {
    await noteCapReached(deps, db, 'sms', now);
    return { state: 'skipped', reason: SKIP.clinicSmsCap };
  }
  if ((await takeSeat(deps.limiter, BUDGET_RULES.smsPerNumber, recipientKey(to))) !== null) return { state: 'skipped', reason: SKIP.numberSmsCap };
  const retried = job.attempts > 0 || job.leaseSeq > 0;
  // An SMS abroad is never one of the free ones: the gateway charges more for it.
  const free = danish && (await takeFreeSms(db, { jobId: job._id, therapistId: job.therapistId, at: now, quota: parties.quota, retried }));
  if (!free) {
    if (!paid) return { state: 'skipped', reason: SKIP.trialQuotaUsed };
    if (!(await parties.chargeable())) return { state: 'skipped', reason: SKIP.noCard };
  }
  const result = await deps.sms.send({ to, text, reference: job._id });
  if (result.status === 'rejected') {
    if (free) await giveBackFreeSms(db, { jobId: job._id, therapistId: job.therapistId, at: now });
    return { state: 'skipped', reason: result.reason || SKIP.notSmsCapable };
  }
  await recordSms(db, { jobId: job._id, therapistId: job.therapistId, kind, sentAt: deps.now(), quota: parties.quota, retried, free });
  return { state: 'sent' };
}

/** A mail job spends one recipient of the clinic's daily budget; when there is none left it waits for the next day. */
async function mailAllowed(deps: RunnerDeps, parties: Parties): Promise<Outcome | null> {
  const now = deps.now();
  const wait = await spendMailBudget(deps.limiter, parties.company, 1, now);
  if (wait === null) return null;
  await noteCapReached(deps, parties.db, 'mail', now);
  return { state: 'later', nextAttemptAt: now + wait * 1000 };
}

async function sendMail(deps: RunnerDeps, message: MailMessage): Promise<Outcome> {
  try {
    await deps.mailer.send(message);
    return { state: 'sent' };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    // 5xx for the recipient: the mail server will never take it.
    if (typeof code === 'number' && code >= 500 && code < 600) throw new Permanent(`Mailserveren afviste adressen (${code})`);
    throw error;
  }
}

const messageIdOf = (job: MessageJobDoc) => `<${job._id.replace(/[^A-Za-z0-9.:_-]/g, '-')}@klinik>`;

/** The Copenhagen day a reminder's job goes out on: the last part of its `_id` (planner.ts reminderJobId). */
const reminderDayOf = (job: MessageJobDoc) => {
  const last = job._id.slice(job._id.lastIndexOf(':') + 1);
  // A job planned before reminders were keyed by their day was keyed by the start: its day is the day it came due.
  return /^\d{4}-\d{2}-\d{2}$/.test(last) ? last : copenhagenDateKey(job.dueAt);
};

/**
 * Whether a reminder goes now, with the time its booking (or course day) has now: not when that time has passed; when
 * the booking moved later, beyond the lead time, it waits until then if that is still on the job's day, else it is
 * skipped (the planner makes that day's job, unless that start was reminded of already: planner.ts).
 */
function reminderTiming(deps: RunnerDeps, job: MessageJobDoc, parties: Parties, start: number): Outcome | null {
  const now = deps.now();
  if (start <= now) return { state: 'skipped', reason: SKIP.bookingGone };
  const due = start - reminderLeadMs(parties.therapist);
  if (due > now) return copenhagenDateKey(due) === reminderDayOf(job) ? { state: 'later', nextAttemptAt: due, at: start } : { state: 'skipped', reason: SKIP.bookingGone };
  return null;
}

/** A sent reminder records the time it named. */
const withTime = (at: number, outcome: Outcome): Outcome => (outcome.state === 'sent' ? { state: 'sent', at } : outcome);

async function deliver(deps: RunnerDeps, job: MessageJobDoc, senders: SenderCache): Promise<Outcome> {
  const parties = await loadParties(deps, job, senders);
  if (!parties) return { state: 'skipped', reason: SKIP.settingOff };
  if (parties.closed) return { state: 'skipped', reason: SKIP.clinicClosed };
  const { db, client, therapist } = parties;
  if (!client) return { state: 'skipped', reason: SKIP.clientGone };
  const therapistName = `${therapist.nameFirst} ${therapist.nameLast}`.trim();
  const clientName = `${client.nameFirst} ${client.nameLast}`.trim();
  // The sending therapist's booking page's 'Mine tider': the client asks for their sign-in link there.
  const portalLink = portalUrl(deps.config.appUrl, therapist._id);
  switch (job.kind) {
    case 'reminder': {
      if (!therapist.reminders || !client.reminder) return { state: 'skipped', reason: SKIP.settingOff };
      const booking = await db.Booking.findById(job.ref, { from: 1, treatmentName: 1, clientId: 1 }).lean();
      if (!booking || !booking.clientId.equals(job.clientId)) return { state: 'skipped', reason: SKIP.bookingGone };
      const timing = reminderTiming(deps, job, parties, booking.from);
      if (timing) return timing;
      return withTime(booking.from, await sendSms(deps, job, parties, reminderSms({ clinic: parties.clinic, at: booking.from, what: booking.treatmentName || null, therapistName, portalLink }), 'booking'));
    }
    case 'courseReminder': {
      if (!therapist.reminders || !client.reminder) return { state: 'skipped', reason: SKIP.settingOff };
      const [day, seat] = await Promise.all([
        db.EventDate.findById(job.ref, { from: 1, eventId: 1 }).lean(),
        db.EventDateClient.exists({ eventDateId: job.ref, clientId: job.clientId, isWaiting: false }),
      ]);
      if (!day || !seat) return { state: 'skipped', reason: SKIP.bookingGone };
      const timing = reminderTiming(deps, job, parties, day.from);
      if (timing) return timing;
      const course = await db.Event.findById(day.eventId, { title: 1 }).lean();
      return withTime(day.from, await sendSms(deps, job, parties, reminderSms({ clinic: parties.clinic, at: day.from, what: course?.title ?? null, therapistName, portalLink }), 'course'));
    }
    case 'followUp':
    case 'followUpCourse': {
      const course = job.kind === 'followUpCourse';
      const on = course ? therapist.followUpCourse : therapist.followUp;
      const text = (course ? therapist.followUpTextCourse : therapist.followUpText) ?? '';
      if (!on || !text || !client.followUp) return { state: 'skipped', reason: SKIP.settingOff };
      const still = course
        ? await db.EventDateClient.exists({ eventDateId: job.ref, clientId: job.clientId, isWaiting: false })
        : (await db.Booking.findById(job.ref, { clientId: 1 }).lean())?.clientId.equals(job.clientId);
      if (!still) return { state: 'skipped', reason: SKIP.bookingGone };
      if (!client.email) return { state: 'skipped', reason: SKIP.noEmail };
      const budget = await mailAllowed(deps, parties);
      if (budget) return budget;
      return sendMail(deps, followUpMail({ to: client.email, clientName, text, clinic: parties.clinic, therapistName, messageId: messageIdOf(job), portalLink }));
    }
    case 'newsletter': {
      if (!client.newsletter) return { state: 'skipped', reason: SKIP.unsubscribed };
      if (!client.email) return { state: 'skipped', reason: SKIP.noEmail };
      const key = `send:${job.ref.toHexString()}`;
      let sending = senders.get(key);
      if (!sending) {
        // exec(): a promise, awaited by every job of the run (a query run twice throws).
        sending = db.NewsletterSend.findById(job.ref, { subject: 1, html: 1 }).lean().exec();
        senders.set(key, sending);
      }
      const send = (await sending) as { subject: string; html: string } | null;
      if (!send) return { state: 'skipped', reason: SKIP.settingOff };
      const budget = await mailAllowed(deps, parties);
      if (budget) return budget;
      const token = unsubscribeToken(deps.tokens, job.clientId.toHexString(), job.companyId.toHexString());
      const unsubscribeUrl = `${deps.config.appUrl}/unsubscribe?clientId=${encodeURIComponent(token)}`;
      return sendMail(deps, newsletterMail({ to: client.email, subject: send.subject, html: send.html, clinic: parties.clinic, unsubscribeUrl, messageId: messageIdOf(job) }));
    }
    case 'waitlistOffer': {
      // Asked for by the client (on the waiting list), so no reminder or newsletter setting applies; only while it is open.
      const [offer, entry] = await Promise.all([db.WaitlistOffer.findById(offerIdOfMessageJob(job._id)).lean(), db.WaitlistEntry.findById(job.ref, { treatmentName: 1 }).lean()]);
      if (!offer || offer.state !== 'offered' || offer.expiresAt <= deps.now()) return { state: 'skipped', reason: SKIP.offerClosed };
      const text = { clinic: parties.clinic, at: offer.from, treatment: entry?.treatmentName ?? '', therapistName, link: offerUrl(deps.config.appUrl, offer.therapistId, offerToken(offer)) };
      if (job.channel === 'sms') return sendSms(deps, job, parties, waitlistOfferSms(text), 'booking');
      if (!client.email) return { state: 'skipped', reason: SKIP.noEmail };
      const budget = await mailAllowed(deps, parties);
      if (budget) return budget;
      return sendMail(deps, waitlistOfferMail({ ...text, to: client.email, clientName, messageId: messageIdOf(job) }));
    }
  }
}

/** Test hook (api/test/message-runner-kill.test.ts): a runner that stops for good before its n-th send. */
const pauseBefore = Number(process.env.KLINIK_TEST_MESSAGE_PAUSE_BEFORE_SEND ?? 0);
let sendsStarted = 0;

async function runOne(deps: RunnerDeps, candidate: MessageJobDoc, holder: string, result: RunResult, senders: SenderCache): Promise<boolean> {
  const claimed = await claim(deps, candidate, holder);
  if (!claimed) return false;
  // Read and updated in its clinic: on the embedded database `{_id, companyId}` is served by the `_id` index too.
  const jobs = tenantDb(deps.models, candidate.companyId).MessageJob;
  const job = claimed === 'fresh' ? candidate : await jobs.findById(candidate._id).lean();
  const update = (set: Record<string, unknown>) => jobs.updateOne({ _id: candidate._id }, { $set: set });
  const now = deps.now();
  if (!job || job.state !== 'pending' || job.nextAttemptAt > now) return false;
  sendsStarted += 1;
  if (pauseBefore > 0 && sendsStarted >= pauseBefore) {
    process.stdout.write(`paused ${job._id}\n`);
    await new Promise(() => {});
  }
  let outcome: Outcome;
  try {
    outcome = await deliver(deps, job, senders);
  } catch (error) {
    if (error instanceof Permanent) outcome = { state: 'failed', reason: error.message };
    else {
      // The therapist reads the reason (Danish); the log keeps the provider's own words.
      const reason = error instanceof SmsTransientError ? 'SMS-tjenesten kunne ikke sende beskeden' : 'Mailserveren kunne ikke sende beskeden';
      deps.logger.warn({ err: error, job: job._id }, 'message send failed; retried later');
      outcome = { state: 'retry', reason };
    }
  }
  const finished = deps.now();
  if (outcome.state === 'later') {
    // Not an attempt: the job waits, under a new lease number, for its time or the budget's next window.
    const set: Record<string, unknown> = { nextAttemptAt: outcome.nextAttemptAt, leaseSeq: job.leaseSeq + 1 };
    if (outcome.at !== undefined) set.at = outcome.at;
    await update(set);
    result.retried += 1;
    return false;
  }
  if (outcome.state === 'retry') {
    const attempts = job.attempts + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    if (delay === undefined) {
      await update({ state: 'failed', attempts, reason: `${SKIP.gaveUp}: ${outcome.reason}`, finishedAt: finished });
      result.failed += 1;
    } else {
      await update({ attempts, nextAttemptAt: finished + delay, leaseSeq: job.leaseSeq + 1, reason: outcome.reason });
      result.retried += 1;
    }
    return delay === undefined;
  }
  const set: Record<string, unknown> = { state: outcome.state, attempts: job.attempts + 1, finishedAt: finished, reason: outcome.state === 'sent' ? '' : outcome.reason };
  if (outcome.state === 'sent') {
    set.sentAt = finished;
    if (outcome.at !== undefined) set.at = outcome.at;
  }
  await update(set);
  result[outcome.state] += 1;
  return true;
}

/**
 * Sends what is due, batch after batch, until nothing due is left that this runner could claim, or `budgetMs` has
 * passed (the next run goes on). `concurrency` messages at a time: the throttle for the mail server and the gateway.
 */
export async function runDueMessages(deps: RunnerDeps, holder: string, budgetMs = 30_000): Promise<RunResult> {
  const result: RunResult = { sent: 0, skipped: 0, failed: 0, retried: 0 };
  const { batchSize, concurrency } = deps.config.messageJobs;
  const limit = pLimit(concurrency);
  const started = Date.now();
  const tried = new Set<string>();
  const senders: SenderCache = new Map();
  while (Date.now() - started < budgetMs) {
    const due = (await deps.models.MessageJob.find({ state: 'pending', nextAttemptAt: { $lte: deps.now() } })
      .sort({ nextAttemptAt: 1 })
      .limit(batchSize + tried.size)
      .setOptions({ crossTenant: WHY })
      .lean()) as MessageJobDoc[];
    const fresh = due.filter((job) => !tried.has(job._id)).slice(0, batchSize);
    if (fresh.length === 0) break;
    for (const job of fresh) tried.add(job._id);
    await Promise.all(
      fresh.map((job) =>
        limit(async () => {
          // Remembered only while it may still be pending here (claimed elsewhere, or waiting for a retry).
          const finished = await runOne(deps, job, holder, result, senders).catch((error: unknown) => {
            deps.logger.error({ err: error, job: job._id }, 'message job failed');
            return false;
          });
          if (finished) tried.delete(job._id);
        }),
      ),
    );
  }
  return result;
}

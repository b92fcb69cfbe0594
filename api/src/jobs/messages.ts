/**
 * The message jobs: every MESSAGE_JOBS_EVERY_MS the runner sends what is due (jobs/message-runner.ts);
 * every minute (10 s outside production) the planner first turns new bookings, course days and newsletter sendings
 * into jobs (domain/contact/planner.ts). Any number of API processes run both: planning is idempotent by the jobs'
 * deterministic ids, sending by their leases. A newsletter sending wakes the runner at once (services.wakeMessages).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Types } from 'mongoose';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { dueFollowUpEnds, finishSendIfDone, followUpCandidates, insertJobs, prepareSend, reminderCandidates, reminderLeadMs, type PlannedJob, type SettingsOf } from '../domain/contact/planner.js';
import type { Models, NewsletterSendDoc } from '../models/index.js';
import { deleteInBatches } from '../data/delete-in-batches.js';
import { runDueMessages, type RunResult } from './message-runner.js';
import { startRepeating, type RepeatingJob } from './repeat.js';
import { offerFreedTimes } from './waitlist.js';

const WHY = 'the message planner looks for the clinics whose settings make messages';

/** One planning run over every clinic (domain/contact/planner.ts): what became due is made into jobs. */
export async function planMessages(deps: { models: Models; now(): number; logger: Logger }): Promise<number> {
  const now = deps.now();
  let planned = 0;
  const therapists = (await deps.models.Therapist.find({ isActive: { $ne: false }, $or: [{ reminders: true }, { followUp: true }, { followUpCourse: true }] })
    .setOptions({ crossTenant: WHY })
    .lean()) as (SettingsOf & { companyId: Types.ObjectId })[];
  for (const therapist of therapists) {
    const db = tenantDb(deps.models, therapist.companyId);
    try {
      const company = await db.Company.findOne({}, { isDisabled: 1 }).lean();
      if (!company || company.isDisabled) continue;
      const jobs: PlannedJob[] = [];
      if (therapist.reminders) {
        jobs.push(...(await reminderCandidates(db, therapist, { after: now, until: now + reminderLeadMs(therapist) }, now)));
      }
      if (therapist.followUp) jobs.push(...(await followUpCandidates(db, therapist, false, dueFollowUpEnds(therapist.followUpTime ?? 7, therapist.followUpSince, now))));
      if (therapist.followUpCourse) jobs.push(...(await followUpCandidates(db, therapist, true, dueFollowUpEnds(therapist.followUpTimeCourse ?? 7, therapist.followUpCourseSince, now))));
      planned += await insertJobs(db, jobs);
    } catch (error) {
      deps.logger.error({ err: error, companyId: therapist.companyId }, 'planning messages failed for a therapist');
    }
  }
  const sends = (await deps.models.NewsletterSend.find({ state: { $in: ['preparing', 'sending'] } })
    .setOptions({ crossTenant: 'the message planner finishes the newsletter sendings of every clinic' })
    .lean()) as NewsletterSendDoc[];
  for (const send of sends) {
    const db = tenantDb(deps.models, send.companyId);
    if (send.state === 'preparing') planned += await prepareSend(db, send, now);
    else await finishSendIfDone(db, send._id, now);
  }
  return planned;
}

/** How long the list of sent messages goes back: a year and a month (the SMS year to date is in SmsUsage). */
export const MESSAGE_HISTORY_MS = 400 * 24 * 3_600_000;

/** Finished messages and newsletter sendings older than MESSAGE_HISTORY_MS (the sweeper). */
export async function sweepOldMessages(models: Models, now: number): Promise<number> {
  const before = now - MESSAGE_HISTORY_MS;
  const options = { crossTenant: 'the sweeper removes old finished messages of every clinic' };
  const jobs = await deleteInBatches(models.MessageJob, { state: { $in: ['sent', 'skipped', 'failed'] }, finishedAt: { $lt: before } }, options);
  const sends = await deleteInBatches(models.NewsletterSend, { state: 'done', finishedAt: { $lt: before } }, options);
  return jobs + sends;
}

type MessageServices = Pick<Services, 'models' | 'mailer' | 'sms' | 'tokens' | 'config' | 'logger' | 'clock' | 'limiter' | 'payments'>;

/** One planning and one sending run, now (the repeating job, /dev/clock and the tests). */
export async function runMessageJobs(services: MessageServices, holder: string, options: { plan?: boolean } = {}): Promise<RunResult & { planned: number }> {
  const now = () => services.clock.now();
  // Offers from the waiting list first, so their messages go out in this very run.
  const offered = options.plan === false ? 0 : await offerFreedTimes({ models: services.models, now, logger: services.logger });
  const planned = options.plan === false ? 0 : offered + (await planMessages({ models: services.models, now, logger: services.logger }));
  const { models, mailer, sms, tokens, limiter, payments, config, logger } = services;
  const result = await runDueMessages({ models, mailer, sms, tokens, limiter, payments, config, logger, now }, holder);
  return { planned, ...result };
}

export function startMessageJobs(services: MessageServices & Pick<Services, 'wakeMessages'>, logger: Logger): RepeatingJob {
  const holder = `${process.pid}:${randomUUID()}`;
  const planEveryMs = services.config.production ? 60_000 : 10_000;
  let plannedAt = 0;
  const job = startRepeating(
    'messages',
    { everyMs: services.config.messageJobs.everyMs, firstAfterMs: 1_000 },
    async () => {
      const plan = Date.now() - plannedAt >= planEveryMs;
      if (plan) plannedAt = Date.now();
      const result = await runMessageJobs(services, holder, { plan });
      return result.planned + result.sent + result.skipped + result.failed + result.retried > 0 ? result : undefined;
    },
    logger,
  );
  services.wakeMessages = () => job.trigger();
  return job;
}

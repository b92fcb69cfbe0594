/**
 * What a therapist sees of the messages: scheduled (what the planner will make in the next 7 days, and
 * the jobs waiting to be sent or retried), sent/skipped/failed, and the SMS usage of the month and the clinic's year.
 * A therapist sees their own; the owner the clinic's (the models' owner rule).
 */
import { copenhagenWallTime, isPaidPlan, type MessageItem, type ParsedInput, type SmsRestriction, type SmsUsage, messageSkipReasons as SKIP, VAT_RATE_PERCENT } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { CompanyDoc, MessageJobDoc, TherapistDoc } from '../../models/index.js';
import { hasChargeableCard } from './outbound.js';
import { dueFollowUpEnds, followUpCandidates, reminderCandidates, reminderLeadMs, type PlannedJob } from './planner.js';
import { smsMonth, yearToDate } from './sms-ledger.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AHEAD = 7 * DAY;
const SCHEDULED_MAX = 300;

async function therapistNames(ctx: TherapistContext): Promise<Map<string, string>> {
  const therapists = await ctx.db.Therapist.find({}, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(therapists.map((therapist) => [therapist._id.toHexString(), `${therapist.nameFirst} ${therapist.nameLast}`.trim()]));
}

function itemOf(job: Pick<MessageJobDoc, '_id' | 'kind' | 'channel' | 'clientId' | 'recipient' | 'to' | 'dueAt' | 'therapistId'> & Partial<MessageJobDoc>, names: Map<string, string>, scheduled: boolean): MessageItem {
  return {
    id: job._id,
    kind: job.kind,
    channel: job.channel,
    clientId: (job.clientId).toHexString(),
    recipient: job.recipient ?? '',
    to: job.to ?? '',
    dueAt: scheduled ? (job.nextAttemptAt ?? job.dueAt) : job.dueAt,
    state: scheduled ? 'scheduled' : (job.state as MessageItem['state']),
    sentAt: job.sentAt ?? null,
    reason: job.reason ?? '',
    attempts: job.attempts ?? 0,
    therapistName: names.get((job.therapistId).toHexString()) ?? '',
  };
}

/** The messages the planner will make in the next 7 days for these therapists (not yet jobs). */
async function upcoming(ctx: TherapistContext, therapists: TherapistDoc[], now: number): Promise<PlannedJob[]> {
  const jobs: PlannedJob[] = [];
  for (const therapist of therapists) {
    if (therapist.reminders) {
      const lead = reminderLeadMs(therapist);
      jobs.push(...(await reminderCandidates(ctx.db, therapist, { after: now + lead, until: now + lead + AHEAD }, now)));
    }
    for (const course of [false, true]) {
      const on = course ? therapist.followUpCourse : therapist.followUp;
      if (!on) continue;
      const days = (course ? therapist.followUpTimeCourse : therapist.followUpTime) ?? 7;
      const due = dueFollowUpEnds(days, course ? therapist.followUpCourseSince : therapist.followUpSince, now);
      jobs.push(...(await followUpCandidates(ctx.db, therapist, course, { after: Math.max(due.until, due.after), until: now - days * DAY + AHEAD })));
    }
  }
  return jobs;
}

export async function scheduledMessages(ctx: TherapistContext): Promise<MessageItem[]> {
  const now = ctx.now();
  const names = await therapistNames(ctx);
  const therapists = (ctx.isOwner ? await ctx.db.Therapist.find({ isActive: { $ne: false } }).lean() : [ctx.therapist]);
  const [pending, planned] = await Promise.all([
    ctx.db.MessageJob.find({ state: 'pending' }).sort({ nextAttemptAt: 1 }).limit(SCHEDULED_MAX).lean() as Promise<MessageJobDoc[]>,
    upcoming(ctx, therapists, now),
  ]);
  const seen = new Set(pending.map((job) => job._id));
  const items = [...pending.map((job) => itemOf(job, names, true)), ...planned.filter((job) => !seen.has(job._id)).map((job) => itemOf(job, names, true))];
  return items.sort((a, b) => a.dueAt - b.dueAt).slice(0, SCHEDULED_MAX);
}

export async function sentMessages(ctx: TherapistContext, input: ParsedInput<'getSentMessages'>): Promise<{ data: MessageItem[]; total: number }> {
  const filter: Record<string, unknown> = { state: { $in: ['sent', 'skipped', 'failed'] } };
  if (input.kind) filter.kind = input.kind;
  const [names, total, jobs] = await Promise.all([
    therapistNames(ctx),
    ctx.db.MessageJob.countDocuments(filter),
    ctx.db.MessageJob.find(filter)
      .sort({ finishedAt: -1, _id: 1 })
      .skip((input.page - 1) * input.size)
      .limit(input.size)
      .lean() as Promise<MessageJobDoc[]>,
  ]);
  return { total, data: jobs.map((job) => itemOf(job, names, false)) };
}

/** What holds the clinic's SMS back now (the runner's rules, message-runner.ts sendSms). */
async function smsRestrictions(ctx: TherapistContext, company: CompanyDoc, now: number): Promise<SmsRestriction[]> {
  const restrictions: SmsRestriction[] = [];
  if (company.emailConfirmed === false) restrictions.push('emailUnconfirmed');
  if (!isPaidPlan(company, now)) restrictions.push('trial');
  else if (!(await hasChargeableCard(ctx.db, ctx.services.payments, company._id, now))) restrictions.push('noCard');
  return restrictions;
}

export async function smsUsage(ctx: TherapistContext, company: CompanyDoc = ctx.company): Promise<SmsUsage> {
  const now = ctx.now();
  const { month, year } = smsMonth(now);
  const monthStart = copenhagenWallTime(year, Number(month.slice(5, 7)), 1);
  const me = ctx.therapist._id;
  const [freeUsed, paid, skipped, ytd] = await Promise.all([
    ctx.db.SmsUsage.countDocuments({ therapistId: me, month, free: true }),
    ctx.db.SmsUsage.countDocuments({ therapistId: me, month, free: false }),
    ctx.db.MessageJob.countDocuments({ therapistId: me, channel: 'sms', state: 'skipped', reason: SKIP.notSmsCapable, finishedAt: { $gte: monthStart } }),
    yearToDate(ctx.db, year),
  ]);
  const paidAmountOre = (await ctx.db.SmsUsage.find({ therapistId: me, month, free: false }, { priceOre: 1 }).lean()).reduce((sum, row) => sum + (row.priceOre ?? 0), 0);
  return {
    month,
    quota: ctx.company.freeTextsPerMonth ?? 20,
    freeUsed,
    paid,
    paidAmountOre,
    paidAmountWithVatOre: Math.round((paidAmountOre * (100 + VAT_RATE_PERCENT)) / 100),
    skipped,
    year,
    ...ytd,
    smsAbroad: company.smsAbroad === true,
    restrictions: await smsRestrictions(ctx, company, now),
  };
}

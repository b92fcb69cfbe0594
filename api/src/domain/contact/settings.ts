/** Follow-up and SMS-reminder settings on the therapist (spec 2, Follow-up settings on the therapist). */
import { contactMessages as M, DEFAULT_REMINDER_LEAD_HOURS, isPaidPlan, type ContactSettings, type ParsedInput, type SmsUsage } from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';
import { smsUsage } from './messages.js';
import { hasChargeableCard } from './outbound.js';
import { clinicAddress } from './texts.js';

export function settingsView(therapist: Partial<TherapistDoc>, company: CompanyDoc): ContactSettings {
  return {
    followUp: therapist.followUp === true,
    followUpText: therapist.followUpText ?? '',
    followUpTime: therapist.followUpTime ?? 7,
    followUpCourse: therapist.followUpCourse === true,
    followUpTextCourse: therapist.followUpTextCourse ?? '',
    followUpTimeCourse: therapist.followUpTimeCourse ?? 7,
    reminders: therapist.reminders === true,
    reminderLeadHours: therapist.reminderLeadHours ?? DEFAULT_REMINDER_LEAD_HOURS,
    clinicName: company.companyName,
    clinicAddress: clinicAddress(company),
  };
}

export async function getSettings(ctx: TherapistContext): Promise<ContactSettings> {
  return settingsView(ctx.therapist, ctx.company);
}

/** Saves; a follow-up switched on starts counting from now (followUpSince): nothing due before is sent. */
export async function saveSettings(ctx: TherapistContext, input: ParsedInput<'saveFollowUpSettings'>): Promise<{ message: string; data: ContactSettings }> {
  const now = ctx.now();
  const before = ctx.therapist;
  const set: Record<string, unknown> = { ...input };
  if (input.followUp && before.followUp !== true) set.followUpSince = now;
  if (input.followUpCourse && before.followUpCourse !== true) set.followUpCourseSince = now;
  await ctx.db.Therapist.updateOne({ _id: ctx.therapist._id }, { $set: set });
  return { message: M.settingsSaved, data: settingsView({ ...before, ...input }, ctx.company) };
}

/**
 * The clinic's SMS settings: SMS to numbers outside Denmark cost the platform more and are where toll
 * fraud goes, so they are off unless the owner opts in, and switching them on needs a paid plan and a chargeable
 * card (the runner checks both again at every SMS). Switching off is always allowed.
 */
export async function saveSmsSettings(ctx: OwnerContext, input: ParsedInput<'setSmsSettings'>): Promise<SmsUsage> {
  const now = ctx.now();
  if (input.smsAbroad) {
    if (!isPaidPlan(ctx.company, now)) throw new ConflictError(M.smsAbroadNeedsPaidPlan);
    if (!(await hasChargeableCard(ctx.db, ctx.services.payments, ctx.company._id, now))) throw new ConflictError(M.smsAbroadNeedsCard);
  }
  await ctx.db.Company.updateOne({}, { $set: { smsAbroad: input.smsAbroad } });
  return smsUsage(ctx, { ...ctx.company, smsAbroad: input.smsAbroad });
}

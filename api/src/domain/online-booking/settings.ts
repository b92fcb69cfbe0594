/**
 * The therapist's online-booking settings (spec 2, /Onlinereservation): the form on or off, the confirmation mail, and
 * for 'Mine tider' the notice for cancelling and moving (hours before) and whether the therapist is mailed then; beside
 * them the clinic's one rule for journals in a client's data export, which only the owner changes.
 */
import { DEFAULT_CANCEL_NOTICE_HOURS, messages, type ActionOutput, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';

type OnlineBookingSettings = ActionOutput<'getOnlineBookingSettings'>['data'];

export function bookingSettingsOf(
  therapist: Pick<TherapistDoc, 'bookingFormEnabled' | 'bookingMail' | 'bookingMailText' | 'cancelNoticeHours' | 'portalChangeMail'>,
  company: Pick<CompanyDoc, 'portalJournalExport'>,
): OnlineBookingSettings {
  return {
    bookingFormEnabled: therapist.bookingFormEnabled !== false,
    bookingMail: Boolean(therapist.bookingMail),
    bookingMailText: therapist.bookingMailText ?? '',
    cancelNoticeHours: therapist.cancelNoticeHours ?? DEFAULT_CANCEL_NOTICE_HOURS,
    portalChangeMail: therapist.portalChangeMail !== false,
    journalExport: company.portalJournalExport === 'included' ? 'included' : 'on-request',
  };
}

/** Changes the given settings only (a switch and the mail text are saved separately). */
export async function changeBookingSettings(ctx: TherapistContext, input: ParsedInput<'setOnlineBookingSettings'>): Promise<OnlineBookingSettings> {
  const { journalExport, ...own } = input;
  if (journalExport !== undefined && !ctx.therapist.isAdmin) throw new ForbiddenError(messages.forbidden);
  const changes = Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined));
  const updated = Object.keys(changes).length
    ? await ctx.db.Therapist.findOneAndUpdate({ _id: ctx.therapist._id }, { $set: changes }, { returnDocument: 'after' }).lean()
    : ctx.therapist;
  const company =
    journalExport !== undefined ? await ctx.db.Company.findOneAndUpdate({}, { $set: { portalJournalExport: journalExport } }, { returnDocument: 'after' }).lean() : ctx.company;
  return bookingSettingsOf(updated ?? ctx.therapist, company ?? ctx.company);
}

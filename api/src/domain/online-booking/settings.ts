/** The therapist's online-booking settings (spec 2, /Onlinereservation): the form on or off, the confirmation mail. */
import type { ActionOutput, ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TherapistDoc } from '../../models/index.js';

type OnlineBookingSettings = ActionOutput<'getOnlineBookingSettings'>['data'];

export function bookingSettingsOf(therapist: Pick<TherapistDoc, 'bookingFormEnabled' | 'bookingMail' | 'bookingMailText'>): OnlineBookingSettings {
  return { bookingFormEnabled: therapist.bookingFormEnabled !== false, bookingMail: Boolean(therapist.bookingMail), bookingMailText: therapist.bookingMailText ?? '' };
}

/** Changes the given settings only (a switch and the mail text are saved separately). */
export async function changeBookingSettings(ctx: TherapistContext, input: ParsedInput<'setOnlineBookingSettings'>): Promise<OnlineBookingSettings> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const updated = await ctx.db.Therapist.findOneAndUpdate({ _id: ctx.therapist._id }, { $set: changes }, { returnDocument: 'after' }).lean();
  return bookingSettingsOf(updated ?? ctx.therapist);
}

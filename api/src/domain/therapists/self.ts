/** What every therapist sets for themselves, and only for themselves: availability, name, phone, colours. */
import { therapistMessages, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError } from '../../errors.js';

export async function setOwnAvailability(ctx: TherapistContext, { therapistId, isAvailable }: ParsedInput<'setTherapistAvailable'>) {
  // The call carries the id (spec 3 §6); it must be the caller's own, the owner included.
  if (therapistId !== ctx.therapistId) throw new ForbiddenError(therapistMessages.ownAvailabilityOnly);
  await ctx.db.Therapist.updateOne({ _id: ctx.therapist._id }, { $set: { isAvailable } });
  return { message: isAvailable ? therapistMessages.availableOn : therapistMessages.availableOff, data: { isAvailable } };
}

export async function setOwnProfile(ctx: TherapistContext, input: ParsedInput<'setTherapist'>) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await ctx.db.Therapist.updateOne({ _id: ctx.therapist._id }, { $set: changes });
  return { message: therapistMessages.profileSaved };
}

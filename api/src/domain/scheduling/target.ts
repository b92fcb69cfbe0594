/**
 * Whose calendar a call is about: the caller's own, or, for the owner, another therapist of the same clinic.
 * The therapist is looked up through the clinic-scoped data access, so another clinic's id is simply not found.
 */
import { Types } from 'mongoose';
import { messages, schedulingMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import type { TherapistDoc } from '../../models/index.js';

export async function targetTherapist(ctx: TherapistContext, therapistId?: string): Promise<TherapistDoc> {
  if (!therapistId || therapistId === ctx.therapistId) return ctx.therapist;
  if (!ctx.isOwner) throw new ForbiddenError(schedulingMessages.otherTherapistOwnerOnly);
  const therapist = await ctx.db.Therapist.findById(new Types.ObjectId(therapistId)).lean();
  if (!therapist) throw new NotFoundError(messages.notFound);
  return therapist;
}

/** Whether the caller may change something that belongs to `ownerId` (their own, or anything as the owner). */
export function mayChange(ctx: TherapistContext, ownerId: Types.ObjectId): boolean {
  return ctx.isOwner || ownerId.equals(ctx.therapist._id);
}

export function assertMayChange(ctx: TherapistContext, ownerId: Types.ObjectId): void {
  if (!mayChange(ctx, ownerId)) throw new ForbiddenError(schedulingMessages.otherTherapistOwnerOnly);
}

/**
 * Whose calendar a call is about: the caller's own, or, for the owner, another therapist of the same clinic.
 * The therapist is always looked up inside the caller's company, so another clinic's id is simply not found.
 */
import { Types } from 'mongoose';
import { messages, schedulingMessages } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import type { TherapistDoc } from '../../models/index.js';

export async function targetTherapist(ctx: ActionContext, therapistId?: string): Promise<TherapistDoc> {
  if (!therapistId || therapistId === ctx.therapistId) return ctx.therapist;
  if (!ctx.therapist.isAdmin) throw new ForbiddenError(schedulingMessages.otherTherapistOwnerOnly);
  const therapist = await ctx.models.Therapist.findOne({ _id: new Types.ObjectId(therapistId), companyId: ctx.company._id }).lean();
  if (!therapist) throw new NotFoundError(messages.notFound);
  return therapist;
}

/** Whether the caller may change something that belongs to `ownerId` (their own, or anything as the owner). */
export function mayChange(ctx: ActionContext, ownerId: Types.ObjectId): boolean {
  return ctx.therapist.isAdmin === true || ownerId.equals(ctx.therapist._id);
}

export function assertMayChange(ctx: ActionContext, ownerId: Types.ObjectId): void {
  if (!mayChange(ctx, ownerId)) throw new ForbiddenError(schedulingMessages.otherTherapistOwnerOnly);
}

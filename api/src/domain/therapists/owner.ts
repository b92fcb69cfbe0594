/**
 * Owner handover (spec 3 §4 Owner handover, §6): the owner re-enters their password, picks an active colleague who
 * has set a password, and the role moves. One handover per owner session (`OwnerChange` `_id` claim), so two at once
 * cannot make two owners. The old owner's sessions end at once: their old token is refused on its next call (and
 * would carry no owner rights anyway, since rights are read from the record on every call).
 */
import { Types } from 'mongoose';
import { therapistMessages } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, ValidationError } from '../../errors.js';
import { confirmPassword } from '../accounts/sessions.js';

export async function handOverOwnership(ctx: OwnerContext, therapistId: string, password: string) {
  await confirmPassword(ctx, password);
  if (therapistId === ctx.therapistId) throw new ValidationError(therapistMessages.notToSelf, { therapistId: therapistMessages.notToSelf });
  const target = await ctx.db.Therapist.findOne({ _id: new Types.ObjectId(therapistId), deletedAt: null, isActive: true, passwordHash: { $ne: null } }).lean();
  if (!target) throw new ValidationError(therapistMessages.chooseAdministrator, { therapistId: therapistMessages.chooseAdministrator });
  try {
    await ctx.db.OwnerChange.create({ _id: `${ctx.companyId}:${ctx.therapistId}:${ctx.therapist.tokenVersion ?? 0}`, from: ctx.therapist._id, to: target._id, createdAt: ctx.now() });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(therapistMessages.ownerHandedOver);
    throw error;
  }
  // The new owner first: the clinic is never without one. Their own therapist subscription is the clinic's plan now.
  await ctx.db.Therapist.updateOne({ _id: target._id }, { $set: { isAdmin: true, isActive: true } });
  await ctx.db.Therapist.updateOne({ _id: ctx.therapist._id }, { $set: { isAdmin: false }, $inc: { tokenVersion: 1 } });
  return { message: therapistMessages.ownerHandedOver };
}

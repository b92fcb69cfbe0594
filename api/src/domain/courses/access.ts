/** Reaching a course or a course day: the Event and EventDate rules (the owner any of the clinic's, a therapist their own). */
import { Types } from 'mongoose';
import { messages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { EventDateDoc, EventDoc } from '../../models/index.js';

export async function findCourse(ctx: TherapistContext, id: string | Types.ObjectId): Promise<EventDoc> {
  const course = await ctx.db.Event.findById(new Types.ObjectId(id)).lean();
  if (!course) throw new NotFoundError(messages.notFound);
  return course;
}

export async function findDate(ctx: TherapistContext, id: string | Types.ObjectId): Promise<EventDateDoc> {
  const date = await ctx.db.EventDate.findById(new Types.ObjectId(id)).lean();
  if (!date) throw new NotFoundError(messages.notFound);
  return date;
}

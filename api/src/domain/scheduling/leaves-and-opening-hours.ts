/** Leaves and opening hours of a therapist's calendar. Leaves claim their time like bookings do. */
import { Types } from 'mongoose';
import { expandWeeklyPattern, MAX_LEAVE_MS, messages, type Leave, type OpeningHours, type ParsedInput, type WeeklyPattern } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { LeaveDoc, OpeningHoursDoc, TherapistDoc } from '../../models/index.js';
import { heldTime, noteFreedTime } from '../waitlist/freed-times.js';
import { overlapFilter } from './ranges.js';
import { assertMayChange, targetTherapist } from './target.js';

const DAY_MS = 24 * 3600_000;

export function toLeaveView(leave: LeaveDoc): Leave {
  return { id: leave._id.toString(), therapistId: leave.therapistId.toString(), from: leave.from, to: leave.to, reason: leave.reason };
}

export function toOpeningHoursView(hours: OpeningHoursDoc): OpeningHours {
  return { id: hours._id.toString(), therapistId: hours.therapistId.toString(), from: hours.from, to: hours.to };
}

export async function listLeaves(ctx: TherapistContext, input: ParsedInput<'getLeavesForDay'>): Promise<Leave[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const leaves = await ctx.db.Leave.find(overlapFilter(therapist._id, input, MAX_LEAVE_MS)).sort({ from: 1 }).lean();
  return leaves.map(toLeaveView);
}

export async function addLeave(ctx: TherapistContext, input: ParsedInput<'addLeave'>): Promise<Leave> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const id = new Types.ObjectId();
  const leave = await ctx.db.slots.claimFor(therapist._id, input, id, 'leave', ctx.now(), () =>
    ctx.db.Leave.create({ _id: id, therapistId: therapist._id, from: input.from, to: input.to, reason: input.reason }),
  );
  return toLeaveView(leave.toObject());
}

export async function removeLeave(ctx: TherapistContext, id: string): Promise<void> {
  // Visible means the caller's own, or any of the clinic's for the owner (the model's rule).
  const leave = await ctx.db.Leave.findById(new Types.ObjectId(id)).lean();
  if (!leave) throw new NotFoundError(messages.notFound);
  assertMayChange(ctx, leave.therapistId);
  await ctx.db.Leave.deleteOne({ _id: leave._id });
  await ctx.db.slots.release(leave._id);
  await noteFreedTime(ctx.db, heldTime(leave), ctx.now(), ctx.services.logger);
}

export async function listOpeningHours(ctx: TherapistContext, input: ParsedInput<'getOpeningHoursFromTherapist'>): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const hours = await ctx.db.OpeningHours.find(overlapFilter(therapist._id, input, DAY_MS)).sort({ from: 1 }).lean();
  return hours.map(toOpeningHoursView);
}

/** Inserts intervals, leaving out exact repeats of ones the therapist already has. */
async function insertOpeningHours(ctx: TherapistContext, therapist: TherapistDoc, intervals: { from: number; to: number }[]): Promise<OpeningHours[]> {
  if (intervals.length === 0) return [];
  const first = intervals[0]!.from;
  const last = intervals[intervals.length - 1]!.to;
  const existing = await ctx.db.OpeningHours.find({ therapistId: therapist._id, from: { $gte: first, $lt: last } }, { from: 1, to: 1 }).lean();
  const known = new Set(existing.map((hours) => `${hours.from}-${hours.to}`));
  const fresh = intervals.filter((interval) => !known.has(`${interval.from}-${interval.to}`));
  if (fresh.length === 0) return [];
  const now = ctx.now();
  const inserted = await ctx.db.OpeningHours.insertMany(fresh.map((interval) => ({ therapistId: therapist._id, from: interval.from, to: interval.to, createdAt: now })));
  return inserted.map((doc) => toOpeningHoursView(doc.toObject()));
}

export async function addOpeningHours(ctx: TherapistContext, input: ParsedInput<'addOpeningHours'>): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  return insertOpeningHours(ctx, therapist, [{ from: input.from, to: input.to }]);
}

export async function addWeeklyOpeningHours(ctx: TherapistContext, pattern: WeeklyPattern, therapistId?: string): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, therapistId);
  const intervals = expandWeeklyPattern(pattern);
  if (intervals.length === 0) throw new ValidationError('Mønstret giver ingen åbningstider. Tjek startdato og tidsrum.', { pattern: 'Mønstret giver ingen åbningstider' });
  return insertOpeningHours(ctx, therapist, intervals);
}

export async function removeOpeningHours(ctx: TherapistContext, id: string): Promise<void> {
  const hours = await ctx.db.OpeningHours.findById(new Types.ObjectId(id)).lean();
  if (!hours) throw new NotFoundError(messages.notFound);
  await ctx.db.OpeningHours.deleteOne({ _id: hours._id });
}

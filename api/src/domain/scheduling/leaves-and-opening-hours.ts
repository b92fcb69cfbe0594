/** Leaves and opening hours of a therapist's calendar. Leaves claim their time like bookings do. */
import { Types } from 'mongoose';
import { expandWeeklyPattern, MAX_LEAVE_MS, messages, type Leave, type OpeningHours, type ParsedInput, type WeeklyPattern } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { LeaveDoc, OpeningHoursDoc, TherapistDoc } from '../../models/index.js';
import { claimIds, claimUnits, releaseUnits } from './claims.js';
import { overlapFilter } from './ranges.js';
import { assertMayChange, targetTherapist } from './target.js';

const DAY_MS = 24 * 3600_000;

export function toLeaveView(leave: LeaveDoc): Leave {
  return { id: leave._id.toString(), therapistId: leave.therapistId.toString(), from: leave.from, to: leave.to, reason: leave.reason };
}

export function toOpeningHoursView(hours: OpeningHoursDoc): OpeningHours {
  return { id: hours._id.toString(), therapistId: hours.therapistId.toString(), from: hours.from, to: hours.to };
}

export async function listLeaves(ctx: ActionContext, input: ParsedInput<'getLeavesForDay'>): Promise<Leave[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const leaves = await ctx.models.Leave.find(overlapFilter(ctx.company._id, therapist._id, input, MAX_LEAVE_MS)).sort({ from: 1 }).lean();
  return leaves.map(toLeaveView);
}

export async function addLeave(ctx: ActionContext, input: ParsedInput<'addLeave'>): Promise<Leave> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const id = new Types.ObjectId();
  await claimUnits(ctx.models, claimIds(ctx.company._id, therapist._id, input.from, input.to), id, 'leave', ctx.now());
  const leave = await ctx.models.Leave.create({ _id: id, companyId: ctx.company._id, therapistId: therapist._id, from: input.from, to: input.to, reason: input.reason });
  return toLeaveView(leave.toObject());
}

export async function removeLeave(ctx: ActionContext, id: string): Promise<void> {
  const leave = await ctx.models.Leave.findOne({ _id: new Types.ObjectId(id), companyId: ctx.company._id }).lean();
  if (!leave || (!ctx.therapist.isAdmin && !leave.therapistId.equals(ctx.therapist._id))) throw new NotFoundError(messages.notFound);
  assertMayChange(ctx, leave.therapistId);
  await ctx.models.Leave.deleteOne({ _id: leave._id, companyId: ctx.company._id });
  await releaseUnits(ctx.models, leave._id);
}

export async function listOpeningHours(ctx: ActionContext, input: ParsedInput<'getOpeningHoursFromTherapist'>): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const hours = await ctx.models.OpeningHours.find(overlapFilter(ctx.company._id, therapist._id, input, DAY_MS)).sort({ from: 1 }).lean();
  return hours.map(toOpeningHoursView);
}

/** Inserts intervals, leaving out exact repeats of ones the therapist already has. */
async function insertOpeningHours(ctx: ActionContext, therapist: TherapistDoc, intervals: { from: number; to: number }[]): Promise<OpeningHours[]> {
  if (intervals.length === 0) return [];
  const first = intervals[0]!.from;
  const last = intervals[intervals.length - 1]!.to;
  const existing = await ctx.models.OpeningHours.find(
    { companyId: ctx.company._id, therapistId: therapist._id, from: { $gte: first, $lt: last } },
    { from: 1, to: 1 },
  ).lean();
  const known = new Set(existing.map((hours) => `${hours.from}-${hours.to}`));
  const fresh = intervals.filter((interval) => !known.has(`${interval.from}-${interval.to}`));
  if (fresh.length === 0) return [];
  const now = ctx.now();
  const inserted = await ctx.models.OpeningHours.insertMany(
    fresh.map((interval) => ({ companyId: ctx.company._id, therapistId: therapist._id, from: interval.from, to: interval.to, createdAt: now })),
  );
  return inserted.map((doc) => toOpeningHoursView(doc.toObject()));
}

export async function addOpeningHours(ctx: ActionContext, input: ParsedInput<'addOpeningHours'>): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  return insertOpeningHours(ctx, therapist, [{ from: input.from, to: input.to }]);
}

export async function addWeeklyOpeningHours(ctx: ActionContext, pattern: WeeklyPattern, therapistId?: string): Promise<OpeningHours[]> {
  const therapist = await targetTherapist(ctx, therapistId);
  const intervals = expandWeeklyPattern(pattern);
  if (intervals.length === 0) throw new ValidationError('Mønstret giver ingen åbningstider. Tjek startdato og tidsrum.', { pattern: 'Mønstret giver ingen åbningstider' });
  return insertOpeningHours(ctx, therapist, intervals);
}

export async function removeOpeningHours(ctx: ActionContext, id: string): Promise<void> {
  const hours = await ctx.models.OpeningHours.findOne({ _id: new Types.ObjectId(id), companyId: ctx.company._id }).lean();
  if (!hours || (!ctx.therapist.isAdmin && !hours.therapistId.equals(ctx.therapist._id))) throw new NotFoundError(messages.notFound);
  await ctx.models.OpeningHours.deleteOne({ _id: hours._id, companyId: ctx.company._id });
}

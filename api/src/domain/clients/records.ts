/**
 * The client record (Stamdata): list, read, change field by field, delete. Visibility follows clients.ts: the
 * owner sees every client of the clinic, a therapist the clients they created. Another clinic's id is simply not
 * found. CPR numbers never go into logs; the history keeps old values for the clinic alone.
 */
import { randomInt } from 'node:crypto';
import { Types } from 'mongoose';
import { clientMessages, schedulingMessages, type ClientListItem, type ClientRecord, type ParsedInput } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { releaseUnits } from '../scheduling/claims.js';
import { targetTherapist } from '../scheduling/target.js';
import { clientVisibility } from './clients.js';
import { changedByName, clientHistory, recordChange, type FieldChange } from './history.js';
import { removeImagesOf } from './images.js';
import { nameWordsFilter } from '../search.js';

export function toClientRecord(client: ClientDoc): ClientRecord {
  return {
    id: client._id.toString(),
    therapistId: client.createdBy.toString(),
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
    CPR6Digit: client.CPR6Digit,
    CPRLast4Digit: client.CPRLast4Digit,
    address: client.address ?? '',
    post: client.post ?? '',
    town: client.town ?? '',
    email: client.email ?? '',
    phonePrivate: client.phonePrivate ?? '',
    phoneWork: client.phoneWork ?? '',
    phoneRelative: client.phoneRelative ?? '',
    civilStatus: client.civilStatus ?? '',
    sex: client.sex ?? 0,
    education: client.education ?? '',
    children: client.children ?? '',
    doctor: client.doctor ?? '',
    otherTreater: client.otherTreater ?? '',
    reminder: Boolean(client.reminder),
    followUp: Boolean(client.followUp),
    newsletter: client.newsletter !== false,
    tags: [...(client.tags ?? [])],
    profileImage: client.profileImage ? client.profileImage.toString() : null,
    intakeAnswers: (client.intakeAnswers ?? []).map((answer) => ({
      questionId: answer.questionId,
      fieldName: answer.fieldName,
      fieldType: answer.fieldType as 'text' | 'number' | 'checkbox',
      value: answer.value ?? '',
      submittedAt: answer.submittedAt,
    })),
    createdAt: client.createdAt ?? 0,
    updatedAt: client.updatedAt ?? 0,
    updatedBy: client.updatedBy ?? '',
    updatedBySJ: client.updatedBySJ ?? '',
  };
}

function toListItem(client: ClientDoc): ClientListItem {
  const { id, therapistId, nameFirst, nameLast, CPR6Digit, CPRLast4Digit, email, phonePrivate, updatedAt } = toClientRecord(client);
  return { id, therapistId, nameFirst, nameLast, CPR6Digit, CPRLast4Digit, email, phonePrivate, updatedAt };
}


/** The visible client `id`, or 404 (also for another clinic's id, so ids cannot be probed). */
export async function visibleClient(ctx: ActionContext, id: string | Types.ObjectId): Promise<ClientDoc> {
  const client = await ctx.models.Client.findOne({ ...clientVisibility(ctx), _id: new Types.ObjectId(id.toString()) }).lean();
  if (!client) throw new NotFoundError(clientMessages.clientNotFound);
  return client;
}

export async function listClients(ctx: ActionContext, input: ParsedInput<'getAllClient'>): Promise<{ data: ClientListItem[]; total: number }> {
  const filter: Record<string, unknown> = clientVisibility(ctx);
  if (input.therapistId) {
    const therapist = await targetTherapist(ctx, input.therapistId);
    filter.createdBy = therapist._id;
  }
  const text = input.search.trim();
  if (text) {
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) filter.cprKey = { $regex: `^${digits}` };
    else Object.assign(filter, nameWordsFilter(text));
  }
  const [clients, total] = await Promise.all([
    ctx.models.Client.find(filter)
      .sort({ nameFirst: 1, nameLast: 1, _id: 1 })
      .skip((input.page - 1) * input.size)
      .limit(input.size)
      .lean(),
    ctx.models.Client.countDocuments(filter),
  ]);
  return { data: clients.map(toListItem), total };
}

type Changes = ParsedInput<'setClient'>['changes'];

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === undefined || value === null) return '';
  return String(value);
}

export async function updateClient(ctx: ActionContext, id: string, changes: Changes): Promise<ClientRecord> {
  const client = await visibleClient(ctx, id);
  const set: Record<string, unknown> = {};
  const history: FieldChange[] = [];
  for (const [field, value] of Object.entries(changes) as [keyof ClientDoc, unknown][]) {
    if (value === undefined) continue;
    const previous = client[field];
    if (asText(previous) === asText(value)) continue;
    set[field] = value;
    // The CPR number is history too, but kept as it was typed: the history is the clinic's own record.
    history.push({ field, previous: asText(previous), value: asText(value) });
  }
  if (history.length === 0) return toClientRecord(client);
  if ('CPR6Digit' in set || 'CPRLast4Digit' in set) {
    set.cprKey = `${(set.CPR6Digit as string | undefined) ?? client.CPR6Digit}${(set.CPRLast4Digit as string | undefined) ?? client.CPRLast4Digit}`;
  }
  set.updatedBy = changedByName(ctx);
  try {
    await ctx.models.Client.updateOne({ _id: client._id, companyId: ctx.company._id }, { $set: set });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(schedulingMessages.clientExists);
    throw error;
  }
  await recordChange(ctx, { clientId: client._id, entity: 'client', entityId: client._id, changes: history });
  // Bookings carry the client's name and e-mail for the calendar.
  const copied: Record<string, unknown> = {};
  for (const field of ['nameFirst', 'nameLast', 'email'] as const) if (field in set) copied[field] = set[field];
  if (Object.keys(copied).length) await ctx.models.Booking.updateMany({ companyId: ctx.company._id, clientId: client._id }, { $set: copied });
  return toClientRecord(await visibleClient(ctx, client._id));
}

/**
 * Deletes a client and everything recorded about them. Refused while a booking lies ahead (the calendar would
 * keep a booking without a client). Order: the client first (it disappears from every list), then what hangs on it.
 */
export async function deleteClient(ctx: ActionContext, id: string): Promise<void> {
  const client = await visibleClient(ctx, id);
  const upcoming = await ctx.models.Booking.exists({ companyId: ctx.company._id, clientId: client._id, to: { $gt: ctx.now() } });
  if (upcoming) throw new ConflictError(clientMessages.clientHasUpcomingBookings);
  await ctx.models.Client.deleteOne({ _id: client._id, companyId: ctx.company._id });
  const scope = { companyId: ctx.company._id, clientId: client._id };
  const bookings = await ctx.models.Booking.find(scope, { _id: 1 }).lean();
  await ctx.models.Booking.deleteMany(scope);
  for (const booking of bookings) await releaseUnits(ctx.models, booking._id);
  await removeImagesOf(ctx, client._id);
  await Promise.all([
    ctx.models.Journal.deleteMany(scope),
    ctx.models.CustomField.deleteMany(scope),
    ctx.models.FieldComment.deleteMany(scope),
    ctx.models.Revision.deleteMany(scope),
    ctx.models.EventDateClient.deleteMany(scope),
    ctx.models.StamjournalSeed.deleteOne({ _id: client._id.toString() }),
  ]);
}

/** A four-digit code not used with this birth date in the clinic (for clients without a Danish CPR number). */
export async function freeLastDigit(ctx: ActionContext, cpr6: string): Promise<string> {
  const taken = new Set(
    (await ctx.models.Client.find({ companyId: ctx.company._id, CPR6Digit: cpr6 }, { CPRLast4Digit: 1 }).lean()).map((client) => client.CPRLast4Digit),
  );
  if (taken.size >= 10_000) throw new ValidationError(clientMessages.noFreeLastDigits);
  for (;;) {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!taken.has(code)) return code;
  }
}

export async function historyOf(ctx: ActionContext, input: ParsedInput<'getClientHistory'>) {
  const client = await visibleClient(ctx, input.clientId);
  return clientHistory(ctx, client._id, input.journalId ? new Types.ObjectId(input.journalId) : undefined);
}

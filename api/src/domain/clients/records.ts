/**
 * The client record (Stamdata): list, read, change field by field. Visibility is the Client model's rule: the owner
 * sees every client of the clinic, a therapist the clients they created. Another clinic's id is simply not found.
 * CPR numbers never go into logs; the history keeps old values for the clinic alone. Erasing a client: erasure.ts.
 */
import { randomInt } from 'node:crypto';
import { Types } from 'mongoose';
import { clientMessages, schedulingMessages, type ClientListItem, type ClientRecord, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, ValidationError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { nameWordsFilter } from '../search.js';
import { targetTherapist } from '../scheduling/target.js';
import { cprDigitsFilter, visibleClient } from './clients.js';
import { changedByName, clientHistory, recordChange, type FieldChange } from './history.js';

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


export async function listClients(ctx: TherapistContext, input: ParsedInput<'getAllClient'>): Promise<{ data: ClientListItem[]; total: number }> {
  const filter: Record<string, unknown> = {};
  if (input.therapistId) {
    const therapist = await targetTherapist(ctx, input.therapistId);
    filter.createdBy = therapist._id;
  }
  const text = input.search.trim();
  if (text) {
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) Object.assign(filter, await cprDigitsFilter(ctx, digits));
    else Object.assign(filter, nameWordsFilter(text));
  }
  const [clients, total] = await Promise.all([
    ctx.db.Client.find(filter)
      .sort({ nameFirst: 1, nameLast: 1, _id: 1 })
      .skip((input.page - 1) * input.size)
      .limit(input.size)
      .lean(),
    ctx.db.Client.countDocuments(filter),
  ]);
  return { data: clients.map(toListItem), total };
}

type Changes = ParsedInput<'setClient'>['changes'];

/** A Stamdata value as the history keeps it: text, numbers and booleans as typed, lists comma-separated. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => asText(item)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export async function updateClient(ctx: TherapistContext, id: string, changes: Changes): Promise<ClientRecord> {
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
  // Newsletters need a recorded choice: who switched them on, and when.
  if ('newsletter' in set) set.newsletterConsent = set.newsletter === true ? { at: ctx.now(), by: changedByName(ctx) } : null;
  try {
    await ctx.db.Client.updateOne({ _id: client._id }, { $set: set });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(schedulingMessages.clientExists);
    throw error;
  }
  await recordChange(ctx, { clientId: client._id, entity: 'client', entityId: client._id, changes: history });
  // Bookings carry the client's name and e-mail for the calendar: every booking of the client, a colleague's too.
  const copied: Record<string, unknown> = {};
  for (const field of ['nameFirst', 'nameLast', 'email'] as const) if (field in set) copied[field] = set[field];
  if (Object.keys(copied).length) await ctx.db.clinic('client-record-copies').Booking.updateMany({ clientId: client._id }, { $set: copied });
  return toClientRecord(await visibleClient(ctx, client._id));
}

/** A four-digit code not used with this birth date in the clinic (for clients without a Danish CPR number). */
export async function freeLastDigit(ctx: TherapistContext, cpr6: string): Promise<string> {
  // The whole clinic's: the code must be free among every client of the clinic, not only the caller's.
  const taken = new Set((await ctx.db.clinic('clinic-wide-check').Client.find({ CPR6Digit: cpr6 }, { CPRLast4Digit: 1 }).lean()).map((client) => client.CPRLast4Digit));
  if (taken.size >= 10_000) throw new ValidationError(clientMessages.noFreeLastDigits);
  for (;;) {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!taken.has(code)) return code;
  }
}

export async function historyOf(ctx: TherapistContext, input: ParsedInput<'getClientHistory'>) {
  const client = await visibleClient(ctx, input.clientId);
  return clientHistory(ctx, client._id, input.journalId ? new Types.ObjectId(input.journalId) : undefined);
}

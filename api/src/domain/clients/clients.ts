/**
 * The part of the client record the calendar needs: find clients to book, and create a client from the new-client
 * fields of a booking. Within a clinic the owner sees every client; a therapist the clients they created.
 * CPR numbers are stored as given (searchable by the clinic); they never go into logs, URLs or localStorage.
 */
import { Types } from 'mongoose';
import { schedulingMessages, type ClientSummary, type ParsedInput } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { ClientDoc, Models } from '../../models/index.js';
import { nameWordsFilter } from '../search.js';

export function clientVisibility(ctx: ActionContext): Record<string, unknown> {
  return ctx.therapist.isAdmin ? { companyId: ctx.company._id } : { companyId: ctx.company._id, createdBy: ctx.therapist._id };
}

export function toClientSummary(client: ClientDoc): ClientSummary {
  return {
    id: client._id.toString(),
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
    email: client.email ?? '',
    phonePrivate: client.phonePrivate ?? '',
    CPR6Digit: client.CPR6Digit,
    CPRLast4Digit: client.CPRLast4Digit,
  };
}


/** Name (first, last or both) or CPR (with or without the dash); at most 20, by name. */
export async function searchClients(ctx: ActionContext, search: string): Promise<ClientSummary[]> {
  const filter: Record<string, unknown> = clientVisibility(ctx);
  const text = search.trim();
  if (text) {
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) {
      filter.cprKey = { $regex: `^${digits}` };
    } else {
      Object.assign(filter, nameWordsFilter(text));
    }
  }
  const clients = await ctx.models.Client.find(filter).sort({ nameFirst: 1, nameLast: 1 }).limit(20).lean();
  return clients.map(toClientSummary);
}

export async function findVisibleClient(ctx: ActionContext, clientId: string): Promise<ClientDoc | null> {
  return ctx.models.Client.findOne({ ...clientVisibility(ctx), _id: new Types.ObjectId(clientId) }).lean();
}

type NewClient = NonNullable<ParsedInput<'addBooking'>['client']> & { address?: string; post?: string; town?: string };

/** Creates a client of `companyId`; a CPR number the clinic already has answers 409. */
export async function createClient(models: Models, companyId: Types.ObjectId, fields: NewClient, createdBy: Types.ObjectId): Promise<ClientDoc> {
  try {
    const client = await models.Client.create({
      companyId,
      createdBy,
      nameFirst: fields.nameFirst,
      nameLast: fields.nameLast,
      email: fields.email,
      phonePrivate: fields.phonePrivate,
      CPR6Digit: fields.CPR6Digit,
      CPRLast4Digit: fields.CPRLast4Digit,
      cprKey: `${fields.CPR6Digit}${fields.CPRLast4Digit}`,
      address: fields.address ?? '',
      post: fields.post ?? '',
      town: fields.town ?? '',
    });
    return client.toObject();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(schedulingMessages.clientExists);
    throw error;
  }
}

/**
 * The part of the client record the calendar needs: find clients to book, and create a client from the new-client
 * fields of a booking. Within a clinic the owner sees every client; a therapist the clients they created (the Client
 * model's rule, applied by the scoped data access).
 * CPR numbers are stored encrypted and found through a keyed hash (models/clients.ts, security/encryption.ts); they
 * never go into logs, URLs or localStorage.
 */
import { Types } from 'mongoose';
import { schedulingMessages, type ClientSummary, type ParsedInput } from '@klinik/core';
import { clientMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, isDuplicateKeyError, NotFoundError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { cprHash, cprSearchFilter } from '../../security/encryption.js';
import { nameWordsFilter } from '../search.js';


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


/**
 * The filter of a search by CPR digits. CPR numbers are stored encrypted: the whole number or the date of birth is
 * found through its keyed hash (indexed); a shorter prefix ('0101') by decrypting the CPR of the clients the caller
 * may see and matching in memory (only these two fields are read, and a clinic's clients fit in memory).
 */
export async function cprDigitsFilter(ctx: TherapistContext, digits: string): Promise<Record<string, unknown>> {
  const hashed = cprSearchFilter(digits);
  if (hashed) return hashed;
  const clients = await ctx.db.Client.find({}, { CPR6Digit: 1, CPRLast4Digit: 1 }).lean();
  const ids = clients.filter((client) => `${client.CPR6Digit}${client.CPRLast4Digit}`.startsWith(digits)).map((client) => client._id);
  return { _id: { $in: ids } };
}

/** Name (first, last or both) or CPR (with or without the dash); at most 20, by name. */
export async function searchClients(ctx: TherapistContext, search: string): Promise<ClientSummary[]> {
  const filter: Record<string, unknown> = {};
  const text = search.trim();
  if (text) {
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) {
      Object.assign(filter, await cprDigitsFilter(ctx, digits));
    } else {
      Object.assign(filter, nameWordsFilter(text));
    }
  }
  const clients = await ctx.db.Client.find(filter).sort({ nameFirst: 1, nameLast: 1 }).limit(20).lean();
  return clients.map(toClientSummary);
}

export async function findVisibleClient(ctx: TherapistContext, clientId: string | Types.ObjectId): Promise<ClientDoc | null> {
  return ctx.db.Client.findById(new Types.ObjectId(clientId.toString())).lean();
}

/** The visible client `id`, or 404 (also for another clinic's id, so ids cannot be probed). */
export async function visibleClient(ctx: TherapistContext, id: string | Types.ObjectId): Promise<ClientDoc> {
  const client = await findVisibleClient(ctx, id);
  if (!client) throw new NotFoundError(clientMessages.clientNotFound);
  return client;
}

type NewClient = NonNullable<ParsedInput<'addBooking'>['client']> & { address?: string; post?: string; town?: string };

/** Creates a client of the clinic of `db`; a CPR number the clinic already has answers 409. */
export async function createClient(db: TenantDb, fields: NewClient, createdBy: Types.ObjectId): Promise<ClientDoc> {
  try {
    const client = await db.Client.create({
      createdBy,
      nameFirst: fields.nameFirst,
      nameLast: fields.nameLast,
      email: fields.email,
      phonePrivate: fields.phonePrivate,
      CPR6Digit: fields.CPR6Digit,
      CPRLast4Digit: fields.CPRLast4Digit,
      cprKey: cprHash(`${fields.CPR6Digit}${fields.CPRLast4Digit}`),
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

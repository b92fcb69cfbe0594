/**
 * Which rows a successful read writes to the access log: the action's contract declares the kind and where its
 * clients are (`accessLog` on defineAction); the caller and its network come from the verified context, never from
 * the body. A handler whose caller is not a therapist (the portal) names the clinic and client itself with
 * `noteClientRead`, as does a therapist's read whose answer does not carry the client (the invoice preview).
 */
import { Types } from 'mongoose';
import type { ActionContract } from '@klinik/core';
import { TherapistContext, type AnyContext } from '../../context.js';
import type { AccessLogRow } from '../../data/access-log-writer.js';
import { addressPrefix } from '../../security/client-address.js';

interface NotedRead {
  companyId: Types.ObjectId;
  clientIds: Types.ObjectId[];
  /** Who read, when it is not the signed-in therapist: the client themselves in the portal. */
  reader?: { kind: 'client'; name: string };
}

const noted = new WeakMap<object, NotedRead>();

/** Names the client a read was of, for an action whose contract says `clients: 'noted'`. */
export function noteClientRead(ctx: AnyContext, read: { companyId?: Types.ObjectId; clientIds: readonly Types.ObjectId[]; reader?: NotedRead['reader'] }): void {
  const companyId = read.companyId ?? (ctx instanceof TherapistContext ? ctx.company._id : null);
  if (!companyId) throw new Error('a read outside a clinic must name its clinic');
  const earlier = noted.get(ctx);
  noted.set(ctx, { companyId, clientIds: [...(earlier?.clientIds ?? []), ...read.clientIds], ...(read.reader ? { reader: read.reader } : {}) });
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;

function distinctIds(found: string | readonly string[] | null | undefined): Types.ObjectId[] {
  const list = found == null ? [] : typeof found === 'string' ? [found] : found;
  return [...new Set(list.filter((id) => OBJECT_ID.test(id)).map((id) => id.toLowerCase()))].map((id) => new Types.ObjectId(id));
}

/** The rows a successful call writes; none for an action that declares no read. */
export function accessLogRows(contract: ActionContract, action: string, input: unknown, answer: unknown, ctx: AnyContext): AccessLogRow[] {
  const policy = contract.accessLog;
  if (!policy || 'exempt' in policy) return [];
  const base = { at: ctx.now(), kind: policy.kind, action, address: addressPrefix(ctx.ip) };
  if (policy.clients === 'noted') {
    const read = noted.get(ctx);
    // A declared read that names nobody is a bug in its handler: outside production the call fails (the tests see it).
    if (!read) {
      if (ctx.services.config.production) return [];
      throw new Error(`${action} declares a noted read but its handler named no client`);
    }
    return distinctIds(read.clientIds.map((id) => id.toHexString())).map((clientId) => ({ ...base, companyId: read.companyId, clientId, ...readerOf(ctx, read.reader) }));
  }
  if (!(ctx instanceof TherapistContext)) throw new Error(`${action}: a read by a caller outside the clinic must note its clinic`);
  return distinctIds(policy.clients(input, answer)).map((clientId) => ({ ...base, companyId: ctx.company._id, clientId, ...readerOf(ctx) }));
}

function readerOf(ctx: AnyContext, noted?: NotedRead['reader']): Pick<AccessLogRow, 'readerKind' | 'therapistId' | 'reader'> {
  if (noted) return { readerKind: noted.kind, therapistId: null, reader: noted.name };
  if (ctx instanceof TherapistContext) return { readerKind: 'therapist', therapistId: ctx.therapist._id, reader: `${ctx.therapist.nameFirst ?? ''} ${ctx.therapist.nameLast ?? ''}`.trim() };
  if (ctx.kind === 'superadmin') return { readerKind: 'superadmin', therapistId: null, reader: ctx.administrator.username };
  if (ctx.kind === 'team') return { readerKind: 'team', therapistId: null, reader: 'Support' };
  return { readerKind: 'client', therapistId: null, reader: '' };
}

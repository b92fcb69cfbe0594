/**
 * Reading the access log: the owner's clinic-wide log (by therapist, client and period) and a client's
 * 'Adgangslog', through the clinic's scoped data; the list of who read a client's record for the client's own
 * export. Nothing here changes a row: the model refuses it (models/access-log.ts).
 */
import { Types } from 'mongoose';
import { ACCESS_LOG_PAGE_SIZE, type AccessLogEntry, type ParsedInput } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { AccessLogDoc } from '../../models/index.js';

async function clientNames(db: TenantDb, ids: readonly Types.ObjectId[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.map((id) => id.toHexString()))];
  if (unique.length === 0) return new Map();
  const clients = await db.Client.find({ _id: { $in: unique.map((id) => new Types.ObjectId(id)) } }, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(clients.map((client) => [client._id.toHexString(), `${client.nameFirst ?? ''} ${client.nameLast ?? ''}`.trim()]));
}

async function page(db: TenantDb, filter: Record<string, unknown>, pageNumber: number): Promise<{ data: AccessLogEntry[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.AccessLog.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((pageNumber - 1) * ACCESS_LOG_PAGE_SIZE)
      .limit(ACCESS_LOG_PAGE_SIZE)
      .lean<AccessLogDoc[]>(),
    db.AccessLog.countDocuments(filter),
  ]);
  const names = await clientNames(db, rows.map((row) => row.clientId));
  return {
    data: rows.map((row) => ({
      id: row._id.toHexString(),
      at: row.at,
      kind: row.kind,
      action: row.action,
      clientId: row.clientId.toHexString(),
      clientName: names.get(row.clientId.toHexString()) ?? '',
      readerKind: row.readerKind,
      therapistId: row.therapistId?.toHexString() ?? '',
      reader: row.reader ?? '',
      address: row.address ?? '',
    })),
    total,
  };
}

export function accessLog(ctx: OwnerContext, input: ParsedInput<'getAccessLog'>) {
  const filter: Record<string, unknown> = { at: { $gte: input.from, $lt: input.to } };
  if (input.clientId) filter.clientId = new Types.ObjectId(input.clientId);
  if (input.therapistId) filter.therapistId = new Types.ObjectId(input.therapistId);
  return page(ctx.db, filter, input.page);
}

export function clientAccessLog(ctx: OwnerContext, input: ParsedInput<'getClientAccessLog'>) {
  return page(ctx.db, { clientId: new Types.ObjectId(input.clientId) }, input.page);
}

/** At most this many reads go into a client's export, newest first. */
export const EXPORTED_READS = 1000;

/**
 * Who read the client's record, for their own export (a patient's right of access): when, who, what. The client's
 * own exports are left out; the address prefix stays with the clinic.
 */
export async function readsOfClient(db: TenantDb, clientId: Types.ObjectId): Promise<{ rows: { at: string; reader: string; what: string }[]; truncated: boolean }> {
  const rows = await db.AccessLog.find({ clientId, readerKind: { $ne: 'client' } }, { at: 1, reader: 1, kind: 1 })
    .sort({ at: -1 })
    .limit(EXPORTED_READS + 1)
    .lean<Pick<AccessLogDoc, 'at' | 'reader' | 'kind'>[]>();
  return {
    rows: rows.slice(0, EXPORTED_READS).map((row) => ({ at: new Date(row.at).toISOString(), reader: row.reader ?? '', what: row.kind })),
    truncated: rows.length > EXPORTED_READS,
  };
}

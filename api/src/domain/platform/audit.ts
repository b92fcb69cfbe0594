/**
 * The administrator audit log: who did what, when, about which company, and how it ended. The endpoint
 * writes one row for every call an administrator makes (endpoint/dispatch.ts), after the handler, whatever it
 * answered, about the company the action's contract names (`audit.company`); handlers add a few words of what changed (`detail`). No action updates or deletes a row; the sweeper
 * removes rows older than five years.
 */
import { Types } from 'mongoose';
import { AUDIT_PAGE_SIZE, type AuditPolicy, type ParsedInput } from '@klinik/core';
import type { SuperadminContext } from '../../context.js';
import { deleteInBatches } from '../../data/delete-in-batches.js';
import type { Models } from '../../models/index.js';

export const ADMIN_AUDIT_KEPT_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/** What a handler wants the audit row to say beyond the action's name (set on the context by the handler). */
const details = new WeakMap<SuperadminContext, string>();

export function auditDetail(ctx: SuperadminContext, detail: string): void {
  details.set(ctx, detail.slice(0, 500));
}

/**
 * The company the input names in the field the contract declares. The input is the body as sent (a refused call is
 * recorded too), so the value is checked here.
 */
function companyOf(policy: AuditPolicy | undefined, input: unknown): string | null {
  if (!policy?.company || !input || typeof input !== 'object') return null;
  const record = input as { companyId?: unknown; companyInfo?: { id?: unknown } };
  const id = policy.company === 'companyId' ? record.companyId : record.companyInfo?.id;
  return typeof id === 'string' && Types.ObjectId.isValid(id) && /^[a-f0-9]{24}$/i.test(id) ? id : null;
}

export async function recordAdminAction(
  ctx: SuperadminContext,
  action: string,
  policy: AuditPolicy | undefined,
  input: unknown,
  outcome: 'ok' | 'refused' | 'failed',
  error?: string,
): Promise<void> {
  const companyId = companyOf(policy, input);
  const company = companyId ? await ctx.tenant(new Types.ObjectId(companyId)).Company.findOne({}, { companyName: 1 }).lean() : null;
  const detail = [details.get(ctx), error].filter(Boolean).join(' — ');
  await ctx.platform.AdminAudit.create({
    administratorId: ctx.administrator.id,
    administrator: ctx.administrator.username,
    action,
    companyId: companyId ? new Types.ObjectId(companyId) : null,
    companyName: company?.companyName ?? null,
    outcome,
    detail: detail.slice(0, 1000),
    address: ctx.ip,
    at: ctx.now(),
  });
}

export async function auditLog(ctx: SuperadminContext, input: ParsedInput<'getAdminAuditLog'>) {
  const filter = input.companyId ? { companyId: new Types.ObjectId(input.companyId) } : {};
  const [rows, total] = await Promise.all([
    ctx.platform.AdminAudit.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((input.pageNumber - 1) * AUDIT_PAGE_SIZE)
      .limit(AUDIT_PAGE_SIZE)
      .lean(),
    ctx.platform.AdminAudit.countDocuments(filter),
  ]);
  return {
    data: rows.map((row) => ({
      id: row._id.toString(),
      at: row.at,
      administrator: row.administrator,
      action: row.action,
      companyId: row.companyId?.toString() ?? null,
      companyName: row.companyName ?? null,
      outcome: row.outcome,
      detail: row.detail ?? '',
    })),
    total: { total },
  };
}

export async function sweepAdminAudit(models: Models, now: number): Promise<number> {
  return deleteInBatches(models.AdminAudit, { at: { $lt: now - ADMIN_AUDIT_KEPT_MS } });
}

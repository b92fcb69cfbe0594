/**
 * New invoices are transferred as they are issued. Issuing never waits for, nor fails because of, the
 * accounting system: the invoice is recorded as waiting (AccountingPending, `_id` `<company>:<invoice>`), one attempt
 * starts at once in the background, and the accounting ticker (jobs/accounting.ts) retries what is still waiting with
 * a growing pause. A transfer's claims (transfer.ts) make the attempt and the ticker harmless to each other.
 */
import type { Types } from 'mongoose';
import { accountingMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import { disconnect } from './connection.js';
import { openRun, type AccountingDeps } from './transfer.js';

const MINUTE = 60_000;
/** The pause before the next attempt: 1, 2, 4 … minutes, at most a day. */
export function retryPause(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 24 * 60 * MINUTE);
}

function connected(company: Pick<CompanyDoc, 'accountingAddOnActive' | 'dineroOrgId' | 'dineroRefreshToken'>): boolean {
  return company.accountingAddOnActive === true && Boolean(company.dineroOrgId && company.dineroRefreshToken);
}

/** The clinic's waiting invoices, transferred now; those still failing wait for their next attempt. */
export async function transferWaiting(deps: AccountingDeps, db: TenantDb, only?: Types.ObjectId): Promise<void> {
  const company = (await db.Company.findById(db.companyId).lean())!;
  if (!connected(company)) {
    // Deactivated or disconnected meanwhile: nothing is to be transferred any more.
    await db.AccountingPending.deleteMany({});
    return;
  }
  const waiting = await db.AccountingPending.find(only ? { invoiceId: only } : { nextAttemptAt: { $lte: deps.now() } }).lean();
  if (!waiting.length) return;
  let run;
  try {
    run = await openRun(deps, db, company);
  } catch (error) {
    for (const pending of waiting) await noteFailure(deps, db, pending, accountingMessages.connectionExpired);
    deps.logger.warn({ err: (error as Error).name }, 'accounting: no access to the organisation');
    return;
  }
  for (const pending of waiting) {
    const invoice = await db.clinic('accounting-transfer').Invoice.findById(pending.invoiceId).lean();
    if (!invoice) {
      await db.AccountingPending.deleteOne({ _id: pending._id });
      continue;
    }
    const failedBefore = run.counts.invoice.fail;
    const paymentsFailedBefore = run.paymentFailures;
    let id: string | null;
    try {
      id = await run.invoice(invoice);
    } catch (error) {
      await noteFailure(deps, db, pending, accountingMessages.unavailable);
      deps.logger.warn({ err: (error as Error).name }, 'accounting: invoice transfer interrupted');
      return;
    }
    if (id && run.counts.invoice.fail === failedBefore && run.paymentFailures === paymentsFailedBefore) await db.AccountingPending.deleteOne({ _id: pending._id });
    else await noteFailure(deps, db, pending, run.counts.invoice.error ?? accountingMessages.entityFailed);
  }
}

async function noteFailure(deps: AccountingDeps, db: TenantDb, pending: { _id: string; attempts?: number | null }, message: string): Promise<void> {
  const attempts = (pending.attempts ?? 0) + 1;
  await db.AccountingPending.updateOne({ _id: pending._id }, { $set: { attempts, lastError: message, nextAttemptAt: deps.now() + retryPause(attempts) } });
}

/**
 * Called once an invoice is issued: never throws and never waits for the accounting system. The clinic's state is
 * read again (the request's copy may predate a connection made meanwhile).
 */
export async function queueIssuedInvoice(ctx: Pick<TherapistContext, 'db' | 'services' | 'now'>, invoiceId: Types.ObjectId): Promise<void> {
  await queue(ctx, invoiceId, '');
}

/**
 * Called once an invoice is paid after it was issued (marked paid by hand, a no-show fee charged to the card): its own
 * waiting entry, so that a transfer of the document already under way (which may have read it unpaid) cannot take the payment's entry away with its own. Never throws, never waits.
 */
export async function queuePayment(ctx: Pick<TherapistContext, 'db' | 'services' | 'now'>, invoiceId: Types.ObjectId): Promise<void> {
  await queue(ctx, invoiceId, ':payment');
}

async function queue(ctx: Pick<TherapistContext, 'db' | 'services' | 'now'>, invoiceId: Types.ObjectId, suffix: string): Promise<void> {
  try {
    const company = (await ctx.db.Company.findById(ctx.db.companyId).lean())!;
    if (!connected(company)) return;
    try {
      await ctx.db.AccountingPending.create({ _id: `${ctx.db.companyId.toString()}:${invoiceId.toString()}${suffix}`, invoiceId, nextAttemptAt: ctx.now() + MINUTE });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const deps: AccountingDeps = { accounting: ctx.services.accounting, now: () => ctx.now(), logger: ctx.services.logger };
    void transferWaiting(deps, ctx.db, invoiceId).catch((error: unknown) => ctx.services.logger.warn({ err: (error as Error).name }, 'accounting: immediate transfer failed'));
  } catch (error) {
    ctx.services.logger.error({ err: error }, 'accounting: could not queue an issued invoice');
  }
}

export { disconnect };

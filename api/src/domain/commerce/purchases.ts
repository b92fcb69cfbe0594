/**
 * Purchases keyed by idempotency key: the page sends one key per purchase the owner starts; the first
 * request with a key inserts `Purchase` `<company>:<key>` and goes on, any other request with that key answers what
 * the first one answered (or that it is still running). The provider handle is made from the key too (hashed), so
 * even a request that got past here twice would make one charge at the provider.
 */
import { createHash } from 'node:crypto';
import { commerceMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, ServiceUnavailableError } from '../../errors.js';
import type { PurchaseDoc } from '../../models/index.js';

export interface PurchaseOutcome {
  message: string;
  url?: string;
}

/**
 * The provider handle of a purchase: `<prefix><company>-<32 hex of the key's SHA-256>`. The key is the browser's
 * choice, so it never becomes part of a handle as it is: with `<key>` itself a key could spell a handle the provider
 * makes for something else (the sandbox names a subscription's invoices `<subscription>-1` and
 * `<subscription>-<period end>-<attempt>`, so the key `<k>-<period end>` made an add-on whose first invoice was the
 * Pro renewal's, and the renewal found it 'done'). A purchase handle is always exactly this length and has no dash
 * after the company, so nothing derived from a handle by adding to it can equal another purchase's handle.
 */
export function purchaseHandle(ctx: TherapistContext, prefix: 's' | 'o', key: string): string {
  return `${prefix}${ctx.companyId}-${createHash('sha256').update(`purchase:${key}`).digest('hex').slice(0, 32)}`;
}

/**
 * Runs `start` once per idempotency key: answers its outcome, or the outcome of the first request with this key.
 * A failed start is recorded as failed: the same key then answers the same failure (a new attempt needs a new key).
 * Only when the provider could not be reached (503) is the claim let go, so a retry with the same key tries again:
 * the provider handle is made from the key, so the provider itself makes at most one charge of it.
 */
export async function oncePerKey(ctx: TherapistContext, key: string, product: string, handle: string, start: () => Promise<PurchaseOutcome>): Promise<PurchaseOutcome> {
  const id = `${ctx.companyId}:${key}`;
  try {
    await ctx.db.Purchase.create({ _id: id, product, handle, state: 'started' });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const first = (await ctx.db.Purchase.findById(id).lean()) as PurchaseDoc | null;
    if (first?.state === 'done') return { message: first.message ?? '', ...(first.url ? { url: first.url } : {}) };
    if (first?.state === 'failed') throw new ConflictError(first.message || commerceMessages.declined);
    // Still running (or cut off by a crash: a new attempt needs a new key, which the page makes for each purchase).
    throw new ConflictError(commerceMessages.purchaseInProgress);
  }
  try {
    const outcome = await start();
    await ctx.db.Purchase.updateOne({ _id: id }, { $set: { state: 'done', message: outcome.message, url: outcome.url ?? null } });
    return outcome;
  } catch (error) {
    if (error instanceof ServiceUnavailableError) await ctx.db.Purchase.deleteOne({ _id: id, state: 'started' });
    else await ctx.db.Purchase.updateOne({ _id: id }, { $set: { state: 'failed', message: error instanceof Error ? error.message : '' } });
    throw error;
  }
}

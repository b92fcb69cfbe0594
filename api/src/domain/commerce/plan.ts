/**
 * Buying, cancelling and resuming Pro (spec 3 §4, Plan choice, Cancel-all; issue 12). A clinic whose trial expired
 * can always buy Pro: these actions have no plan gate. With a saved card the first month is charged at once; without
 * one the answer is the provider's checkout page, and the plan changes when the provider's webhook says it was paid.
 */
import { commerceMessages, effectivePlanStatus, normalizePlanStatus, normalizePlanType, PRO_PLAN, type ParsedInput } from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import { customerHandle, customerRef, ensureCustomer, payWithSavedCard } from './customer.js';
import { oncePerKey, purchaseHandle } from './purchases.js';

export function planStateOf(company: Pick<CompanyDoc, 'planType' | 'status' | 'cancelDate' | 'planPeriodEnd'>) {
  return {
    planType: normalizePlanType(company.planType),
    status: normalizePlanStatus(company.status),
    cancelDate: company.cancelDate ?? null,
    planPeriodEnd: company.planPeriodEnd ?? null,
  };
}

export async function currentCompany(ctx: TherapistContext): Promise<CompanyDoc> {
  return (await ctx.db.Company.findById(ctx.company._id).lean())!;
}

/** The return addresses of the provider's checkout page (the shell's payment return pages). */
export function returnUrls(ctx: TherapistContext, success = '/payment/success') {
  const app = ctx.services.config.appUrl;
  return { acceptUrl: `${app}${success}`, cancelUrl: `${app}/payment/cancel` };
}

/**
 * Buys Pro. The idempotency key comes first: the same key answers what its first request answered (also a refusal),
 * whatever happened since.
 */
export async function purchasePro(ctx: OwnerContext, input: ParsedInput<'purchasedProPlanSubscription'>) {
  const payments = ctx.services.payments;
  const handle = purchaseHandle(ctx, 's', input.idempotencyKey);
  const purchase = { kind: 'subscription' as const, handle, plan: PRO_PLAN.key, ordertext: `${PRO_PLAN.name} abonnement`, amountOre: PRO_PLAN.priceOre };
  const outcome = await oncePerKey(ctx, input.idempotencyKey, PRO_PLAN.key, handle, async () => {
    const company = await currentCompany(ctx);
    const status = effectivePlanStatus(company, ctx.now());
    if (normalizePlanType(company.planType) === 'pro' && status === 'active') throw new ConflictError(commerceMessages.alreadyPro);
    if (normalizePlanType(company.planType) === 'pro' && status === 'cancelled' && company.planHandle) {
      // Cancelled but still paid for: the cancellation is taken back, nothing is charged now.
      await payments.reactivateSubscription(company.planHandle);
      return { message: commerceMessages.proResumed };
    }
    const customer = await ensureCustomer(ctx);
    await ctx.db.Subscription.updateOne({ handle }, { $setOnInsert: { kind: 'plan', product: PRO_PLAN.key, state: 'pending' } }, { upsert: true });
    if (input.cardId) {
      const cardId = input.cardId;
      await payWithSavedCard(ctx, cardId, () => payments.subscribe(customer, cardId, purchase));
      return { message: commerceMessages.proActive };
    }
    const checkout = await payments.createCheckout({ customer: customerRef(ctx), purchase, ...returnUrls(ctx), origin: ctx.origin });
    return { message: commerceMessages.toCheckout, url: checkout.url };
  });
  return { ...outcome, data: planStateOf(await currentCompany(ctx)) };
}

async function cancelPlanAtProvider(ctx: OwnerContext, company: CompanyDoc): Promise<boolean> {
  if (normalizePlanType(company.planType) !== 'pro' || normalizePlanStatus(company.status) !== 'active' || !company.planHandle) return false;
  await ctx.services.payments.cancelSubscription(company.planHandle);
  return true;
}

export async function cancelPro(ctx: OwnerContext) {
  if (!(await cancelPlanAtProvider(ctx, await currentCompany(ctx)))) throw new ConflictError(commerceMessages.nothingToCancel);
  return { message: commerceMessages.cancelled, data: planStateOf(await currentCompany(ctx)) };
}

/** Cancel-all: the plan and every add-on subscription, each at the end of its period. */
export async function cancelAll(ctx: OwnerContext) {
  const planCancelled = await cancelPlanAtProvider(ctx, await currentCompany(ctx));
  const addOns = await ctx.db.Subscription.find({ kind: 'addOn', state: { $in: ['active', 'dunning'] } }, { handle: 1 }).lean();
  for (const subscription of addOns) await ctx.services.payments.cancelSubscription(subscription.handle);
  if (!planCancelled && addOns.length === 0) throw new ConflictError(commerceMessages.nothingToCancel);
  return { message: commerceMessages.cancelled, data: planStateOf(await currentCompany(ctx)) };
}

export { customerHandle };

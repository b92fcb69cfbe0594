/**
 * Buying, cancelling and resuming Pro (spec 3 §4, Plan choice, Cancel-all). A clinic whose trial
 * expired can always buy Pro: these actions have no plan gate. Outside a trial a saved card is charged the first month
 * at once; during a running trial nothing is charged now: the card is saved and Pro's paid period starts when the
 * trial ends, its first charge that day (the provider's renewal), so no trial day is lost. Without a saved card the
 * answer is the provider's checkout page, and the plan changes when the provider's webhook says so. Ending the plan
 * ends every subscription of the clinic with it (plan-end.ts).
 */
import { commerceMessages, effectivePlanStatus, formatDanishDate, isProScheduled, normalizePlanStatus, normalizePlanType, PRO_PLAN, proPurchaseTiming, type ParsedInput } from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import { customerHandle, customerRef, ensureCustomer, payWithSavedCard } from './customer.js';
import { endPlan, resumeWithPlan } from './plan-end.js';
import { oncePerKey, purchaseHandle } from './purchases.js';

export function planStateOf(company: Pick<CompanyDoc, 'planType' | 'status' | 'cancelDate' | 'planPeriodEnd' | 'proStartsAt'>) {
  return {
    planType: normalizePlanType(company.planType),
    status: normalizePlanStatus(company.status),
    cancelDate: company.cancelDate ?? null,
    planPeriodEnd: company.planPeriodEnd ?? null,
    proStartsAt: company.proStartsAt ?? null,
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
  const outcome = await oncePerKey(ctx, input.idempotencyKey, PRO_PLAN.key, handle, async () => {
    const company = await currentCompany(ctx);
    const now = ctx.now();
    const status = effectivePlanStatus(company, now);
    if (normalizePlanType(company.planType) === 'pro' && status === 'active') throw new ConflictError(commerceMessages.alreadyPro);
    if (isProScheduled(company)) throw new ConflictError(commerceMessages.proAlreadyScheduled);
    if (normalizePlanType(company.planType) === 'pro' && status === 'cancelled' && company.planHandle) {
      // Cancelled but still paid for: the cancellation is taken back, nothing is charged now, and what ended with the
      // plan and is still paid for goes on too.
      await payments.reactivateSubscription(company.planHandle);
      await resumeWithPlan(payments, ctx.db, now, ctx.services.logger);
      return { message: commerceMessages.proResumed };
    }
    // During a running trial Pro follows it: nothing is charged before the trial's last moment.
    const timing = proPurchaseTiming(company, now);
    const startsAt = timing.kind === 'atTrialEnd' ? timing.startsAt : null;
    const purchase = { kind: 'subscription' as const, handle, plan: PRO_PLAN.key, ordertext: `${PRO_PLAN.name} abonnement`, amountOre: PRO_PLAN.priceOre, startsAt };
    const customer = await ensureCustomer(ctx);
    await ctx.db.Subscription.updateOne({ handle }, { $setOnInsert: { kind: 'plan', product: PRO_PLAN.key, state: 'pending' } }, { upsert: true });
    if (input.cardId) {
      const cardId = input.cardId;
      await payWithSavedCard(ctx, cardId, () => payments.subscribe(customer, cardId, purchase));
      return { message: startsAt === null ? commerceMessages.proActive : commerceMessages.proScheduled(formatDanishDate(startsAt)) };
    }
    const checkout = await payments.createCheckout({ customer: customerRef(ctx), purchase, ...returnUrls(ctx), origin: ctx.origin });
    return { message: commerceMessages.toCheckout, url: checkout.url };
  });
  return { ...outcome, data: planStateOf(await currentCompany(ctx)) };
}

/** Pro is running (also while a renewal is retried) or bought to follow the trial: there is a plan to end. */
function hasPlanToEnd(company: CompanyDoc): boolean {
  const pro = normalizePlanType(company.planType) === 'pro' && normalizePlanStatus(company.status) === 'active';
  return Boolean(company.planHandle) && (pro || isProScheduled(company));
}

/**
 * 'Deaktiver' on the plan card: ends the plan, and everything the clinic pays for each month with it (plan-end.ts).
 * Refused when there is no plan to end.
 */
export async function cancelPro(ctx: OwnerContext) {
  const company = await currentCompany(ctx);
  if (!hasPlanToEnd(company)) throw new ConflictError(commerceMessages.nothingToCancel);
  const ended = await endPlan(ctx.services.payments, ctx.db, company);
  return { message: commerceMessages.cancelled, data: planStateOf(await currentCompany(ctx)), ended };
}

/** Cancel-all: the same as ending the plan, and also when only add-ons or colleagues are left to end. */
export async function cancelAll(ctx: OwnerContext) {
  const ended = await endPlan(ctx.services.payments, ctx.db, await currentCompany(ctx));
  if (ended.length === 0) throw new ConflictError(commerceMessages.nothingToCancel);
  return { message: commerceMessages.cancelled, data: planStateOf(await currentCompany(ctx)), ended };
}

export { customerHandle };

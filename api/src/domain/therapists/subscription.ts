/**
 * A colleague's own subscription (spec 3 §4: Therapist subscription display, Status dialog, Plan choice for a
 * therapist), managed by the owner. A new therapist is 'pending' until the owner chooses: the free trial
 * (one month at 0 kr., once per therapist) at once, or Pro through the payment provider (a saved card at once, or the
 * provider's page returning to /AdministrerTerapeut). The Pro state then follows the provider's webhooks
 * (domain/commerce/events.ts). Stop-subscription keeps access to the end of the period; deactivation ends access at
 * once (the therapist's sessions stop on their next call) and stops the subscription too.
 *
 * A colleague whose own subscription is pending or has run out cannot work in the clinic (endpoint/authenticate.ts);
 * the owner and a former owner (no subscription of their own) work on the clinic's plan. A colleague of the users page
 * starts on a 90-day trial of their own (trial.ts), and older ones were given it at start (migrations/colleague-trials.ts).
 */
import { allowsNewSubscriptions, commerceMessages, effectiveTherapistStatus, planRefusalText, THERAPIST_FREE_MONTH_MS, THERAPIST_PRO_PLAN, therapistMessages, type ParsedInput } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { customerRef, ensureCustomer, payWithSavedCard } from '../commerce/customer.js';
import { currentCompany, returnUrls } from '../commerce/plan.js';
import { oncePerKey, purchaseHandle } from '../commerce/purchases.js';
import { managedTherapist } from './admin.js';
import { subscriptionStateOf } from './view.js';

/** A colleague of the clinic (never the owner: the clinic's plan is theirs) and their subscription's status now. */
async function colleagueWithStatus(ctx: OwnerContext, therapistId: string) {
  const therapist = await managedTherapist(ctx, therapistId);
  if (therapist.isAdmin) throw new ValidationError(therapistMessages.ownerCannotBeChanged, { therapistId: therapistMessages.ownerCannotBeChanged });
  return { therapist, status: effectiveTherapistStatus(subscriptionStateOf(therapist), ctx.now()) };
}

export async function startTherapistTrial(ctx: OwnerContext, therapistId: string) {
  const { therapist, status } = await colleagueWithStatus(ctx, therapistId);
  if (therapist.isActive !== false && status === 'active') throw new ConflictError(therapistMessages.alreadyActive);
  if (therapist.subscription?.trialUsed) throw new ConflictError(therapistMessages.trialAlreadyUsed);
  // Once per therapist. Two simultaneous starts may both pass the condition on FerretDB (not atomic beyond `_id`):
  // they write the same trial, which is harmless; nothing is charged.
  const result = await ctx.db.Therapist.updateOne(
    { _id: therapist._id, 'subscription.trialUsed': { $ne: true } },
    { $set: { isActive: true, subscription: { planType: 'freeTrial', status: 'active', endsAt: ctx.now() + THERAPIST_FREE_MONTH_MS, handle: null, trialUsed: true } } },
  );
  if (result.modifiedCount === 0) throw new ConflictError(therapistMessages.trialAlreadyUsed);
  return { message: therapistMessages.freeTrialStarted };
}

export async function buyTherapistPro(ctx: OwnerContext, input: ParsedInput<'adminPurchaseTherapistProSubscription'>) {
  const { therapist, status } = await colleagueWithStatus(ctx, input.therapistId);
  const proRunning = therapist.subscription?.planType === 'pro' && (status === 'active' || status === 'cancelled');
  if (therapist.isActive !== false && status === 'active' && therapist.subscription?.planType === 'pro') throw new ConflictError(therapistMessages.alreadyActive);
  if (proRunning && therapist.subscription?.handle) {
    // Deactivated or cancelled while still paid for: back on, the cancellation taken back, nothing charged now. Not
    // while the clinic's own plan is ended: it would renew after the plan (commerce/plan-end.ts).
    if (status === 'cancelled') {
      const company = await currentCompany(ctx);
      if (!allowsNewSubscriptions(company, ctx.now())) throw new ConflictError(planRefusalText(company, commerceMessages.planNotRunning));
      await ctx.services.payments.reactivateSubscription(therapist.subscription.handle);
    }
    await ctx.db.Therapist.updateOne({ _id: therapist._id }, { $set: { isActive: true, 'subscription.status': 'active' } });
    return { message: therapistMessages.proStarted };
  }
  const handle = purchaseHandle(ctx, 's', input.idempotencyKey);
  const purchase = { kind: 'subscription' as const, handle, plan: THERAPIST_PRO_PLAN.key, ordertext: `${THERAPIST_PRO_PLAN.name}: ${therapist.nameFirst} ${therapist.nameLast}`, amountOre: THERAPIST_PRO_PLAN.priceOre };
  return oncePerKey(ctx, input.idempotencyKey, THERAPIST_PRO_PLAN.key, handle, async () => {
    // A colleague's Pro ends with the clinic's plan (commerce/plan-end.ts): none starts on a plan that is ended or not
    // usable, where it would be charged to a clinic that cannot work.
    const company = await currentCompany(ctx);
    if (!allowsNewSubscriptions(company, ctx.now())) throw new ConflictError(planRefusalText(company, commerceMessages.planNotRunning));
    const customer = await ensureCustomer(ctx);
    await ctx.db.Subscription.updateOne({ handle }, { $setOnInsert: { kind: 'therapist', product: THERAPIST_PRO_PLAN.key, state: 'pending', therapistId: therapist._id } }, { upsert: true });
    await ctx.db.Therapist.updateOne({ _id: therapist._id }, { $set: { isActive: true } });
    if (input.cardId) {
      const cardId = input.cardId;
      await payWithSavedCard(ctx, cardId, () => ctx.services.payments.subscribe(customer, cardId, purchase));
      return { message: therapistMessages.proStarted };
    }
    const checkout = await ctx.services.payments.createCheckout({
      customer: customerRef(ctx),
      purchase,
      ...returnUrls(ctx, '/AdministrerTerapeut'),
      origin: ctx.origin,
    });
    return { message: therapistMessages.proStarted, url: checkout.url };
  });
}

/** Stop-subscription (access to the end of the period) or, with `deactive`, deactivation (access ends now). */
export async function stopTherapist(ctx: OwnerContext, { therapistId, deactive }: ParsedInput<'adminCancelTherapistSubscription'>) {
  const { therapist, status } = await colleagueWithStatus(ctx, therapistId);
  const running = status === 'active' || status === 'pending';
  if (deactive) {
    if (therapist.isActive === false) throw new ConflictError(therapistMessages.alreadyInactive);
  } else if (!running) {
    throw new ConflictError(therapistMessages.alreadyStopped);
  }
  if (running && therapist.subscription?.planType === 'pro' && therapist.subscription.handle && status === 'active') {
    await ctx.services.payments.cancelSubscription(therapist.subscription.handle);
  }
  const set: Record<string, unknown> = {};
  if (therapist.subscription && running) set['subscription.status'] = therapist.subscription.status === 'pending' ? 'expired' : 'cancelled';
  if (deactive) set.isActive = false;
  await ctx.db.Therapist.updateOne({ _id: therapist._id }, { $set: set, ...(deactive ? { $inc: { tokenVersion: 1 } } : {}) });
  return { message: therapistMessages.subscriptionCancelled };
}

/**
 * The provider's webhook events are the source of truth for the clinic's plan and subscriptions: the
 * return pages only show what the server already knows. An event is applied once (PaymentEvent claim with orphan
 * recovery), and an older event of a subscription arriving after a newer one changes nothing (`lastEventAt`).
 *
 * The plan follows its Pro subscription: active (also while a failed renewal is retried: 'dunning' keeps the clinic
 * working) → Pro active until the period's end; cancelled → cancelled until the period's end; expired after a
 * cancellation → expired; expired because the provider gave up the failed renewals → pending (blocked until paid).
 * A Pro subscription that has not started (bought during the trial) leaves the plan the trial: the clinic
 * records when it starts (`proStartsAt`); its first charge, at the trial's end, makes the plan Pro like a renewal;
 * cancelled before it starts, it never does.
 */
import type { Types } from 'mongoose';
import { claimWithRecovery, ORPHAN_AFTER_MS } from '../../data/concurrency/claim-with-recovery.js';
import { tenantDb, type TenantDb } from '../../data/tenant-db.js';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import type { Charge, ProviderEvent, ProviderSubscription } from '../../adapters/payments/provider.js';
import { companyOfCustomer } from './customer.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Records the subscription's new state unless a newer event already did; answers whether it did. */
async function recordSubscription(db: TenantDb, event: ProviderEvent, subscription: ProviderSubscription): Promise<boolean> {
  const set: Record<string, unknown> = {
    state: subscription.state,
    periodFrom: subscription.period_from,
    periodTo: subscription.period_to,
    cardId: subscription.card_id,
    lastEventAt: event.timestamp,
  };
  if (subscription.state === 'cancelled') set.cancelledAt = event.timestamp;
  if (event.event_type === 'subscription_reactivated') set.cancelledAt = null;
  try {
    const result = await db.Subscription.updateOne(
      { handle: subscription.handle, lastEventAt: { $lte: event.timestamp } },
      { $set: set, $setOnInsert: { kind: subscription.plan === 'pro' ? 'plan' : subscription.plan === 'therapist' ? 'therapist' : 'addOn', product: subscription.plan } },
      { upsert: true },
    );
    return result.modifiedCount + result.upsertedCount > 0 || result.matchedCount > 0;
  } catch (error) {
    // The insert of an upsert ran into the newer record: this event is older.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** The clinic's plan after an event of a Pro subscription. */
async function followPlan(db: TenantDb, event: ProviderEvent, subscription: ProviderSubscription): Promise<void> {
  const company = await db.Company.findById(db.companyId, { planHandle: 1 }).lean();
  if (!company) return;
  if (subscription.starts_at !== null) {
    // Bought during the trial and waiting for its end: the trial goes on, nothing is paid yet.
    if (subscription.state === 'active') await db.Company.updateOne({}, { $set: { planHandle: subscription.handle, proStartsAt: subscription.starts_at } });
    else if (company.planHandle === subscription.handle) await db.Company.updateOne({}, { $set: { planHandle: null, proStartsAt: null } });
    return;
  }
  if (subscription.state === 'active') {
    // The most recently started (or renewed) Pro subscription is the one the plan follows.
    await db.Company.updateOne({}, { $set: { planHandle: subscription.handle, planType: 'pro', status: 'active', cancelDate: null, planPeriodEnd: subscription.period_to, proStartsAt: null } });
    return;
  }
  if (company.planHandle !== subscription.handle) return;
  if (subscription.state === 'dunning') {
    // Also a first charge (at the trial's end) that failed: Pro has started, and is retried like a renewal.
    await db.Company.updateOne({}, { $set: { planType: 'pro', status: 'active', proStartsAt: null } });
  } else if (subscription.state === 'cancelled') {
    await db.Company.updateOne({}, { $set: { planType: 'pro', status: 'cancelled', cancelDate: subscription.period_to, planPeriodEnd: subscription.period_to } });
  } else if (subscription.state === 'expired') {
    const local = await db.Subscription.findOne({ handle: subscription.handle }, { cancelledAt: 1 }).lean();
    await db.Company.updateOne({}, { $set: { planType: 'pro', status: local?.cancelledAt ? 'expired' : 'pending' } });
  }
  void event;
}

/** A monthly add-on is on while its subscription is (also while a renewal is retried, and until a cancelled period ends). */
async function followAddOn(db: TenantDb, subscription: ProviderSubscription): Promise<void> {
  const on = subscription.state === 'active' || subscription.state === 'dunning' || subscription.state === 'cancelled';
  if (subscription.plan === 'drive') await db.Company.updateOne({}, { $set: { driveAddOnActive: on } });
}

/** A colleague's own Pro: the therapist's subscription follows it (a retried renewal keeps them working). */
async function followTherapist(db: TenantDb, subscription: ProviderSubscription): Promise<void> {
  const local = await db.Subscription.findOne({ handle: subscription.handle }, { therapistId: 1 }).lean();
  if (!local?.therapistId) return;
  const status = subscription.state === 'active' || subscription.state === 'dunning' ? 'active' : subscription.state;
  await db.Therapist.updateOne(
    { _id: local.therapistId, deletedAt: null },
    { $set: { subscription: { planType: 'pro', status, endsAt: subscription.period_to, handle: subscription.handle, trialUsed: true } } },
  );
}

/** A settled one-time charge: the add-on its purchase was for takes effect, once per charge. */
async function applyOneTimePurchase(db: TenantDb, charge: Charge): Promise<void> {
  const purchase = await db.Purchase.findOne({ handle: charge.handle }, { product: 1 }).lean();
  if (!purchase) return;
  try {
    await db.AddOnPurchase.create({ _id: charge.handle, addOn: purchase.product });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  if (purchase.product === 'importdata') await db.Company.updateOne({}, { $set: { importDataActive: true } });
}

async function apply(db: TenantDb, event: ProviderEvent): Promise<void> {
  const subscription = event.subscription;
  if (subscription) {
    if (!(await recordSubscription(db, event, subscription))) return;
    if (subscription.plan === 'pro') await followPlan(db, event, subscription);
    else if (subscription.plan === 'therapist') await followTherapist(db, subscription);
    else await followAddOn(db, subscription);
    return;
  }
  if (event.event_type === 'invoice_settled' && event.invoice && !event.invoice.subscription) await applyOneTimePurchase(db, event.invoice);
}

/** A verified webhook as the adapter read it: the provider's event id, type and customer, and the event if used. */
export interface VerifiedPaymentEvent {
  id: string;
  type: string;
  customer: string;
  event: ProviderEvent | null;
}

/**
 * Applies a verified provider event once. It takes the models, not a context: an event arrives from the provider
 * (endpoint/payments.ts) and names its clinic by the customer handle; from there on only that clinic's scoped data is
 * used, and the PaymentEvent ledger (platform) is the one thing read across clinics.
 *
 * Every verified event is recorded under its id before anything is decided about it, also one the product ignores
 * (a type it does not use, a customer that is no clinic): a verified webhook is then spent, and sending it again,
 * whatever else is written around it, is a duplicate.
 */
export async function applyPaymentEvent(models: Models, verified: VerifiedPaymentEvent, now: number): Promise<EventOutcome> {
  const { id, event } = verified;
  const { PaymentEvent } = models;
  let holder: string;
  try {
    // An event's effects are states set from the provider's own records (repeatable), so an unfinished claim older
    // than a minute is taken over and the event applied again.
    holder = await claimWithRecovery(
      {
        insert: (token) => PaymentEvent.create({ _id: id, type: verified.type || 'unknown', customer: verified.customer, receivedAt: now, holder: token }),
        find: () => PaymentEvent.findById(id).lean(),
        settle: (claim) => (!claim.applied && claim.receivedAt < now - ORPHAN_AFTER_MS ? 'abandoned' : 'held'),
        removeAbandoned: (previous) => PaymentEvent.deleteOne({ _id: id, holder: previous, applied: false }),
      },
      'duplicate',
    );
  } catch (error) {
    if (error instanceof ConflictError) return 'duplicate';
    throw error;
  }
  const companyId: Types.ObjectId | null = event ? companyOfCustomer(event.customer) : null;
  try {
    if (event && companyId) {
      const db = tenantDb(models, companyId);
      if (await db.Company.exists({})) await apply(db, event);
    }
  } catch (error) {
    // Not applied: this request's claim goes, so the provider's retry applies it.
    await PaymentEvent.deleteOne({ _id: id, holder, applied: false });
    throw error;
  }
  await PaymentEvent.updateOne({ _id: id, holder }, { $set: { applied: true } });
  return event && companyId ? 'applied' : 'ignored';
}

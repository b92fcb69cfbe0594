/**
 * The add-ons (spec 3, Add-ons page; §4 Add-on status, Payment flow). What they do is decided here and by the
 * provider's webhooks, never by the page:
 * - storage (one-time): each settled purchase adds 5 GB to the clinic's image quota (AddOnPurchase ledger);
 * - importdata (one-time): unlocks the data import (`company.importDataActive`);
 * - drive (monthly): the cloud-drive backup is on while its subscription is (`company.driveAddOnActive`);
 * - accounting (free with Pro): activated and deactivated without payment; deactivating disconnects it.
 */
import {
  ADD_ONS,
  addOnOffer,
  allowsFreeWithPro,
  allowsNewSubscriptions,
  allowsProFeatures,
  commerceMessages,
  planRefusalText,
  type AddOnOffer,
  type AddOnView,
  type ParsedInput,
} from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import type { SubscriptionDoc } from '../../models/index.js';
import { disconnect } from '../accounting/connection.js';
import { customerHandle, customerRef, ensureCustomer, payWithSavedCard } from './customer.js';
import { currentCompany, returnUrls } from './plan.js';
import { oncePerKey, purchaseHandle, type PurchaseOutcome } from './purchases.js';

function offerOf(key: string): AddOnOffer {
  const offer = addOnOffer(key);
  if (!offer) throw new NotFoundError(commerceMessages.addOnUnknown);
  return offer;
}

/** The newest subscription of a monthly add-on that ever became real (not only started). */
async function latestSubscription(db: TenantDb, key: string): Promise<SubscriptionDoc | null> {
  return db.Subscription.findOne({ kind: 'addOn', product: key, state: { $ne: 'pending' } }).sort({ createdAt: -1 }).lean();
}

function subscriptionStatus(subscription: SubscriptionDoc | null): AddOnView['status'] {
  if (!subscription) return null;
  if (subscription.state === 'active' || subscription.state === 'dunning') return 'active';
  if (subscription.state === 'cancelled') return 'cancelled';
  if (subscription.state === 'expired') return 'expired';
  return 'pending';
}

export async function addOnViews(ctx: TherapistContext): Promise<AddOnView[]> {
  const [company, storagePurchases, importPurchases, drive] = await Promise.all([
    currentCompany(ctx),
    ctx.db.AddOnPurchase.countDocuments({ addOn: 'storage' }),
    ctx.db.AddOnPurchase.countDocuments({ addOn: 'importdata' }),
    latestSubscription(ctx.db, 'drive'),
  ]);
  return ADD_ONS.map((offer) => {
    let status: AddOnView['status'] = null;
    let purchased = 0;
    if (offer.key === 'storage') {
      purchased = storagePurchases;
      status = purchased > 0 ? 'active' : null;
    } else if (offer.key === 'importdata') {
      purchased = importPurchases;
      status = company.importDataActive ? 'active' : null;
    } else if (offer.key === 'drive') {
      status = subscriptionStatus(drive);
    } else if (offer.key === 'accounting') {
      status = company.accountingAddOnActive ? 'active' : null;
    }
    return {
      id: offer.key,
      name: offer.name,
      englishName: offer.englishName,
      description: offer.description,
      price: offer.priceOre / 100,
      priceOre: offer.priceOre,
      currency: 'DKK' as const,
      isActive: true,
      isFree: offer.priceOre === 0,
      isNew: false,
      oneTimePurchase: offer.oneTimePurchase,
      freeWithPro: offer.freeWithPro,
      text: offer.text,
      status,
      cancelDate: offer.key === 'drive' && drive?.state === 'cancelled' ? (drive.periodTo ?? null) : null,
      subscriptionHandleId: offer.key === 'drive' && drive ? drive.handle : null,
      purchased,
    };
  });
}


/** A one-time add-on: charged at once with a saved card, or on the provider's page. */
export async function buyOneTime(ctx: OwnerContext, input: ParsedInput<'singleTimePayment'>): Promise<PurchaseOutcome & { addOnName: string; invoice?: string; customer?: string }> {
  const offer = offerOf(input.id);
  if (!offer.oneTimePurchase) throw new ValidationError(commerceMessages.notOneTime, { id: commerceMessages.notOneTime });
  const handle = purchaseHandle(ctx, 'o', input.idempotencyKey);
  const outcome = await oncePerKey(ctx, input.idempotencyKey, offer.key, handle, async () => {
    const company = await currentCompany(ctx);
    // Nothing is charged to a clinic whose plan is not usable; the pages never offer it, the API refuses it.
    if (!allowsProFeatures(company, ctx.now())) throw new ConflictError(planRefusalText(company, commerceMessages.planNotRunning));
    if (offer.key === 'importdata' && company.importDataActive) throw new ConflictError(commerceMessages.addOnAlreadyActive);
    const customer = await ensureCustomer(ctx);
    const purchase = { kind: 'charge' as const, handle, ordertext: offer.name, amountOre: offer.priceOre };
    if (input.cardId) {
      const cardId = input.cardId;
      await payWithSavedCard(ctx, cardId, () => ctx.services.payments.charge(customer, cardId, purchase));
      return { message: offer.key === 'storage' ? commerceMessages.storageBought : commerceMessages.importBought };
    }
    const success = offer.key === 'storage' ? '/payment/storage-success' : '/payment/importdata-success';
    const checkout = await ctx.services.payments.createCheckout({ customer: customerRef(ctx), purchase, ...returnUrls(ctx, success), origin: ctx.origin });
    return { message: commerceMessages.toCheckout, url: checkout.url };
  });
  return { ...outcome, addOnName: offer.name, ...(outcome.url ? {} : { invoice: handle, customer: customerHandle(ctx.company._id) }) };
}

/** A monthly add-on: a subscription, on a saved card or on the provider's page. */
export async function subscribeAddOn(ctx: OwnerContext, input: ParsedInput<'createSubscription'>): Promise<PurchaseOutcome & { addOnName: string }> {
  const offer = offerOf(input.id);
  if (offer.oneTimePurchase) throw new ValidationError(commerceMessages.notSubscription, { id: commerceMessages.notSubscription });
  if (offer.freeWithPro) throw new ValidationError(commerceMessages.freeWithProOnly, { id: commerceMessages.freeWithProOnly });
  const handle = purchaseHandle(ctx, 's', input.idempotencyKey);
  const outcome = await oncePerKey(ctx, input.idempotencyKey, offer.key, handle, async () => {
    // A monthly add-on ends with the plan (plan-end.ts): none starts on a plan that is ended or not usable.
    const company = await currentCompany(ctx);
    if (!allowsNewSubscriptions(company, ctx.now())) throw new ConflictError(planRefusalText(company, commerceMessages.planNotRunning));
    if (subscriptionStatus(await latestSubscription(ctx.db, offer.key)) === 'active') throw new ConflictError(commerceMessages.addOnAlreadyActive);
    const customer = await ensureCustomer(ctx);
    await ctx.db.Subscription.updateOne({ handle }, { $setOnInsert: { kind: 'addOn', product: offer.key, state: 'pending' } }, { upsert: true });
    const purchase = { kind: 'subscription' as const, handle, plan: offer.key, ordertext: offer.name, amountOre: offer.priceOre };
    if (input.cardId) {
      const cardId = input.cardId;
      await payWithSavedCard(ctx, cardId, () => ctx.services.payments.subscribe(customer, cardId, purchase));
      return { message: commerceMessages.addOnActive };
    }
    const checkout = await ctx.services.payments.createCheckout({ customer: customerRef(ctx), purchase, ...returnUrls(ctx), origin: ctx.origin });
    return { message: commerceMessages.toCheckout, url: checkout.url };
  });
  return { ...outcome, addOnName: offer.name };
}

export async function cancelAddOn(ctx: OwnerContext, key: string): Promise<void> {
  const offer = offerOf(key);
  if (offer.oneTimePurchase || offer.freeWithPro) throw new ValidationError(commerceMessages.nothingToCancel, { id: commerceMessages.nothingToCancel });
  const subscription = await latestSubscription(ctx.db, offer.key);
  if (!subscription || subscriptionStatus(subscription) !== 'active') throw new ConflictError(commerceMessages.nothingToCancel);
  await ctx.services.payments.cancelSubscription(subscription.handle);
}


export async function activateFree(ctx: OwnerContext, key: string): Promise<void> {
  const offer = offerOf(key);
  if (!offer.freeWithPro) throw new ValidationError(commerceMessages.addOnUnknown, { id: commerceMessages.addOnUnknown });
  const company = await currentCompany(ctx);
  if (!allowsFreeWithPro(company, ctx.now())) throw new ForbiddenError(planRefusalText(company, commerceMessages.proRequired));
  if (company.accountingAddOnActive) throw new ConflictError(commerceMessages.addOnAlreadyActive);
  await ctx.db.Company.updateOne({}, { $set: { accountingAddOnActive: true } });
}

export async function deactivateFree(ctx: OwnerContext, key: string): Promise<void> {
  const offer = offerOf(key);
  if (!offer.freeWithPro) throw new ValidationError(commerceMessages.addOnUnknown, { id: commerceMessages.addOnUnknown });
  // Deactivating the accounting integration also disconnects it (spec 3 §4): the refresh token goes, and so do the
  // invoices waiting to be transferred.
  await ctx.db.Company.updateOne({}, { $set: { accountingAddOnActive: false } });
  await disconnect(ctx.db);
}

/** The return page of a one-time purchase: its charge as the provider has it, and the add-on it bought. */
export async function oneTimeReturn(ctx: OwnerContext, invoice: string) {
  const charge = await ctx.services.payments.getCharge(invoice);
  if (!charge || charge.customer !== customerHandle(ctx.company._id) || charge.subscription) throw new NotFoundError(commerceMessages.invoiceUnknown);
  const purchase = await ctx.db.Purchase.findOne({ handle: invoice }, { product: 1 }).lean();
  const offer = purchase ? addOnOffer(purchase.product) : undefined;
  return { state: charge.state, addOn: offer?.key ?? null, addOnName: offer?.name ?? charge.ordertext, amount: charge.amount };
}

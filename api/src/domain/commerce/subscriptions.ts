/** The clinic's subscriptions, cards and transactions as /Abonnement, /Abonnement/{id} and /Transactions show them. */
import { ADD_ONS, commerceMessages, normalizePlanType, PRO_PLAN, type ParsedInput, type SavedCardView, type SubscriptionView, type TransactionView } from '@klinik/core';
import type { Charge, SavedCard } from '../../adapters/payments/provider.js';
import type { OwnerContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { SubscriptionDoc } from '../../models/index.js';
import { assertOwnCard, customerHandle, customerRef, savedCards as cards } from './customer.js';
import { currentCompany, planStateOf, returnUrls } from './plan.js';
import { subscriptionsEndingWithPlan } from './plan-end.js';

function productName(product: string): { name: string; priceOre: number } {
  if (product === PRO_PLAN.key) return { name: PRO_PLAN.name, priceOre: PRO_PLAN.priceOre };
  const offer = ADD_ONS.find((candidate) => candidate.key === product);
  return { name: offer?.name ?? product, priceOre: offer?.priceOre ?? 0 };
}

function toSubscriptionView(doc: SubscriptionDoc): SubscriptionView {
  const { name, priceOre } = productName(doc.product);
  const state = doc.state ?? 'pending';
  return {
    id: doc.handle,
    kind: doc.kind === 'plan' ? 'plan' : 'addOn',
    product: doc.product,
    name,
    state,
    priceOre,
    period_from: doc.periodFrom ?? null,
    period_to: doc.periodTo ?? null,
    nextPaymentDate: state === 'active' || state === 'dunning' ? (doc.periodTo ?? null) : null,
    cancelledAt: doc.cancelledAt ?? null,
  };
}

export function toCardView(card: SavedCard): SavedCardView {
  return { id: card.id, customer: card.customer, card: { masked_card: card.masked_card, fingerprint: card.fingerprint } };
}

export function toTransaction(charge: Charge): TransactionView {
  return {
    id: charge.handle,
    created: charge.created,
    order_lines: [{ ordertext: charge.ordertext }],
    amount_ex_vat: charge.amount_ex_vat,
    amount_vat: charge.amount_vat,
    amount: charge.amount,
    state: charge.state,
    transactions: [{ card_transaction: { masked_card: charge.masked_card }, payment_type: 'card' }],
  };
}

export async function purchasedSubscriptions(ctx: OwnerContext) {
  const [docs, company, saved] = await Promise.all([
    ctx.db.Subscription.find({ state: { $ne: 'pending' }, kind: { $ne: 'therapist' } }).sort({ kind: -1, createdAt: 1 }).lean(),
    currentCompany(ctx),
    cards(ctx),
  ]);
  const now = ctx.now();
  const trialEnd = normalizePlanType(company.planType) === 'freeTrial' && company.trial && company.trial > now ? company.trial : null;
  return {
    data: docs.map((doc) => toSubscriptionView(doc as SubscriptionDoc)),
    info: {
      isInvoiceFound: docs.some((doc) => doc.kind === 'plan'),
      trial_end: trialEnd,
      isPaymentCardAdd: saved.length > 0,
      proStartsAt: company.proStartsAt ?? null,
      endsWithPlan: await subscriptionsEndingWithPlan(ctx.db, company),
    },
  };
}

async function ownSubscription(ctx: OwnerContext, handle: string): Promise<SubscriptionDoc> {
  const doc = await ctx.db.Subscription.findOne({ handle, state: { $ne: 'pending' }, kind: { $ne: 'therapist' } }).lean();
  if (!doc) throw new NotFoundError(commerceMessages.subscriptionUnknown);
  return doc;
}

export async function subscriptionSettings(ctx: OwnerContext, handle: string) {
  const doc = await ownSubscription(ctx, handle);
  const customer = customerHandle(ctx.company._id);
  const [saved, charges] = await Promise.all([cards(ctx), ctx.services.payments.listCharges(customer, null, 100)]);
  return {
    ...toSubscriptionView(doc),
    transactions: charges.content.filter((charge) => charge.subscription === handle).map(toTransaction),
    cards: saved.map(toCardView),
    activeCard: doc.cardId ?? null,
  };
}

export async function savedCards(ctx: OwnerContext): Promise<SavedCardView[]> {
  return (await cards(ctx)).map(toCardView);
}

export async function hasSavedCard(ctx: OwnerContext): Promise<boolean> {
  return (await cards(ctx)).length > 0;
}

export async function addCard(ctx: OwnerContext, returnTo: string): Promise<string> {
  const customer = customerRef(ctx);
  await ctx.services.payments.ensureCustomer(customer);
  const { acceptUrl, cancelUrl } = returnUrls(ctx, returnTo);
  return (await ctx.services.payments.createCheckout({ customer, purchase: { kind: 'card' }, acceptUrl, cancelUrl, origin: ctx.origin })).url;
}


export async function changeSubscriptionCard(ctx: OwnerContext, input: ParsedInput<'updateSubscriptionPaymentMethod'>): Promise<void> {
  const doc = await ownSubscription(ctx, input.id);
  await assertOwnCard(ctx, input.cardId);
  await ctx.services.payments.setSubscriptionCard(doc.handle, input.cardId);
  await ctx.db.Subscription.updateOne({ handle: doc.handle }, { $set: { cardId: input.cardId } });
}

export async function changeAllCards(ctx: OwnerContext, cardId: string): Promise<void> {
  await assertOwnCard(ctx, cardId);
  const docs = await ctx.db.Subscription.find({ state: { $in: ['active', 'dunning', 'cancelled'] } }, { handle: 1 }).lean();
  for (const doc of docs) {
    await ctx.services.payments.setSubscriptionCard(doc.handle, cardId);
    await ctx.db.Subscription.updateOne({ handle: doc.handle }, { $set: { cardId } });
  }
}

export async function transactions(ctx: OwnerContext, pageToken: string | null) {
  const page = await ctx.services.payments.listCharges(customerHandle(ctx.company._id), pageToken, 20);
  return { content: page.content.map(toTransaction), next_page_token: page.next_page_token };
}

/** The return page: the clinic's own charge, as the provider has it; another clinic's is simply not found. */
export async function chargeOnReturn(ctx: OwnerContext, invoice: string) {
  const charge = await ctx.services.payments.getCharge(invoice);
  if (!charge || charge.customer !== customerHandle(ctx.company._id)) throw new NotFoundError(commerceMessages.invoiceUnknown);
  return { state: charge.state, ordertext: charge.ordertext, amount: charge.amount, plan: planStateOf(await currentCompany(ctx)) };
}

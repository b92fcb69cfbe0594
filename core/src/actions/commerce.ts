/**
 * Buying and keeping Pro, the clinic's cards, subscriptions and transactions (spec 3 §7 'Add-ons and payment' and
 * 'Therapist subscription'; issue 12). Every purchase carries an idempotency key chosen by the page (one per purchase
 * the owner starts): the same key twice never charges twice. Where the spec shows no payload, the one here is ours
 * (docs/actions.md).
 */
import { z } from 'zod';
import { commerceMessages, TRANSACTION_STATES } from '../commerce.js';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { PLAN_STATUSES, PLAN_TYPES } from '../plan.js';

export const idempotencyKey = z
  .string({ error: commerceMessages.purchaseKeyMissing })
  .regex(/^[A-Za-z0-9-]{16,64}$/, commerceMessages.purchaseKeyMissing);
/** A saved card's id, or null: pay with a new card on the provider's page. */
const cardChoice = z.string().regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown).nullable().default(null);
/** A subscription's handle as the pages name it. */
const subscriptionHandle = z.string().regex(/^s[a-f0-9]{24}-[A-Za-z0-9-]{16,64}$/, commerceMessages.subscriptionUnknown);

const planState = z.strictObject({ planType: z.enum(PLAN_TYPES), status: z.enum(PLAN_STATUSES), cancelDate: z.number().nullable(), planPeriodEnd: z.number().nullable() });

export const savedCardSchema = z.strictObject({
  id: z.string(),
  customer: z.string(),
  card: z.strictObject({ masked_card: z.string(), fingerprint: z.string() }),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;

export const transactionSchema = z.strictObject({
  id: z.string(),
  created: z.number(),
  order_lines: z.array(z.strictObject({ ordertext: z.string() })),
  amount_ex_vat: z.number().int(),
  amount_vat: z.number().int(),
  amount: z.number().int(),
  state: z.enum(TRANSACTION_STATES),
  transactions: z.array(z.strictObject({ card_transaction: z.strictObject({ masked_card: z.string() }), payment_type: z.string() })),
});
export type TransactionView = z.infer<typeof transactionSchema>;

export const subscriptionViewSchema = z.strictObject({
  /** The subscription handle (/Abonnement/{id}). */
  id: z.string(),
  kind: z.enum(['plan', 'addOn']),
  product: z.string(),
  name: z.string(),
  state: z.enum(['pending', 'active', 'dunning', 'cancelled', 'expired']),
  priceOre: z.number().int(),
  period_from: z.number().nullable(),
  period_to: z.number().nullable(),
  /** When the next period is charged; null once cancelled or expired. */
  nextPaymentDate: z.number().nullable(),
  cancelledAt: z.number().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const commerceActions = {
  purchasedProPlanSubscription: defineAction({
    access: 'owner',
    summary:
      'Buys the Pro plan: with a saved card it is charged now and answers the new plan; without one it answers `url`, the provider\'s checkout page. A cancelled Pro plan still in its period is taken up again without a charge.',
    input: z.strictObject({ cardId: cardChoice, idempotencyKey }),
    output: z.strictObject({ message: z.string(), url: z.string().optional(), data: planState }),
  }),
  cancelProPlanSubscription: defineAction({
    access: 'owner',
    summary: 'Cancels the Pro plan at the end of the paid period (usable until then).',
    input: noInput,
    output: z.strictObject({ message: z.string(), data: planState }),
  }),
  cancelTherapistAllSubscription: defineAction({
    access: 'owner',
    summary: "Cancel-all (/Abonnement): cancels the Pro plan and every add-on subscription at the end of their periods. `therapistId`, when sent, must be the caller's.",
    input: z.strictObject({ therapistId: z.string().regex(/^[a-f0-9]{24}$/i).optional() }),
    output: z.strictObject({ message: z.string(), data: planState }),
  }),
  getTherapistAllPurchasedSubscription: defineAction({
    access: 'owner',
    summary: "The clinic's subscriptions (plan and add-ons) with their periods, and the subscription info of the plan card.",
    input: noInput,
    output: z.strictObject({
      data: z.array(subscriptionViewSchema),
      info: z.strictObject({ isInvoiceFound: z.boolean(), trial_end: z.number().nullable(), isPaymentCardAdd: z.boolean() }),
    }),
  }),
  getSubscriptionSettings: defineAction({
    access: 'owner',
    summary: '/Abonnement/{id}: one subscription with its period, next payment, its transactions, the saved cards and the card it uses.',
    input: z.strictObject({ id: subscriptionHandle }),
    output: z.strictObject({
      data: subscriptionViewSchema.extend({ transactions: z.array(transactionSchema), cards: z.array(savedCardSchema), activeCard: z.string().nullable() }).strict(),
    }),
  }),
  getAllCompanyCustomPaymentCards: defineAction({
    access: 'owner',
    summary: "The clinic's saved cards (masked).",
    input: noInput,
    output: z.strictObject({ data: z.array(savedCardSchema) }),
  }),
  paymentCardAddOrNot: defineAction({
    access: 'owner',
    summary: 'Whether the clinic has a saved card.',
    input: noInput,
    output: z.strictObject({ data: z.strictObject({ isPaymentCardAdd: z.boolean() }) }),
  }),
  addPaymentMethod: defineAction({
    access: 'owner',
    summary: "Saves a new card: answers `url`, the provider's page; it returns to /Abonnement.",
    input: z.strictObject({ returnTo: z.string().regex(/^\/Abonnement(\/[A-Za-z0-9-]+)?$/).default('/Abonnement') }),
    output: z.strictObject({ message: z.string(), url: z.string() }),
  }),
  updateSubscriptionPaymentMethod: defineAction({
    access: 'owner',
    summary: 'The saved card one subscription draws its renewals on.',
    input: z.strictObject({ id: subscriptionHandle, cardId: z.string().regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown) }),
    output: messageAnswer,
  }),
  updateAllPaymentMethod: defineAction({
    access: 'owner',
    summary: 'The saved card every active subscription draws its renewals on; `confirmAll` is the required checkbox.',
    input: z.strictObject({
      cardId: z.string().regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown),
      confirmAll: z.literal(true, { error: commerceMessages.fieldRequired }),
    }),
    output: messageAnswer,
  }),
  getCustomerAllTransaction: defineAction({
    access: 'owner',
    summary: "The clinic's transactions, newest first, 20 a page; `next_page_token` null on the last page.",
    input: z.strictObject({ next_page_token: z.string().max(200).nullable().optional() }),
    output: z.strictObject({ content: z.array(transactionSchema), next_page_token: z.string().nullable() }),
  }),
  registerInvoice: defineAction({
    access: 'owner',
    summary: "The payment return page: the state of the clinic's charge `invoice` as the server knows it (never the query string's word).",
    input: z.strictObject({ invoice: z.string().regex(/^[A-Za-z0-9_-]{4,120}$/, commerceMessages.invoiceUnknown), customerHandle: z.string().max(40).optional() }),
    output: z.strictObject({ data: z.strictObject({ state: z.enum(TRANSACTION_STATES), ordertext: z.string(), amount: z.number().int(), plan: planState }) }),
  }),
} as const;

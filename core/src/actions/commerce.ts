/**
 * Buying and keeping Pro, the clinic's cards, subscriptions and transactions (spec 3 §7 'Add-ons and payment' and
 * 'Therapist subscription'). Every purchase carries an idempotency key chosen by the page (one per purchase
 * the owner starts): the same key twice never charges twice. Where the spec shows no payload, the one here is ours
 * (docs/actions.md).
 */
import { z } from 'zod';
import { ADD_ON_KEYS, commerceMessages, TRANSACTION_STATES } from '../commerce.js';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { PLAN_STATUSES, PLAN_TYPES } from '../plan.js';

export const idempotencyKey = z
  .string({ error: commerceMessages.purchaseKeyMissing })
  .max(200, commerceMessages.purchaseKeyMissing)
  .regex(/^[A-Za-z0-9-]{16,64}$/, commerceMessages.purchaseKeyMissing);
/** A saved card's id, or null: pay with a new card on the provider's page. */
const cardChoice = z.string().max(200).regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown).nullable().default(null);
/** A subscription's handle as the pages name it. */
const subscriptionHandle = z.string().max(200).regex(/^s[a-f0-9]{24}-[A-Za-z0-9-]{16,64}$/, commerceMessages.subscriptionUnknown);

const planState = z.strictObject({
  planType: z.enum(PLAN_TYPES),
  status: z.enum(PLAN_STATUSES),
  cancelDate: z.number().nullable(),
  planPeriodEnd: z.number().nullable(),
  /** Pro bought during the trial: its paid period and first charge start then (null otherwise). */
  proStartsAt: z.number().nullable(),
});

/**
 * One subscription that ends when the clinic's plan is ended: Pro, each add-on subscription, each
 * colleague's own Pro. `endsAt` is the end of the period paid for (nothing is charged after it); `startsAt` is set
 * for Pro bought during the trial, which then never starts and is never charged.
 */
export const endingSubscriptionSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['plan', 'addOn', 'therapist']),
  name: z.string(),
  endsAt: z.number().nullable(),
  startsAt: z.number().nullable(),
});
export type EndingSubscription = z.infer<typeof endingSubscriptionSchema>;

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

const addOnKey = z.enum(ADD_ON_KEYS, { error: commerceMessages.addOnUnknown });

export const addOnViewSchema = z.strictObject({
  /** The add-on's key (also its englishName). */
  id: z.enum(ADD_ON_KEYS),
  name: z.string(),
  englishName: z.enum(ADD_ON_KEYS),
  description: z.string(),
  /** Kroner excl. VAT, as the card shows it ('kr.{price},00/unit'). */
  price: z.number(),
  priceOre: z.number().int(),
  currency: z.literal('DKK'),
  isActive: z.boolean(),
  isFree: z.boolean(),
  isNew: z.boolean(),
  oneTimePurchase: z.boolean(),
  freeWithPro: z.boolean(),
  /** The unit label: 'stk' or 'måned'. */
  text: z.enum(['stk', 'måned']),
  /** The clinic's state of the add-on: null when never bought or activated. */
  status: z.enum(['active', 'cancelled', 'pending', 'expired']).nullable(),
  /** A cancelled monthly add-on is usable until then. */
  cancelDate: z.number().nullable(),
  /** The monthly add-on's subscription handle (/Abonnement/{id}). */
  subscriptionHandleId: z.string().nullable(),
  /** One-time add-ons bought so far (storage: each adds 5 GB). */
  purchased: z.number().int(),
});
export type AddOnView = z.infer<typeof addOnViewSchema>;

const purchaseAnswer = z.strictObject({
  message: z.string(),
  url: z.string().optional(),
  addOnName: z.string().optional(),
  /** The charge of a one-time purchase made with a saved card, for its return page. */
  invoice: z.string().optional(),
  customer: z.string().optional(),
});

export const commerceActions = {
  getAllAddOn: defineAction({
    access: 'therapist',
    summary: "The add-ons with the clinic's state of each; `isAdmin` says whether the caller may buy (others are told to ask the clinic).",
    input: noInput,
    output: z.strictObject({ isAdmin: z.boolean(), data: z.array(addOnViewSchema) }),
  }),
  singleTimePayment: defineAction({
    access: 'owner',
    summary:
      "Buys a one-time add-on (storage: 5 GB more each time; importdata): with a saved card at once, else `url` to the provider's page, which returns to /payment/storage-success or /payment/importdata-success. One charge per idempotency key.",
    input: z.strictObject({ id: addOnKey, cardId: cardChoice, idempotencyKey }),
    output: purchaseAnswer,
  }),
  createSubscription: defineAction({
    access: 'owner',
    summary: "Starts a monthly add-on (the cloud-drive backup) on a saved card, or answers `url` to the provider's page. One subscription per idempotency key.",
    input: z.strictObject({ id: addOnKey, cardId: cardChoice, idempotencyKey }),
    output: purchaseAnswer,
  }),
  cancelSubscription: defineAction({
    access: 'owner',
    summary: 'Cancels a monthly add-on at the end of its period (usable until then).',
    input: z.strictObject({ id: addOnKey }),
    output: messageAnswer,
  }),
  freeAddOnWithProPlan: defineAction({
    access: 'owner',
    summary: 'Activates an add-on that is free with Pro (the accounting integration); refused without an active Pro plan.',
    input: z.strictObject({ id: addOnKey }),
    output: messageAnswer,
  }),
  cancelFreeAddOnWithProPlan: defineAction({
    access: 'owner',
    summary: 'Deactivates a free-with-Pro add-on; deactivating the accounting integration also disconnects it.',
    input: z.strictObject({ id: addOnKey }),
    output: messageAnswer,
  }),
  singleTimePaymentSuccess: defineAction({
    access: 'owner',
    summary: "A one-time purchase's return page: the charge's state as the server knows it, and the add-on it bought.",
    input: z.strictObject({ invoice: z.string().max(200).regex(/^[A-Za-z0-9_-]{4,120}$/, commerceMessages.invoiceUnknown) }),
    output: z.strictObject({ data: z.strictObject({ state: z.enum(TRANSACTION_STATES), addOn: z.enum(ADD_ON_KEYS).nullable(), addOnName: z.string(), amount: z.number().int() }) }),
  }),

  purchasedProPlanSubscription: defineAction({
    access: 'owner',
    summary:
      "Buys the Pro plan: with a saved card it is charged now and answers the new plan; without one it answers `url`, the provider's checkout page. During a running free trial nothing is charged now: the card is saved and the paid period starts when the trial ends (`proStartsAt`), with its first charge that day. A cancelled Pro plan still in its period is taken up again without a charge, and so is what ended with it.",
    input: z.strictObject({ cardId: cardChoice, idempotencyKey }),
    output: z.strictObject({ message: z.string(), url: z.string().optional(), data: planState }),
  }),
  cancelProPlanSubscription: defineAction({
    access: 'owner',
    summary:
      "'Deaktiver' on the plan card: ends the clinic's plan, and with it every subscription of the clinic (each add-on subscription, each colleague's own Pro), each at the end of the period paid for; nothing is charged after. Pro bought during the trial never starts.",
    input: noInput,
    output: z.strictObject({ message: z.string(), data: planState, ended: z.array(endingSubscriptionSchema) }),
  }),
  cancelTherapistAllSubscription: defineAction({
    access: 'owner',
    summary: "Cancel-all (/Abonnement): ends the Pro plan, every add-on subscription and every colleague's own Pro, each at the end of its period (the same as ending the plan). `therapistId`, when sent, must be the caller's.",
    input: z.strictObject({ therapistId: z.string().max(200).regex(/^[a-f0-9]{24}$/i).optional() }),
    output: z.strictObject({ message: z.string(), data: planState, ended: z.array(endingSubscriptionSchema) }),
  }),
  getTherapistAllPurchasedSubscription: defineAction({
    access: 'owner',
    summary:
      "The clinic's subscriptions (plan and add-ons) with their periods, and the subscription info of the plan card; `endsWithPlan` lists what ending the plan (or cancel-all) would end now, for the confirmation.",
    input: noInput,
    output: z.strictObject({
      data: z.array(subscriptionViewSchema),
      info: z.strictObject({
        isInvoiceFound: z.boolean(),
        trial_end: z.number().nullable(),
        isPaymentCardAdd: z.boolean(),
        proStartsAt: z.number().nullable(),
        endsWithPlan: z.array(endingSubscriptionSchema),
      }),
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
    input: z.strictObject({ returnTo: z.string().max(200).regex(/^\/Abonnement(\/[A-Za-z0-9-]+)?$/).default('/Abonnement') }),
    output: z.strictObject({ message: z.string(), url: z.string() }),
  }),
  updateSubscriptionPaymentMethod: defineAction({
    access: 'owner',
    summary: 'The saved card one subscription draws its renewals on.',
    input: z.strictObject({ id: subscriptionHandle, cardId: z.string().max(200).regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown) }),
    output: messageAnswer,
  }),
  updateAllPaymentMethod: defineAction({
    access: 'owner',
    summary: 'The saved card every active subscription draws its renewals on; `confirmAll` is the required checkbox.',
    input: z.strictObject({
      cardId: z.string().max(200).regex(/^ca_[a-f0-9]{8,64}$/, commerceMessages.cardUnknown),
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
    input: z.strictObject({ invoice: z.string().max(200).regex(/^[A-Za-z0-9_-]{4,120}$/, commerceMessages.invoiceUnknown), customerHandle: z.string().max(40).optional() }),
    output: z.strictObject({ data: z.strictObject({ state: z.enum(TRANSACTION_STATES), ordertext: z.string(), amount: z.number().int(), plan: planState }) }),
  }),
} as const;

/**
 * mf-commerce's typed calls over the client the shell hands to every page, and the query keys the pages share (a
 * change reloads what it affects by these prefixes).
 */
import type { ActionOutput } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import type { AddOnKey } from '@klinik/core/commerce';

export const queryKeys = {
  cards: ['getAllCompanyCustomPaymentCards'] as const,
  subscriptions: ['getTherapistAllPurchasedSubscription'] as const,
  subscription: (id: string) => ['getSubscriptionSettings', id] as const,
  /** Every subscription's settings (a card change touches them all). */
  allSubscriptionSettings: ['getSubscriptionSettings'] as const,
  transactions: (pageToken: string | null) => ['getCustomerAllTransaction', pageToken] as const,
  payment: (invoice: string) => ['registerInvoice', invoice] as const,
  addOns: ['getAllAddOn'] as const,
  oneTimePayment: (invoice: string) => ['singleTimePaymentSuccess', invoice] as const,
};

export type PurchasedSubscriptions = ActionOutput<'getTherapistAllPurchasedSubscription'>;
export type SubscriptionSettings = ActionOutput<'getSubscriptionSettings'>['data'];
export type TransactionPage = ActionOutput<'getCustomerAllTransaction'>;
export type PaymentOnReturn = ActionOutput<'registerInvoice'>['data'];
export type AddOnList = ActionOutput<'getAllAddOn'>;
export type AddOnPurchaseAnswer = ActionOutput<'singleTimePayment'>;

export function commerceApi(client: ActionClient) {
  return {
    startFreeTrial: () => client.call('purchasedFreePlanSubscription', {}),
    buyPro: (cardId: string | null, idempotencyKey: string) => client.call('purchasedProPlanSubscription', { cardId, idempotencyKey }),
    cancelPro: () => client.call('cancelProPlanSubscription', {}),
    cancelAll: () => client.call('cancelTherapistAllSubscription', {}),
    subscriptions: () => client.call('getTherapistAllPurchasedSubscription', {}),
    subscription: async (id: string) => (await client.call('getSubscriptionSettings', { id })).data,
    cards: async () => (await client.call('getAllCompanyCustomPaymentCards', {})).data,
    addCard: (returnTo: string) => client.call('addPaymentMethod', { returnTo }),
    changeCard: (id: string, cardId: string) => client.call('updateSubscriptionPaymentMethod', { id, cardId }),
    changeAllCards: (cardId: string) => client.call('updateAllPaymentMethod', { cardId, confirmAll: true }),
    transactions: (pageToken: string | null) => client.call('getCustomerAllTransaction', pageToken ? { next_page_token: pageToken } : {}),
    payment: async (invoice: string, customerHandle: string | null) =>
      (await client.call('registerInvoice', customerHandle ? { invoice, customerHandle } : { invoice })).data,
    addOns: () => client.call('getAllAddOn', {}),
    buyAddOn: (id: AddOnKey, cardId: string | null, idempotencyKey: string) => client.call('singleTimePayment', { id, cardId, idempotencyKey }),
    subscribeAddOn: (id: AddOnKey, cardId: string | null, idempotencyKey: string) => client.call('createSubscription', { id, cardId, idempotencyKey }),
    cancelAddOn: (id: AddOnKey) => client.call('cancelSubscription', { id }),
    activateFreeAddOn: (id: AddOnKey) => client.call('freeAddOnWithProPlan', { id }),
    deactivateFreeAddOn: (id: AddOnKey) => client.call('cancelFreeAddOnWithProPlan', { id }),
    oneTimePayment: async (invoice: string) => (await client.call('singleTimePaymentSuccess', { invoice })).data,
  };
}

export type CommerceApi = ReturnType<typeof commerceApi>;

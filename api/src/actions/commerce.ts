/** Buying and keeping Pro, cards, subscriptions and transactions (core/src/actions/commerce.ts). Thin. */
import { commerceMessages, type commerceActions } from '@klinik/core';
import { ForbiddenError } from '../errors.js';
import { activateFree, addOnViews, buyOneTime, cancelAddOn, deactivateFree, oneTimeReturn, subscribeAddOn } from '../domain/commerce/addons.js';
import { cancelAll, cancelPro, purchasePro } from '../domain/commerce/plan.js';
import {
  addCard,
  changeAllCards,
  changeSubscriptionCard,
  chargeOnReturn,
  hasSavedCard,
  purchasedSubscriptions,
  savedCards,
  subscriptionSettings,
  transactions,
} from '../domain/commerce/subscriptions.js';
import type { Handlers } from './types.js';

export const commerceHandlers: Handlers<keyof typeof commerceActions> = {
  getAllAddOn: async (_input, ctx) => ({ isAdmin: ctx.isOwner, data: await addOnViews(ctx) }),
  singleTimePayment: (input, ctx) => buyOneTime(ctx, input),
  createSubscription: (input, ctx) => subscribeAddOn(ctx, input),
  async cancelSubscription({ id }, ctx) {
    await cancelAddOn(ctx, id);
    return { message: commerceMessages.addOnCancelled };
  },
  async freeAddOnWithProPlan({ id }, ctx) {
    await activateFree(ctx, id);
    return { message: commerceMessages.addOnActive };
  },
  async cancelFreeAddOnWithProPlan({ id }, ctx) {
    await deactivateFree(ctx, id);
    return { message: commerceMessages.addOnDeactivated };
  },
  singleTimePaymentSuccess: async ({ invoice }, ctx) => ({ data: await oneTimeReturn(ctx, invoice) }),
  purchasedProPlanSubscription: (input, ctx) => purchasePro(ctx, input),
  cancelProPlanSubscription: (_input, ctx) => cancelPro(ctx),
  async cancelTherapistAllSubscription({ therapistId }, ctx) {
    if (therapistId && therapistId !== ctx.therapistId) throw new ForbiddenError('Du kan kun opsige klinikkens egne abonnementer');
    return cancelAll(ctx);
  },
  getTherapistAllPurchasedSubscription: (_input, ctx) => purchasedSubscriptions(ctx),
  getSubscriptionSettings: async ({ id }, ctx) => ({ data: await subscriptionSettings(ctx, id) }),
  getAllCompanyCustomPaymentCards: async (_input, ctx) => ({ data: await savedCards(ctx) }),
  paymentCardAddOrNot: async (_input, ctx) => ({ data: { isPaymentCardAdd: await hasSavedCard(ctx) } }),
  addPaymentMethod: async ({ returnTo }, ctx) => ({ message: commerceMessages.toCheckout, url: await addCard(ctx, returnTo) }),
  async updateSubscriptionPaymentMethod(input, ctx) {
    await changeSubscriptionCard(ctx, input);
    return { message: commerceMessages.cardChanged };
  },
  async updateAllPaymentMethod({ cardId }, ctx) {
    await changeAllCards(ctx, cardId);
    return { message: commerceMessages.cardsChanged };
  },
  getCustomerAllTransaction: ({ next_page_token }, ctx) => transactions(ctx, next_page_token ?? null),
  registerInvoice: async ({ invoice }, ctx) => ({ data: await chargeOnReturn(ctx, invoice) }),
};
